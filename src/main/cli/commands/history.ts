import type { Command } from 'commander';
import { z } from 'zod';
import {
  EVENT_PAGE_MAX,
  searchWords,
  searchWordsLeftOut,
  statusFilterSchema,
  verdictFilter,
  type EventFilter,
  type StatusFilter,
} from '../../../shared/event-filter';
import {
  BODY_VERDICTS,
  EVENT_KINDS,
  TOKEN_VERDICTS,
  type EventKind,
  type TimelineSummary,
} from '../../../shared/events';
import {
  bodyFindingsAsRead,
  damagedWords,
  TIME_UNREADABLE,
  tokenFindingsAsRead,
} from '../../../shared/damaged-record-words';
import { givenMoreThanOnceWords } from '../../../shared/given-more-than-once';
import {
  bodyVerdictLabel,
  tokenVerdictLabel,
  type FindingsCount,
} from '../../../shared/jwt/token-verdict-meaning';
import { namedOrdersWords } from '../../../shared/named-orders-words';
import { isUnreadRequest, NOT_JUDGED } from '../../../shared/raw-request';
import { filterParts, type FilterPartField } from '../../../shared/event-filter-parts';
import type { ConsoleCore } from '../../app';
import { countFlag, parseFlags, type CliContext, withExistingConsole } from '../cli-context';
import { commandCaller, flagsOf } from '../command-caller';
import { formatTable } from '../format-table';
import { maskWith, redactPath } from '../../../shared/secrets/redact-secrets';
import { secretsHere, unopenedWords, wayOutWords } from '../../timeline/record-secrets';
import { whoseWord } from '../../../shared/provenance';
import { terminalSafe, terminalSafeJson } from '../terminal-text';
import { recordStatusWord } from '../../../shared/record-status';
import { requireProfile } from './profiles';
import { ConsoleError } from '../../console-error';
import { CommandExit, EXIT_FAILED } from '../cli-errors';
import { noRunWords, notRunNumberWords, runNumberOf } from '../run-number';

export const HISTORY_DEFAULT_LIMIT = 50;
export const HISTORY_MAX_LIMIT = 100_000;

/**
 * Repeatable flags also take comma lists: `--kind webhook --kind replay` = `--kind webhook,replay`.
 * A value that names nothing (`--kind=`, `--status ,`) is refused, as `--order=` is: read as no
 * words, it silently meant "no filter", and `export --kind=` exported everything.
 */
const wordList = z
  .array(z.string())
  .default([])
  .transform((values, context) => {
    const words = values.map((value) =>
      value
        .split(',')
        .map((word) => word.trim())
        .filter((word) => word !== ''),
    );
    if (words.some((named) => named.length === 0))
      context.addIssue({ code: 'custom', message: 'must not be empty' });
    return words.flat();
  });

/**
 * A filter flag that takes one value, collected so that a second is refused naming the flag:
 * commander keeps the last one given, so `--event a --event b` listed b's records where the
 * Timeline's link `event=a&event=b` listed a's. The link names it and applies neither.
 */
const oneValueFlag = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((given, context) => {
    const values = typeof given === 'string' ? [given] : (given ?? []);
    if (values.length > 1) context.addIssue({ code: 'custom', message: givenMoreThanOnceWords(values) });
    return values[0];
  });

export const historyFlags = z.object({
  json: z.boolean().default(false),
  kind: wordList.pipe(
    z.array(
      z.enum(EVENT_KINDS, {
        error: (issue) => `unknown kind ${JSON.stringify(issue.input)}; use ${EVENT_KINDS.join(', ')}`,
      }),
    ),
  ),
  // Read as text here; the contract's filter schema judges them, named as these flags.
  order: oneValueFlag,
  event: oneValueFlag,
  verdict: wordList.superRefine((words, context) => {
    for (const word of words) {
      if (verdictFilter(word) === null) {
        context.addIssue({
          code: 'custom',
          message: `unknown verdict "${word}"; token verdicts: ${TOKEN_VERDICTS.join(', ')}; body verdicts: ${BODY_VERDICTS.join(', ')}`,
        });
      }
    }
  }),
  status: wordList.transform((words, context) =>
    words.map((word): StatusFilter => {
      const parsed = statusFilterSchema.safeParse(/^\d+$/.test(word) ? Number(word) : word);
      if (parsed.success) return parsed.data;
      context.addIssue({
        code: 'custom',
        message: `"${word}" is not a status; use a code such as 404 or a class: 1xx, 2xx, 3xx, 4xx, 5xx, none, unanswered`,
      });
      return 'none';
    }),
  ),
  // A search of no word the index can match is refused: "No matching records." said nothing of
  // why. So is an empty one, which silently meant "no search".
  search: oneValueFlag.superRefine((text, context) => {
    if (text === undefined || searchWords(text).searched.length > 0) return;
    context.addIssue({
      code: 'custom',
      message:
        text.trim() === '' ? 'must not be empty' : (searchWordsLeftOut(text) ?? 'nothing to search for'),
    });
  }),
  profile: oneValueFlag.pipe(z.string().trim().min(1, 'must name a profile').optional()),
  run: oneValueFlag.transform((text, context) => {
    if (text === undefined) return undefined;
    const number = runNumberOf(text);
    if (number === null) context.addIssue({ code: 'custom', message: notRunNumberWords(text) });
    return number ?? undefined;
  }),
  limit: countFlag(HISTORY_MAX_LIMIT).default(HISTORY_DEFAULT_LIMIT),
});
type HistoryFlags = z.output<typeof historyFlags>;

