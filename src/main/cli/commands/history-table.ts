import type { EventFilter } from '../../../shared/event-filter';
import type { TimelineSummary } from '../../../shared/events';
import {
  bodyFindingsAsRead,
  damagedWords,
  TIME_UNREADABLE,
  tokenFindingsAsRead,
} from '../../../shared/damaged-record-words';
import {
  bodyVerdictLabel,
  tokenVerdictLabel,
  type FindingsCount,
} from '../../../shared/jwt/token-verdict-meaning';
import { namedOrdersWords } from '../../../shared/named-orders-words';
import { isUnreadRequest, NOT_JUDGED } from '../../../shared/raw-request';
import { filterParts, type FilterPartField } from '../../../shared/event-filter-parts';
import type { ConsoleCore } from '../../app';
import type { CliContext } from '../cli-context';
import { commandCaller, flagsOf } from '../command-caller';
import { formatTable } from '../format-table';
import { maskWith, redactPath } from '../../../shared/secrets/redact-secrets';
import { secretsHere, unopenedWords, wayOutWords } from '../../timeline/record-secrets';
import { whoseWord } from '../../../shared/provenance';
import { terminalSafe } from '../terminal-text';
import { recordStatusWord } from '../../../shared/record-status';
import { FILTER_FLAGS } from './history-filter-flags';
import { historyPages } from './history-pages';

/**
 * `history` as a table: each record's columns in the words the Timeline and History views use,
 * the warnings for what could not be read or masked, and why an empty answer is empty.
 */

/** A token chip's count: its findings' number, or unreadable where their stored list is damaged. */
function tokenFindingsCount(item: TimelineSummary): FindingsCount {
  const findings = tokenFindingsAsRead(item);
  return findings === null || typeof findings === 'string' ? findings : findings.length;
}

const dash = (value: string | number | null) => (value === null ? '-' : String(value));
const clip = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

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

export async function historyTable(
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
