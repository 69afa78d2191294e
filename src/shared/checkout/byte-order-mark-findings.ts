import { BYTE_ORDER_MARK_WORDS, startsWithByteOrderMark } from '../json-byte-order-mark';
import type { RawFinding } from './findings';

const RULE = 'JSON (RFC 8259): text sent between systems must not begin with a byte order mark';

/**
 * A request text that starts with a byte order mark: a warning at the root, in the listener's
 * words (json-byte-order-mark.ts). The text must be decoded with the mark kept, as `validate`'s
 * and the builder's strict UTF-8 reading (utf8-text.ts) and the emulator's body reading do.
 */
export function byteOrderMarkFindings(text: string): RawFinding[] {
  if (!startsWithByteOrderMark(text)) return [];
  return [
    { severity: 'warning', path: [], code: 'byte_order_mark', rule: RULE, message: BYTE_ORDER_MARK_WORDS },
  ];
}
