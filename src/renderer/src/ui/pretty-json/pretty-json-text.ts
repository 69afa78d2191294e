import { parseBoundedJson } from '@shared/bounded-json';

import { findJsonSyntaxError, layOutJsonText } from '@shared/json-text';

/**
 * Pretty JSON that reads back as the text does, value for value; null when laying it out through
 * JSON.parse would change one: it reads `1754.280` as 1754.28, `12345678901234567890` as
 * 12345678901234567000, a name given twice as its last value, `1e2` as 100. A replay's body takes
 * this: it is edited and sent from its own bytes then, never from what a reader made of them.
 * Told by writing the value compactly: only a text that is already that, but for the spaces and
 * line breaks between its tokens, is laid out again.
 */
export function prettyJsonTextKeepingValues(text: string): string | null {
  const read = readForLayout(text);
  return read === null || !read.sameValues ? null : read.pretty();
}

/**
 * Pretty JSON for reading a stored body (the Timeline's Pretty view): every value as written,
 * null only when it is not JSON. A body JSON.parse would read otherwise is laid out token by token
 * (layOutJsonText), so `"amount": 230.00` stays 230.00 and a name given twice shows twice, where
 * Raw only for such bodies hid Pretty from most notifications that write amounts with their
 * decimals. The fast way (JSON.parse, then JSON.stringify) is kept for the rest: the token walk
 * takes 4× as long on 5 MB.
 */
export function prettyJsonTextAsWritten(text: string): string | null {
  const read = readForLayout(text);
  if (read === null) return null;
  if (read.sameValues) return read.pretty();
  // What JSON.parse took but the strict walk does not (a byte-order mark before it) stays Raw.
  return findJsonSyntaxError(text) === undefined ? layOutJsonText(text, 2) : null;
}

function readForLayout(text: string): { sameValues: boolean; pretty: () => string } | null {
  if (text.trim() === '') return null;
  const read = parseBoundedJson(text);
  if (!read.ok) return null;
  const compact = JSON.stringify(read.value);
  return {
    sameValues: compact === text || sameButForLayout(text, compact),
    pretty: () => JSON.stringify(read.value, null, 2),
  };
}

/**
 * Whether `text` is `compact` but for JSON's whitespace between tokens (strings compared as
 * written, escapes and all). Walked side by side, nothing built: a laid-out 5 MB body cut into a
 * slice per space took over a second.
 */
function sameButForLayout(text: string, compact: string): boolean {
  let at = 0;
  let inString = false;
  for (let from = 0; from < text.length; from++) {
    const code = text.charCodeAt(from);
    if (!inString && (code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    if (code !== compact.charCodeAt(at++)) return false;
    if (inString) {
      if (code === 0x5c) {
        // A backslash: the next character is escaped, even a quote.
        if (text.charCodeAt(++from) !== compact.charCodeAt(at++)) return false;
      } else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
  }
  return at === compact.length;
}
