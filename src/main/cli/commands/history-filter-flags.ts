import type { Command } from 'commander';
import { z } from 'zod';
import {
  searchWords,
  searchWordsLeftOut,
  statusFilterSchema,
  verdictFilter,
  type EventFilter,
  type StatusFilter,
} from '../../../shared/event-filter';
import { BODY_VERDICTS, EVENT_KINDS, TOKEN_VERDICTS, type EventKind } from '../../../shared/events';
import { givenMoreThanOnceWords } from '../../../shared/given-more-than-once';
import type { ConsoleCore } from '../../app';
import { countFlag, type CliContext } from '../cli-context';
import { commandCaller } from '../command-caller';
import { terminalSafe } from '../terminal-text';
import { requireProfile } from './profiles';
import { ConsoleError } from '../../console-error';
import { CommandExit, EXIT_FAILED } from '../cli-errors';
import { noRunWords, notRunNumberWords, runNumberOf } from '../run-number';

/**
 * The timeline's filter as command-line flags, shared by `history` and `export`: the options
 * commander reads, their parsing and refusals, and the filter they make. Kept apart from how
 * `history` prints what the filter finds, so `export` takes the flags without the printing.
 */

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

/** On standard error, the words of `--search` it cannot match (the rest are searched). */
export function noteSearchLeftOut(search: string | undefined, context: CliContext): void {
  const note = search === undefined ? null : searchWordsLeftOut(search);
  if (note !== null) context.io.stderr(`${terminalSafe(note)}\n`);
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
