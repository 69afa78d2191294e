import {
  consoleOwnWords,
  leftOutWords,
  type ReplayConsoleOwn,
  type ReplayLeftOut,
} from '../../shared/replay';
import { countOf } from '../../shared/count-words';
import { RAW_REQUEST_WORDS } from '../../shared/raw-request';
import { formatBytes } from '../../shared/byte-size';
import { cutBodyRefusal } from '../../shared/replay-cut-body-words';
import { damagedWords } from '../../shared/damaged-record-words';
import type { EventRow } from '../store/events-repository';
import { readStoredHeaderList, UNREADABLE } from '../store/stored-columns';
import { claimsNotResignable, tokenPlacesRedacted } from './replay-request';
import { ReplayError } from './replay-error';

/** The webhooks a replay refuses to send, each refusal saying which and what to do instead. */

/**
 * A filter that matched webhooks, every one of them left out: said with what it left out,
 * each group by what it is, rather than "nothing matches".
 */
export function refuseOnlyLeftOut(leftOut: ReplayLeftOut, consoleOwn: ReplayConsoleOwn): void {
  const unsendable = leftOut.raw + leftOut.cut > 0;
  const own = consoleOwn.replays + consoleOwn.craftedTokens > 0;
  const cutHint = leftOut.cut > 0 ? ' Edit the body to replay those stored cut.' : '';
  const tickHint = ' To replay one of them, tick it on the timeline.';
  if (unsendable && own)
    throw new ReplayError(
      `No webhook that matches can be replayed: the filter leaves out ${leftOutWords(leftOut)}, not sendable as they came, and the console's own: ${consoleOwnWords(consoleOwn)}.${cutHint}${tickHint}`,
    );
  if (unsendable)
    throw new ReplayError(
      `No webhook that matches can be sent as it came: the filter leaves out ${leftOutWords(leftOut)}.${cutHint}`,
    );
  if (own)
    throw new ReplayError(
      `No webhook but the console's own matches: the filter leaves out ${consoleOwnWords(consoleOwn)}.${tickHint}`,
    );
}

/**
 * A webhook stored cut (over the listener's body limit) holds only the beginning of what came:
 * sent as "the original", it would go out as a different, broken body, judged as if the service
 * had sent that. An edited body is the person's own and may go.
 */
export function refuseCutBodies(rows: readonly EventRow[]): void {
  const cut = rows.filter((row) => row.request_truncated === 1);
  const [first] = cut;
  if (first === undefined) return;
  const kept = first.request_body?.byteLength ?? 0;
  const more = cut.length > 1 ? ` (and ${cut.length - 1} more like it)` : '';
  const cause = `Webhook #${first.id} arrived with ${first.request_size === null ? 'a body of unknown size' : formatBytes(first.request_size)}, but only its first ${formatBytes(kept)} were stored${more}: replayed, it would go out cut.`;
  throw new ReplayError(cutBodyRefusal(cause, 'window'), cutBodyRefusal(cause, 'terminal'));
}

/** How many webhooks a redaction or damage refusal names one by one; the rest are counted. */
const REDACTED_NAMED = 5;

/**
 * A webhook whose stored header list is damaged in the database (not what the console writes,
 * stored-columns.ts) was replayed with the pairs that could still be read, as if they were all it
 * arrived with, and nothing said so. What came is not known, so none is sent: named in the words
 * every reader uses (damaged-record-words.ts), by id or by a filter alike (a filter's run would
 * otherwise leave it out unseen). Its details and body are not read to send, so they hold back nothing.
 */
export function refuseDamagedHeaders(rows: readonly EventRow[]): void {
  const damaged = rows.filter((row) => readStoredHeaderList(row.request_headers) === UNREADABLE);
  const [first, ...others] = damaged;
  if (first === undefined) return;
  const named = others.slice(0, REDACTED_NAMED - 1).map((row) => `#${row.id}`);
  const unnamed = others.length - named.length;
  const more =
    others.length === 0
      ? ''
      : ` (and ${countOf(others.length, 'more webhook')} like it: ${named.join(', ')}${unnamed > 0 ? ` and ${countOf(unnamed, 'other')}` : ''})`;
  throw new ReplayError(
    `${damagedWords(first.id, ['requestHeaders'])}${more}: the headers webhook #${first.id} arrived with are not known, and replayed with those that could be read it would go out as another request than the one that came. Leave it out to replay the others.`,
  );
}

/**
 * A webhook imported from an export without --include-tokens stores REDACTED where its token
 * was: sent Original, `serviceToken=REDACTED` arrived malformed while the view said "the exact
 * token it arrived with"; re-signed, its claims are unknown. Each such webhook is named with
 * where its token was, and the way out said where it is asked (the CLI has no presets).
 */
export function refuseRedactedTokens(rows: readonly EventRow[]): void {
  const redacted = rows.flatMap((row) => {
    const places = tokenPlacesRedacted(row);
    return places.length === 0 ? [] : [{ id: row.id, where: `its ${places.join(' and its ')}` }];
  });
  const [first, ...others] = redacted;
  if (first === undefined) return;
  const named = others.slice(0, REDACTED_NAMED - 1).map(({ id, where }) => `webhook #${id}'s (${where})`);
  const unnamed = others.length - named.length;
  const list = [...named, ...(unnamed > 0 ? [countOf(unnamed, 'more webhook')] : [])];
  const soWere =
    list.length === 0
      ? ''
      : `; so ${others.length === 1 ? 'was' : 'were'} ${list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`}`;
  const cause = `Webhook #${first.id}'s token (${first.where}) was redacted at export: it is stored as the placeholder REDACTED, not the token it arrived with${soWere}. Sent as it is stored, each replay would arrive malformed, and a token whose claims are unknown cannot be re-signed.`;
  throw new ReplayError(
    `${cause} Replay with the token Removed, or a Crafted preset.`,
    `${cause} Replay with --token none.`,
  );
}

/**
 * Re-signed keeps a token's claims with fresh times: a token whose claims cannot be read has
 * none to keep, and signed from nothing it went out as one the webhook never carried, unsaid;
 * claims that writing anew would change (`1e999` as null) went out changed, unsaid too.
 */
export function refuseClaimsNotResignable(rows: readonly EventRow[]): void {
  let first: string | null = null;
  let more = 0;
  for (const row of rows) {
    const why = claimsNotResignable(row);
    if (why === null) continue;
    if (first === null) first = why;
    else more += 1;
  }
  if (first === null) return;
  throw new ReplayError(
    more === 0
      ? first
      : `${first} ${countOf(more, 'more webhook')} of this replay ${more === 1 ? 'holds' : 'hold'} one too.`,
  );
}

/**
 * A webhook stored as raw bytes (the listener could not read a request from them) has no method
 * and no target: replayed, it went out as a made-up `POST /` carrying the request line and
 * headers as its body, judged as if the service had sent that. An edited body does not make it
 * a request either.
 */
export function refuseRawRequests(rows: readonly EventRow[]): void {
  const raw = rows.filter((row) => row.method === null);
  const [first] = raw;
  if (first === undefined) return;
  const more = raw.length > 1 ? ` (and ${raw.length - 1} more like it)` : '';
  throw new ReplayError(
    `Webhook #${first.id} is ${RAW_REQUEST_WORDS}${more}: there is no request to replay, and sent as the body of a made-up POST its bytes would be another request than the one that came. Leave it out; curl on it says how to send its bytes to the listener again.`,
  );
}
