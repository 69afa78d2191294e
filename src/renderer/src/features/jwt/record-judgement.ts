import type { EventTokens } from '@shared/contract/jwt';
import { NOT_JUDGED, RAW_REQUEST_WORDS } from '@shared/raw-request';
import { noTokenInPlacesWords } from '@shared/jwt/no-token-words';
import type { RecordJudgement } from '@shared/jwt/record-judgement';
import type { TokenCheck } from '@shared/webhook-details';
import type { VerdictRef } from './verdict-look';

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
export function noTokenWords(
  tokens: Pick<EventTokens, 'id' | 'damaged' | 'tokens'>,
  judgement: RecordJudgement,
): string {
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
    tokens,
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

/**
 * The chip of the record's own verdict (RecordVerdict), or null where the listener judged none:
 * with the token's findings, so it says `valid · 1 warning` as the record's Timeline row does.
 */
export function recordVerdictRef(judgement: RecordJudgement): VerdictRef | null {
  if (judgement.state !== 'judged') return null;
  return { kind: 'token', verdict: judgement.verdict, findings: judgement.findings };
}