/** Which flag sets each field of a contract command's filter, so its errors name the flag. */
export const FILTER_FLAGS = {
  'filter.kinds': '--kind',
  'filter.orderId': '--order',
  'filter.eventType': '--event',
  'filter.tokenVerdicts': '--verdict',
  'filter.bodyVerdicts': '--verdict',
  'filter.statuses': '--status',
  'filter.text': '--search',
  'filter.profileId': '--profile',
  'filter.profileName': '--profile',
  'filter.scenarioRun': '--run',
};

/**
 * The profile part of a filter for `--profile <name>`: the profile of that name, or, where no
 * profile has it now (removed, or renamed since), the records that still carry it, said on
 * standard error. A name no profile has and no record carries is refused, naming the profiles.
 */
export function profileFilterOf(
  core: ConsoleCore,
  context: CliContext,
  name: string | undefined,
): Pick<EventFilter, 'profileId' | 'profileName'> {
  if (name === undefined) return {};
  const profile = core.profiles.findByName(name);
  if (profile !== undefined) return { profileId: profile.id };
  if (core.eventsQuery.count({ profileName: name }) === 0) requireProfile(core.profiles, name);
  context.io.stderr(
    `No profile is named "${terminalSafe(name)}" now; showing the records that carry the name.\n`,
  );
  return { profileName: name };
}

/** A run number no stored run has is refused, as `runs <number>` refuses it: its records would be none. */
export async function requireRun(core: ConsoleCore, context: CliContext, run: number | undefined) {
  if (run === undefined) return;
  try {
    await commandCaller(core.dispatcher)('getScenarioRun', { id: run });
  } catch (error) {
    if (!(error instanceof ConsoleError) || error.code !== 'not_found') throw error;
    context.io.stderr(`${noRunWords(run)}\n`);
    throw new CommandExit(EXIT_FAILED);
  }
}

/** The timeline filter the flags ask for, unchecked: the contract's schema judges it. */
export function filterFromHistoryFlags(
  flags: HistoryFlags,
  profile: Pick<EventFilter, 'profileId' | 'profileName'>,
): EventFilter {
  const draft: EventFilter = { ...profile };
  if (flags.kind.length > 0) draft.kinds = [...new Set<EventKind>(flags.kind)];
  if (flags.order !== undefined) draft.orderId = flags.order;
  if (flags.event !== undefined) draft.eventType = flags.event;
  for (const word of flags.verdict) {
    const mapped = verdictFilter(word);
    if (mapped?.tokenVerdicts !== undefined)
      draft.tokenVerdicts = [...(draft.tokenVerdicts ?? []), ...mapped.tokenVerdicts];
    if (mapped?.bodyVerdicts !== undefined)
      draft.bodyVerdicts = [...(draft.bodyVerdicts ?? []), ...mapped.bodyVerdicts];
  }
  if (flags.status.length > 0) draft.statuses = flags.status;
  if (flags.search !== undefined && flags.search.trim() !== '') draft.text = flags.search;
  if (flags.run !== undefined) draft.scenarioRun = flags.run;
  return draft;
}

// A record of `history --json` is derived from the events columns' one declaration
// (store/event-columns.ts): which columns it shows, under which key, read how; its secrets, sizes
// and findings are the export's (history/history-record.ts).
export type { HistoryJsonRecord as HistoryRecord } from '../../history/history-record';

/** A token chip's count: its findings' number, or unreadable where their stored list is damaged. */
function tokenFindingsCount(item: TimelineSummary): FindingsCount {
  const findings = tokenFindingsAsRead(item);
  return findings === null || typeof findings === 'string' ? findings : findings.length;
}

const dash = (value: string | number | null) => (value === null ? '-' : String(value));
const clip = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

/**
 * The filter's records, the last stored first, up to `limit`, paged through the timeline's own command
 * as the Timeline view pages it: one validation, one set of limits and errors, named as flags.
 */
