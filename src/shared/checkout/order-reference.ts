/** Unambiguous letters and digits (no 0/O, 1/I/L) for ids people read out. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const pad = (n: number) => String(n).padStart(2, '0');

/** `PREFIX-20261122-035401-7K2P9QXA`: UTC time, then eight random characters from the platform's crypto, so two in the same second still differ. */
function freshReferenceId(prefix: string, now: Date): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  const random = Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length] ?? 'X').join('');
  const date = `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}`;
  const time = `${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}`;
  return `${prefix}-${date}-${time}-${random}`;
}

/** A fresh, unique `order_reference_id`: `ORD-20261122-035401-7K2P9QXA`. */
export function freshOrderReferenceId(now: Date = new Date()): string {
  return freshReferenceId('ORD', now);
}

/**
 * A fresh, unique item `reference_id` (the merchant's unique item id): `ITEM-20261122-035401-7K2P9QXA`,
 * for an item copied from another, which must not keep its id.
 */
export function freshItemReferenceId(now: Date = new Date()): string {
  return freshReferenceId('ITEM', now);
}
