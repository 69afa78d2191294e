/**
 * JSON.parse with a position people can use: where the text breaks (offset, line, column) and
 * why. Engines word and place their errors differently (Node 20 often gives no position at
 * all), so on failure a small scanner finds the first error itself. The CLI reports it; the
 * builder's raw editor can mark it.
 */
export type JsonTextResult =
  { ok: true; value: unknown } | { ok: false; message: string; offset: number; line: number; column: number };

export interface JsonSyntaxError {
  offset: number;
  message: string;
}

/** 1-based line and column of an offset (columns count UTF-16 code units, as editors do). */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++)
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  return { line, column: offset - lineStart + 1 };
}

export function parseJsonText(input: string): JsonTextResult {
  // A byte-order mark is not JSON, but editors on Windows write one; positions ignore it.
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const found = jsonSyntaxErrorOf(text, error);
    return { ok: false, message: found.message, offset: found.offset, ...lineAndColumn(text, found.offset) };
  }
}

/**
 * Where and why a text JSON.parse refused breaks, in words that quote no more of it than one
 * character. V8's own quote up to ten characters either side (`Unexpected token 't',
 * "ntokSECRETz"... is not valid JSON`): a piece of whatever the text held, cut where no mask
 * finds it, so a stored finding or an answer showed the start of a token the body echoed.
 */
export function jsonSyntaxErrorOf(text: string, error: unknown): JsonSyntaxError {
  return (
    findJsonSyntaxError(text) ?? {
      offset: 0,
      message:
        error instanceof Error
          ? error.message.replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, '')
          : 'Invalid JSON',
    }
  );
}

/** The same, as one phrase: `Unexpected 'n': expected a value at line 1, column 5`. */
export function jsonSyntaxWords(text: string, error: unknown): string {
  const found = jsonSyntaxErrorOf(text, error);
  const { line, column } = lineAndColumn(text, found.offset);
  return `${found.message} at line ${line}, column ${column}`;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

/** A character as a message names it: invisible ones (a byte-order mark, a control character) by code point. */
const describeChar = (c: string) =>
  c === '\n'
    ? 'a line break'
    : c === '\uFEFF'
      ? 'a byte-order mark (U+FEFF)'
      : /[\p{C}\p{Z}]/u.test(c) && c !== ' '
        ? `U+${c.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0') ?? ''}`
        : `'${c}'`;

function scanString(text: string, start: number): JsonSyntaxError | number {
  let i = start + 1;
  while (i < text.length) {
    const c = text.charAt(i);
    if (c === '"') return i + 1;
    if (c === '\\') {
      const next = text.charAt(i + 1);
      if (next === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
          return { offset: i, message: 'Invalid \\u escape: expected four hex digits' };
        i += 6;
        continue;
      }
      if (!'"\\/bfnrt'.includes(next) || next === '')
        return { offset: i, message: `Invalid escape \\${next} in a string` };
      i += 2;
      continue;
    }
    if (c.charCodeAt(0) < 0x20)
      return { offset: i, message: `${c === '\n' ? 'A line break' : 'A control character'} inside a string` };
    i++;
  }
  return { offset: start, message: 'Unterminated string' };
}

type Expect =
  'value' | 'value-or-close' | 'value-after-comma' | 'key-or-close' | 'key' | 'colon' | 'comma-or-close';

/** The first syntax error of a text, or undefined when it is valid JSON. Iterative: any depth. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const stack: ('{' | '[')[] = [];
  let expect: Expect = 'value';
  let i = 0;
  for (;;) {
    while (i < text.length && WHITESPACE.has(text.charAt(i))) i++;
    if (i >= text.length) {
      if (stack.length === 0 && expect === 'comma-or-close') return undefined;
      const open = stack[stack.length - 1];
      return {
        offset: i,
        message:
          open === undefined
            ? 'Unexpected end of input: expected a value'
            : `Unexpected end of input: ${open === '{' ? 'an object' : 'an array'} is not closed`,
      };
    }
    const c = text.charAt(i);
    const top = stack[stack.length - 1];
    if (expect === 'comma-or-close') {
      if (top === undefined)
        return { offset: i, message: `Unexpected ${describeChar(c)} after the JSON value` };
      const close = top === '{' ? '}' : ']';
      if (c === ',') expect = top === '{' ? 'key' : 'value-after-comma';
      else if (c === close) stack.pop();
      else return { offset: i, message: `Expected ',' or '${close}' but found ${describeChar(c)}` };
      i++;
      continue;
    }
    if (expect === 'colon') {
      if (c !== ':')
        return { offset: i, message: `Expected ':' after the property name but found ${describeChar(c)}` };
      expect = 'value';
      i++;
      continue;
    }
    if (expect === 'key-or-close' || expect === 'key') {
      if (c === '}') {
        if (expect === 'key') return { offset: i, message: "Trailing comma before '}'" };
        stack.pop();
        expect = 'comma-or-close';
        i++;
        continue;
      }
      if (c !== '"')
        return {
          offset: i,
          message: `Expected a property name in double quotes but found ${describeChar(c)}`,
        };
      const end = scanString(text, i);
      if (typeof end !== 'number') return end;
      i = end;
      expect = 'colon';
      continue;
    }
    // A value is expected.
    if (c === ']' && expect === 'value-or-close') {
      stack.pop();
      expect = 'comma-or-close';
      i++;
      continue;
    }
    if (c === ']' && expect === 'value-after-comma')
      return { offset: i, message: "Trailing comma before ']'" };
    if (c === '{' || c === '[') {
      stack.push(c);
      expect = c === '{' ? 'key-or-close' : 'value-or-close';
      i++;
      continue;
    }
    expect = 'comma-or-close';
    if (c === '"') {
      const end = scanString(text, i);
      if (typeof end !== 'number') return end;
      i = end;
      continue;
    }
    const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, i));
    if (literal !== undefined) {
      i += literal.length;
      continue;
    }
    NUMBER.lastIndex = i;
    const number = NUMBER.exec(text);
    if (number !== null && number[0] !== '' && number[0] !== '-') {
      i += number[0].length;
      continue;
    }
    return { offset: i, message: `Unexpected ${describeChar(c)}: expected a value` };
  }
}

/**
 * Valid JSON text laid out again without being read into values: every string and number kept
 * as written (`1e999` stays `1e999`, where JSON.parse then JSON.stringify wrote `null`; a name
 * stays however it is spelled), `indent` spaces a level (0: on one line). Text that is not
 * valid JSON is returned as it is.
 */
export function layOutJsonText(text: string, indent: number): string {
  if (findJsonSyntaxError(text) !== undefined) return text;
  let out = '';
  let depth = 0;
  const newline = (level: number) => (indent === 0 ? '' : `\n${' '.repeat(indent * level)}`);
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === '"') {
      let end = i + 1;
      while (end < text.length && text.charAt(end) !== '"') end += text.charAt(end) === '\\' ? 2 : 1;
      out += text.slice(i, end + 1);
      i = end;
    } else if (c === '{' || c === '[') {
      let next = i + 1;
      while (next < text.length && WHITESPACE.has(text.charAt(next))) next++;
      const close = c === '{' ? '}' : ']';
      if (text.charAt(next) === close) {
        out += `${c}${close}`;
        i = next;
      } else {
        depth++;
        out += `${c}${newline(depth)}`;
      }
    } else if (c === '}' || c === ']') {
      depth--;
      out += `${newline(depth)}${c}`;
    } else if (c === ',') out += `,${newline(depth)}`;
    else if (c === ':') out += indent === 0 ? ':' : ': ';
    else if (!WHITESPACE.has(c)) out += c;
  }
  return out;
}