async function* historyPages(core: ConsoleCore, filter: EventFilter, limit: number, whole: boolean) {
  const call = commandCaller(core.dispatcher, flagsOf(FILTER_FLAGS));
  let beforeId: number | undefined;
  for (let left = limit; left > 0;) {
    const page = await call('listEvents', {
      filter,
      ...(beforeId === undefined ? {} : { beforeId }),
      limit: Math.min(EVENT_PAGE_MAX, left),
      whole,
    });
    yield page;
    left -= page.items.length;
    if (page.nextCursor === null) return;
    beforeId = page.nextCursor;
  }
}

/**
 * The flag that sets each part of a filter (filterParts), to name it as it was typed. The last
 * four are the views' (a link's `related`, `ids`, `imported`, `from`/`to`): no flag sets them.
 */
const PART_FLAGS: Record<FilterPartField, string> = {
  kinds: '--kind',
  profileId: '--profile',
  orderId: '--order',
  eventType: '--event',
  tokenVerdicts: '--verdict',
  bodyVerdicts: '--verdict',
  statuses: '--status',
  text: '--search',
  relatedId: '--related',
  ids: '--ids',
  imported: '--imported',
  scenarioRun: '--run',
  time: '--time',
};

/**
 * "No matching records.", and when several filters were given, how many each matches alone:
 * they combine with AND, and an empty answer said nothing of which of them emptied it.
 */
async function noMatchWords(core: ConsoleCore, filter: EventFilter, profileName?: string): Promise<string> {
  const parts = filterParts(filter);
  if (parts.length < 2) return 'No matching records.\n';
  const call = commandCaller(core.dispatcher, flagsOf(FILTER_FLAGS));
  const alone: string[] = [];
  for (const part of parts) {
    const { count } = await call('countEvents', { filter: part.filter });
    const words = part.field === 'profileId' && profileName !== undefined ? profileName : part.words;
    alone.push(`${PART_FLAGS[part.field]} ${terminalSafe(words)} matches ${count.toLocaleString('en-US')}`);
  }
  return `No matching records: the filters match none together. Alone, ${alone.join(', ')}.\n`;
}

async function historyTable(
  core: ConsoleCore,
  context: CliContext,
  filter: EventFilter,
  limit: number,
  profileName?: string,
): Promise<string> {
  // A list masks the tokens a path carries; a profile's token typed into one only main knows.
  // One this process cannot open is named on standard error: the list shows no body, and a
  // path echoing a token is unheard of, so the list answers rather than fail.
  const { secrets, unopened } = secretsHere(core.profiles);
  const rows: string[][] = [];
  const damaged: string[] = [];
  for await (const page of historyPages(core, filter, limit, false)) {
    for (const item of page.items) {
      if (item.damaged !== undefined) damaged.push(damagedWords(item.id, item.damaged));
      // Bytes the listener could not read as HTTP: not judged, said so (never `-  -`).
      const unread = isUnreadRequest(item);
      rows.push([
        String(item.id),
        item.damaged?.includes('at') === true ? TIME_UNREADABLE : item.at,
        item.kind,
        // Whose doing it was: an imported or crafted webhook otherwise read as the service's own,
        // and one whose token did not verify (anyone can post to the listener) is `unverified`;
        // whoseWord's, as `orders show`'s: a column of its own says whose whatever KIND says (an
        // exact replay read `replay  console` and its arrival `webhook  console: replay`).
        whoseWord(item),
        dash(item.method),
        // Masked as every URL is: in any percent-encoding, a token in the query by meaning.
        clip(dash(item.path === null ? null : redactPath(item.path, secrets, maskWith)), 40),
        // The Timeline's word: a delivery the emulator dropped is `not sent`, never `failed`.
        recordStatusWord(item, '-'),
        unread
          ? NOT_JUDGED
          : item.tokenVerdict === null
            ? '-'
            : tokenVerdictLabel(item.tokenVerdict, tokenFindingsCount(item)),
        unread
          ? NOT_JUDGED
          : item.bodyVerdict === null
            ? '-'
            : bodyVerdictLabel(item.bodyVerdict, bodyFindingsAsRead(item)),
        dash(item.eventType),
        // As the History view says it: the order filed under, then another the body names.
        [dash(item.orderId), namedOrdersWords(item).mark, item.firstNamedOrderId]
          .filter((part) => part !== null)
          .join(' '),
      ]);
    }
  }
  // Listed all the same; what could not be read of each is named (docs/data-safety.md).
  for (const words of damaged) context.io.stderr(`warning: ${terminalSafe(words)}.\n`);
  if (unopened.length > 0)
    context.io.stderr(
      `${terminalSafe(`Note: ${unopened.length === 1 ? 'a secret' : `${unopened.length} secrets`} of this data directory cannot be opened by this process, and cannot be masked where a path echoes ${unopened.length === 1 ? 'it' : 'them'}: ${unopenedWords(unopened)}. ${wayOutWords(unopened)}`)}\n`,
    );
  if (rows.length === 0) return noMatchWords(core, filter, profileName);
  return formatTable(
    ['ID', 'AT', 'KIND', 'WHOSE', 'METHOD', 'PATH', 'STATUS', 'TOKEN', 'BODY', 'EVENT', 'ORDER'],
    rows,
  );
}

