/**
 * How long a text is, as the spec's limits mean it: in characters (Unicode code points), not
 * in the UTF-16 code units JavaScript's `length` counts. An emoji such as 😀 is one character
 * here and two units in `length`; 255 emoji fit a 255-character name. Combining sequences
 * (a flag, a family emoji) count each code point, as JSON Schema's `maxLength` does.
 */
export function characterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}
