import type { TimelineDetail } from '@shared/events';
import { noTokenInPlacesWords } from '@shared/jwt/no-token-words';
import { findNotificationTokens } from '@shared/webhook/find-notification-tokens';

/**
 * What the Notification token section says of a judged record with no decoded token. It said
 * "No token that could be decoded was sent." of two Authorization headers each carrying a signed
 * JWT, and of one under the scheme Token: true only where a place held a token that does not
 * decode. What each place held is read as the listener read it (find-notification-tokens.ts).
 */
export function undecodedTokenWords(
  detail: Pick<TimelineDetail, 'id' | 'damaged' | 'query' | 'requestHeaders'>,
): string {
  const found = findNotificationTokens(detail.query, detail.requestHeaders);
  if (found.header.token !== null || found.query.token !== null)
    return 'No token that could be decoded was sent.';
  return noTokenInPlacesWords(found, 'decode', detail);
}
