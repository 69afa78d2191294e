import { parseBoundedJson } from '@shared/bounded-json';

/** Pretty JSON within the bounds every reader keeps; null when the text is not such JSON. */
export function prettyJsonText(text: string): string | null {
  if (text.trim() === '') return null;
  const read = parseBoundedJson(text);
  return read.ok ? JSON.stringify(read.value, null, 2) : null;
}

/**
 * Pretty JSON that reads back as the text does, value for value; null when laying it out again
 * would change one: JSON.parse reads `1754.280` as 1754.28, `12345678901234567890` as
 * 12345678901234567000, a name given twice as its last value, `1e2` as 100. A text to be edited
 * and sent (a replay's body) starts from its own bytes then, never from what a reader made of
 * them. Told by writing the value compactly: only a text that is already that, but for the
 * spaces and line breaks between its tokens, is laid out again.
 */
export function prettyJsonTextKeepingValues(text: string): string | null {
  if (text.trim() === '') return null;
  const read = parseBoundedJson(text);
  if (!read.ok || withoutLayout(text) !== JSON.stringify(read.value)) return null;
  return JSON.stringify(read.value, null, 2);
}

/** JSON's whitespace between tokens left out; strings as written, escapes and all. */
function withoutLayout(text: string): string {
  const kept: string[] = [];
  let from = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (code === 0x5c)
        at++; // a backslash: the next character is escaped, even a quote
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) {
      kept.push(text.slice(from, at));
      from = at + 1;
    }
  }
  kept.push(text.slice(from));
  return kept.join('');
}
