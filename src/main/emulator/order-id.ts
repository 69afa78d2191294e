import { randomHex } from '../random-hex';

const VARIANT_DIGITS = '89ab';
const TWO_TO_32 = 2 ** 32;

/** The last count handed out: the clock in milliseconds, or one more than the last when ahead of it. */
let lastCount = 0;

/**
 * A new emulator order id, shaped as the service's (a version 4 UUID: 8-4-4-4-12 hex digits,
 * version 4, variant 8–b) but ordered: its first 8 digits count up, from the clock in
 * milliseconds (modulo 2³², so about every 50 days they start again from 0), one more for each
 * order when several come in the same millisecond. So each new order lands at the right edge of
 * the `emulator_orders` primary key instead of on a random page of it, one page a commit
 * instead of one an order (issue 20). The first 8 digits are also what the timeline shows for
 * an order: they differ from one order to the next, which a UUID version 7's time prefix, shared
 * for a minute, did not. The other 90 bits are random from the CSPRNG, so ids of two processes
 * counting at once still never meet.
 */
export function newOrderId(nowMs: number = Date.now()): string {
  lastCount = Math.max(lastCount + 1, nowMs);
  const head = (lastCount % TWO_TO_32).toString(16).padStart(8, '0');
  const random = randomHex(12);
  const variant = VARIANT_DIGITS[Number.parseInt(random.charAt(7), 16) & 3] ?? '8';
  return `${head}-${random.slice(0, 4)}-4${random.slice(4, 7)}-${variant}${random.slice(8, 11)}-${random.slice(11, 23)}`;
}

/** A UUID in the 8-4-4-4-12 form, its hex digits in either case. */
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An order id as a merchant gave it (in a path or a body), as the emulator stores it: a UUID's
 * hex digits in lower case, the form newOrderId makes. The spec says only "string (UUID)", and
 * RFC 4122 reads a UUID's hex digits in either case on input, so a client that stored the id in
 * capitals still names the order, and a path and a body that differ only in case name the same
 * one. Any other text is kept as it is: no order has it, and the 404 quotes it unchanged.
 */
export function canonicalOrderId(given: string): string {
  return UUID_TEXT.test(given) ? given.toLowerCase() : given;
}
