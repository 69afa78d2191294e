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
  return new Measure(limits);
}

/**
 * The measure's state and steps. A class, not closures made per measure: the listener measures
 * every webhook's body (issue 20), and the bench runs it under tsx, whose esbuild keeps each
 * closure's name with a call of its own each time one is made.
 */
class Measure implements JsonTextMeasure {
  private depth = 0;
  private deepest = 0;
  private line = 1;
  private inString = false;
  /** Characters of the open string so far, the line it opened on. */
  private stringChars = 0;
  private stringLine = 1;
  /** The open string's text so far ends in an odd run of backslashes: its next quote is escaped. */
  private escaping = false;
  private tooLong: JsonMeasureProblem | null = null;

  constructor(private readonly limits: { maxDepth: number; maxStringChars: number }) {}

  private closeString(chars: number): void {
    this.inString = false;
    if (chars > this.limits.maxStringChars)
      this.tooLong = {
        kind: 'string_too_long',
        chars,
        limit: this.limits.maxStringChars,
        line: this.stringLine,
      };
  }

  /** Scans an open string from `from`; returns where the scan goes on (piece.length: still open). */
  private inStringFrom(piece: string, from: number): number {
    let at = from;
    for (;;) {
      const quote = piece.indexOf('"', at);
      if (quote === -1) {
        this.escaping = oddBackslashesBefore(piece, piece.length, at, this.escaping);
        this.stringChars += piece.length - from;
        return piece.length;
      }
      if (oddBackslashesBefore(piece, quote, at, this.escaping)) {
        this.escaping = false;
        at = quote + 1;
        continue;
      }
      this.escaping = false;
      this.stringChars += quote - from;
      this.closeString(this.stringChars);
      return quote + 1;
    }
  }

  feed(piece: string): void {
    let at = 0;
    while (at < piece.length && this.tooLong === null) {
      if (this.inString) {
        at = this.inStringFrom(piece, at);
        continue;
      }
      const code = piece.charCodeAt(at);
      at++;
      if (code === 34 /* " */) {
        this.inString = true;
        this.stringChars = 0;
        this.stringLine = this.line;
        this.escaping = false;
      } else if (code === 123 /* { */ || code === 91 /* [ */) {
        this.depth++;
        if (this.depth > this.deepest) this.deepest = this.depth;
      } else if (code === 125 /* } */ || code === 93 /* ] */) {
        this.depth--;
      } else if (code === 10) {
        this.line++;
      }
    }
  }

  stringTooLong(): JsonMeasureProblem | null {
    return this.tooLong;
  }

  end(): JsonMeasureProblem | null {
    // A string that never closes runs to the end of the text; counted as the whole-text
    // measure always counted it (one character short), so both say the same size.
    if (this.inString && this.tooLong === null) this.closeString(this.stringChars - 1);
    if (this.tooLong !== null) return this.tooLong;
    return this.deepest > this.limits.maxDepth
      ? { kind: 'too_deep', depth: this.deepest, limit: this.limits.maxDepth }
      : null;
  }
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
