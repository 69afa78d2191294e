import type { EventTokens } from '@shared/contract/jwt';
import type { TimelineDetail, TokenVerdict } from '@shared/events';
import { isUnreadRequest, NOT_JUDGED, RAW_REQUEST_WORDS } from '@shared/raw-request';
import { noTokenInPlacesWords } from '@shared/jwt/no-token-words';
import { webhookDetailsSchema, type TokenCheck } from '@shared/webhook-details';

/**
 * How the listener judged a record's tokens when it arrived, as it stored the judgement: the
 * inspector's tokens are each judged alone, and a record is judged on both places together (two
 * different valid tokens are `mismatch`; two Authorization headers `malformed`), so the record's
 * own verdict is read from what was stored, never rebuilt from its tokens.
 */
export type RecordJudgement =
  /** Bytes the listener could not read as HTTP: nothing in them was judged. */
  | { state: 'unread'; carriesToken: boolean }
  | { state: 'judged'; verdict: TokenVerdict; reason: string | null }
  /** Not the listener's record of a webhook (a delivery's verdict is in its webhook's record). */
  | { state: 'none' };

export function recordJudgement(
  detail: Pick<
    TimelineDetail,
    'kind' | 'method' | 'tokenVerdict' | 'bodyVerdict' | 'details' | 'secretsMasked'
  >,
): RecordJudgement {
  // secretsMasked: main found a token (or a profile's secret) in the bytes and masked it for the
  // screen, the same finding behind curl's "Its bytes carry a token".
  if (isUnreadRequest(detail)) return { state: 'unread', carriesToken: detail.secretsMasked };
  if (detail.kind !== 'webhook') return { state: 'none' };
  const stored = webhookDetailsSchema.shape.token.safeParse(detail.details['token']);
  if (stored.success) return { state: 'judged', verdict: stored.data.verdict, reason: stored.data.reason };
  return detail.tokenVerdict === null
    ? { state: 'none' }
    : { state: 'judged', verdict: detail.tokenVerdict, reason: null };
}

/** Where a token goes, as the inspector's card names the place. */
export const TOKEN_PLACE: Record<TokenCheck['source'], string> = {
  header: 'Authorization header',
  query: '?serviceToken=',
};

/**
 * The card's last word when neither place held a token to inspect. "This record carried no
 * token" only when that is so: a raw request's bytes may carry one the listener never read, and
 * a place can hold something that is not one token (another scheme, two headers), said beside
 * that place by the listener's own words.
 */
export function noTokenWords(tokens: Pick<EventTokens, 'tokens'>, judgement: RecordJudgement): string {
  if (judgement.state === 'unread')
    return judgement.carriesToken
      ? `This record is ${RAW_REQUEST_WORDS}. Its bytes carry a token, ${NOT_JUDGED}: no Authorization header or ?serviceToken= was read from them, so there is none to inspect here; the bytes are on the timeline, under Request.`
      : `This record is ${RAW_REQUEST_WORDS}; its bytes carry no token.`;
  return noTokenInPlacesWords(
    {
      header: tokens.tokens.find((entry) => entry.source === 'header'),
      query: tokens.tokens.find((entry) => entry.source === 'query'),
    },
    'inspect',
  );
}

/**
 * Why a token's own verdict is not the record's, or null when they agree. The listener judges
 * each place alone, then the record: `mismatch` whatever each token is worth, else the worse of
 * the two places.
 */
export function whyOwnVerdictDiffers(
  judgement: RecordJudgement,
  check: Pick<TokenCheck, 'source' | 'verdict' | 'present'>,
  checks: readonly Pick<TokenCheck, 'source' | 'verdict' | 'present'>[],
): string | null {
  // An absent place has no token to be worth anything alone ("Alone, this token is missing").
  if (judgement.state !== 'judged' || judgement.verdict === check.verdict || !check.present) return null;
  const alone = `Alone, this token is ${check.verdict}`;
  if (judgement.verdict === 'mismatch')
    return `${alone}; the record is mismatch because its ?serviceToken= and Authorization header tokens differ, whatever each is worth alone.`;
  const other = checks.find((candidate) => candidate.source !== check.source);
  if (other?.present === true && other.verdict === judgement.verdict)
    return `${alone}; the record takes the worse of its two places: the ${TOKEN_PLACE[other.source]} is ${other.verdict}.`;
  return `${alone}; the record's verdict, ${judgement.verdict}, judges both places together.`;
}
