import { damagedWords } from '../damaged-record-words';
import type { DamagedField } from '../events';

/**
 * Why a judged record has no token to inspect or decode, place by place, from what each place
 * held (find-notification-tokens.ts). "Carried no token" only when neither place held anything: a
 * header of another scheme or two headers may each carry a signed JWT, which the listener does
 * not judge as the notification token (the spec sends one Bearer header), and the Timeline said
 * "No token that could be decoded was sent." of two such headers. The place's own reason is said
 * above these words (the record's verdict, its row), so it is not repeated here. A place whose
 * stored column is damaged reads as empty, so of it nothing is known: the Timeline said "This
 * record carried no token." under a Token verdict of valid.
 */
/** The stored columns a notification token is read from. */
const TOKEN_COLUMNS: readonly DamagedField[] = ['requestHeaders', 'query'];

export function noTokenInPlacesWords(
  found: { header?: { problem: string | null } | undefined; query?: { problem: string | null } | undefined },
  verb: 'inspect' | 'decode',
  record: { id: number; damaged?: readonly DamagedField[] | undefined },
): string {
  const unread = (record.damaged ?? []).filter((field) => TOKEN_COLUMNS.includes(field));
  if (unread.length > 0)
    return `No token to ${verb}: ${damagedWords(record.id, unread)}, so which token it carried is not known.`;
  const header = found.header?.problem ?? null;
  const query = found.query?.problem ?? null;
  if (header === null && query === null) return 'This record carried no token.';
  const said = [
    header === null
      ? 'there was no Authorization header'
      : 'the Authorization header carried no single Bearer token (said above), so nothing in it was judged as the notification token',
    query === null ? '?serviceToken= was absent' : '?serviceToken= held no single token (said above)',
  ];
  return `No token to ${verb}: ${said.join(', and ')}.`;
}
