/**
 * Where a long text is cut for drawing. The browser lays a text block out whole before it can
 * paint a line of it, so a 5 MB body drawn at once held the page for seconds on every tab that
 * showed it; these cuts let a view draw the start of it, and the rest in pieces it can skip.
 */

/** Characters of a text drawn before anyone asks for all of it. */
export const FIRST_PART_CHARS = 64 * 1024;

/** Characters in each piece of a text drawn whole (each laid out only once scrolled near). */
export const PIECE_CHARS = 16 * 1024;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * Where to end a part of `text` that starts at `start` and holds at most `limit` characters:
 * just after the last line end in its second half when there is one (a part ends with a whole
 * line), never between the two halves of a surrogate pair.
 */
export function partEnd(text: string, start: number, limit: number): number {
  if (text.length - start <= limit) return text.length;
  const lineEnd = text.lastIndexOf('\n', start + limit - 1);
  if (lineEnd >= start + limit / 2) return lineEnd + 1;
  const end = start + limit;
  return isHighSurrogate(text.charCodeAt(end - 1)) ? end - 1 : end;
}

/** The text in pieces of at most `size` characters that join back into it exactly. */
export function textPieces(text: string, size: number = PIECE_CHARS): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length;) {
    const end = partEnd(text, start, size);
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}
