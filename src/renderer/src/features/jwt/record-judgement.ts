import type { EventTokens, JwtVerification } from '@shared/contract/jwt';
import type { TokenVerdict } from '@shared/events';
import { IMPORTED_VERDICT_IS } from '@shared/jwt/imported-verdict-words';
import { tokenRecordName } from '@shared/jwt/token-record-words';
import { TOKEN_VERDICT_MEANING } from '@shared/jwt/token-verdict-meaning';
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
  return {
    kind: 'token',
    verdict: judgement.verdict,
    findings: judgement.findings,
    imported: judgement.imported,
  };
}

/**
 * The words over the record's verdict (RecordVerdict). An imported record's verdict is the
 * file's word: "as the listener judged it on arrival" stood over a "valid" no listener of this
 * console ever gave, above this console's own check saying invalid_signature.
 */
export function recordVerdictCaption(
  tokens: Pick<EventTokens, 'id' | 'kind'>,
  judgement: RecordJudgement,
): string {
  const name = tokenRecordName(tokens);
  const named = name.charAt(0).toUpperCase() + name.slice(1);
  return judgement.state === 'judged' && judgement.imported
    ? `${named}, as the file it was imported from gives its verdict (both places together): ${IMPORTED_VERDICT_IS}.`
    : `${named}, as the listener judged it on arrival (both places together):`;
}

/**
 * The sentence beside the record's verdict chip: the listener's stored reason, else what the word
 * means. Of an imported verdict without a reason, the meaning is the word's, said as such: "HS256,
 * signed with the notification token…" alone read as a finding about this token.
 */
export function recordVerdictReason(judgement: Extract<RecordJudgement, { state: 'judged' }>): string {
  if (judgement.reason !== null)
    return judgement.imported ? `The file's reason: ${judgement.reason}` : judgement.reason;
  const meaning = TOKEN_VERDICT_MEANING[judgement.verdict];
  return judgement.imported ? `What the file's ${judgement.verdict} means: ${meaning}` : meaning;
}

/** Verdicts that depend on the moment a token is checked at. */
const TIME_VERDICTS: readonly TokenVerdict[] = ['expired', 'not_yet_valid'];

/**
 * Why this console's own check of an imported record's token, now, is not the file's verdict, or
 * null when they agree (or the verdict is the listener's: whyOwnVerdictDiffers says those). A
 * `mismatch` is of both places together, which no check of one token can contradict.
 */
export function whyCheckNowDiffers(
  judgement: RecordJudgement,
  now: Pick<JwtVerification, 'verdict' | 'reason' | 'against'>,
): string | null {
  if (judgement.state !== 'judged' || !judgement.imported) return null;
  if (judgement.verdict === now.verdict || judgement.verdict === 'mismatch') return null;
  const said = `The file says ${judgement.verdict}; this console's own check, against ${now.against}, says ${now.verdict}: ${now.reason}`;
  if (TIME_VERDICTS.includes(now.verdict))
    return `${said} Its time claims are judged here at the inspector's clock, not when it arrived where the file was made.`;
  if (now.verdict === 'no_secret') return `${said} So this console cannot check the file's verdict.`;
  return `${said} So the file's verdict was not made by this console with that key.`;
}
