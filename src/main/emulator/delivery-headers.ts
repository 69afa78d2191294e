import type { HeaderList } from '../../shared/events';
import { MASK_PREFIX, maskSecret } from '../../shared/profile';

/**
 * The headers of one delivery, as the spec's merchant-side endpoint gets them: Content-Type,
 * the notification token as a bearer value, then, for a delivery to the registered webhook,
 * the headers registered with it (names as typed, in their order). `recorded` is what the
 * delivery's record keeps: every registered value masked (`••••abcd`), as a request's API token
 * is, so the record never holds one in plain text.
 */
export function deliveryHeaders(
  token: string | null,
  registered: HeaderList,
): { sent: HeaderList; recorded: HeaderList } {
  const own: HeaderList = [['content-type', 'application/json']];
  if (token !== null) own.push(['authorization', `Bearer ${token}`]);
  return {
    sent: [...own, ...registered],
    recorded: [
      ...own,
      ...registered.map(([name, value]): [string, string] => [name, maskSecret(value).masked ?? MASK_PREFIX]),
    ],
  };
}