/**
 * Whole records (bodies included), which the timeline's command gives the command line only,
 * written a page at a time: the same text as JSON.stringify(records, null, 2), never held whole
 * (`--limit 100000` held every record and then the text, 605–914 MB at its peak). Nothing is
 * written before the first page is read, so a refused filter prints its error alone.
 */
async function writeHistoryJson(
  core: ConsoleCore,
  filter: EventFilter,
  limit: number,
  write: (text: string) => void,
): Promise<void> {
  let written = 0;
  for await (const page of historyPages(core, filter, limit, true)) {
    const records = page.records ?? [];
    if (records.length === 0) continue;
    // Each record as it sits in the pretty-printed array: one level deeper, after "[" or ",".
    const text = records
      .map((record) => `  ${JSON.stringify(record, null, 2).replace(/\n/g, '\n  ')}`)
      .join(',\n');
    write(terminalSafeJson(`${written === 0 ? '[\n' : ',\n'}${text}`));
    written += records.length;
  }
  write(written === 0 ? '[]\n' : '\n]\n');
}

/** On standard error, the words of `--search` it cannot match (the rest are searched). */
export function noteSearchLeftOut(search: string | undefined, context: CliContext): void {
  const note = search === undefined ? null : searchWordsLeftOut(search);
  if (note !== null) context.io.stderr(`${terminalSafe(note)}\n`);
}

/** `history`: stored records, the last stored first, as a table or as JSON. */
export async function runHistory(rawFlags: unknown, context: CliContext): Promise<void> {
  const flags = parseFlags(historyFlags, rawFlags);
  noteSearchLeftOut(flags.search, context);
  const output = await withExistingConsole(context, async (core) => {
    const filter = filterFromHistoryFlags(flags, profileFilterOf(core, context, flags.profile));
    await requireRun(core, context, flags.run);
    if (!flags.json) return historyTable(core, context, filter, flags.limit, flags.profile);
    await writeHistoryJson(core, filter, flags.limit, context.io.stdout);
    return null;
  });
  if (output !== null) context.io.stdout(output);
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/**
 * The timeline's filters as flags (history, export). A token verdict and a body verdict in
 * `--verdict` are two fields of the one filter, as the Timeline's Verdict box fills them, and
 * every field narrows (shared/event-filter.ts): the help says both are then required.
 */
export function withFilterOptions(command: Command): Command {
  return command
    .option(
      '--kind <kind>',
      `only these kinds (${EVENT_KINDS.join(', ')}); repeatable or a comma list`,
      collect,
    )
    .option('--order <id>', 'only records of this order id', collect)
    .option('--event <type>', 'only this event type, e.g. order_captured', collect)
    .option(
      '--verdict <verdict>',
      'only these token or body verdicts; repeatable or a comma list (a record needs one of the token verdicts given and one of the body verdicts given)',
      collect,
    )
    .option(
      '--status <status>',
      'only these statuses (404) or classes (4xx, none, unanswered); repeatable or a comma list',
      collect,
    )
    .option(
      '--search <text>',
      'free text over ids, paths and bodies (all words; the last one as a prefix)',
      collect,
    )
    .option(
      '--profile <name>',
      "only records that carry this profile name, the name each record was stored under (its detail and export say it): a renamed profile's older records keep the old name, and a removed profile's records are found by theirs",
      collect,
    )
    .option(
      '--run <number>',
      "only the records a stored scenario run's steps wrote (its requests and the notifications it sent; not what the listener received meanwhile), by its number as `runs` lists it",
    );
}

export function registerHistory(program: Command, context: CliContext): void {
  withFilterOptions(
    program
      .command('history')
      // The order of storing, as the Timeline pages: an import's records are stored when imported,
      // whatever their time, and ordering every match by time costs a sort of all of them.
      .description(
        'Stored webhooks, requests, deliveries, forwards and replays, the last stored first (an import’s records when imported, whatever their time)',
      )
      .option(
        '--json',
        'a JSON array of records (status_word as STATUS says it; body as text, or body_base64 when it is not UTF-8)',
      ),
  )
    .option('--limit <n>', `at most this many records (default ${HISTORY_DEFAULT_LIMIT})`)
    .action((flags: unknown) => runHistory(flags, context));
}
