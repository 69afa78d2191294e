/**
 * The measure of JSON text behind `measureJsonText` (bounded-json.ts), fed in pieces: a history
 * file read as a stream is measured exactly as the same file read whole, so both refuse it in
 * the same words (the deepest nesting, the first string longer than a record's body may be, on
 * the line it opens). Not a syntax check: it only decides whether parsing is safe.
 */

export type JsonMeasureProblem =
  | { kind: 'too_deep'; depth: number; limit: number }
  | { kind: 'string_too_long'; chars: number; limit: number; line: number };

export interface JsonTextMeasure {
  /** The next piece of the text (any cut: inside a string, between a backslash and its quote). */
  feed(piece: string): void;
  /** The first string found too long so far (the scan stops there), else null. */
  stringTooLong(): JsonMeasureProblem | null;
  /** After the last piece: the first string too long, else the nesting past the limit, else null. */
  end(): JsonMeasureProblem | null;
}

export function createJsonTextMeasure(limits: { maxDepth: number; maxStringChars: number }): JsonTextMeasure {
  let depth = 0;
  let deepest = 0;
  let line = 1;
  let inString = false;
  /** Characters of the open string so far, the line it opened on. */
  let stringChars = 0;
  let stringLine = 1;
  /** The open string's text so far ends in an odd run of backslashes: its next quote is escaped. */
  let escaping = false;
  let tooLong: JsonMeasureProblem | null = null;

  const closeString = (chars: number) => {
    inString = false;
    if (chars > limits.maxStringChars)
      tooLong = { kind: 'string_too_long', chars, limit: limits.maxStringChars, line: stringLine };
  };

  /** Scans an open string from `from`; returns where the scan goes on (piece.length: still open). */
  const inStringFrom = (piece: string, from: number): number => {
    let at = from;
    for (;;) {
      const quote = piece.indexOf('"', at);
      if (quote === -1) {
        escaping = oddBackslashesBefore(piece, piece.length, at, escaping);
        stringChars += piece.length - from;
        return piece.length;
      }
      if (oddBackslashesBefore(piece, quote, at, escaping)) {
        escaping = false;
        at = quote + 1;
        continue;
      }
      escaping = false;
      stringChars += quote - from;
      closeString(stringChars);
      return quote + 1;
    }
  };

  return {
    feed(piece) {
      let at = 0;
      while (at < piece.length && tooLong === null) {
        if (inString) {
          at = inStringFrom(piece, at);
          continue;
        }
        const code = piece.charCodeAt(at);
        at++;
        if (code === 34 /* " */) {
          inString = true;
          stringChars = 0;
          stringLine = line;
          escaping = false;
        } else if (code === 123 /* { */ || code === 91 /* [ */) {
          depth++;
          if (depth > deepest) deepest = depth;
        } else if (code === 125 /* } */ || code === 93 /* ] */) {
          depth--;
        } else if (code === 10) {
          line++;
        }
      }
    },
    stringTooLong: () => tooLong,
    end() {
      // A string that never closes runs to the end of the text; counted as the whole-text
      // measure always counted it (one character short), so both say the same size.
      if (inString && tooLong === null) closeString(stringChars - 1);
      if (tooLong !== null) return tooLong;
      return deepest > limits.maxDepth ? { kind: 'too_deep', depth: deepest, limit: limits.maxDepth } : null;
    },
  };
}

/**
 * Whether the backslashes just before `end` (back to `from`, and on before it when `carried`
 * says the text before `from` ended in an odd run) are odd in number.
 */
function oddBackslashesBefore(piece: string, end: number, from: number, carried: boolean): boolean {
  let count = 0;
  let at = end - 1;
  while (at >= from && piece.charCodeAt(at) === 92) {
    count++;
    at--;
  }
  // The run reaches back to where this scan began: the run before it goes on into this one.
  const odd = count % 2 === 1;
  return at < from ? odd !== carried : odd;
}
