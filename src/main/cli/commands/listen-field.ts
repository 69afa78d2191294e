import { terminalSafe } from '../terminal-text';

/** A field of a record on a listen line: escaped (the sender chose it) and cut if it floods. */
export const listenField = (value: string | number | null): string =>
  value === null ? '-' : terminalSafe(String(value), { maxChars: 200 });
