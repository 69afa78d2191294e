/** Where one value sits in a JSON text; `keyFrom`/`keyTo` mark its property name, when it has one. */
export interface JsonLocation {
  from: number;
  to: number;
  keyFrom: number | null;
  keyTo: number | null;
}

/** Values nested deeper than this are read through but not recorded (paths would cost depth² memory). */
const MAX_RECORDED_DEPTH = 256;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A path with one more segment, formatted as formatJsonPath formats it (`''` is the root): locateJsonValues's keys. */
export function childPath(parent: string, segment: string | number): string {
  if (typeof segment === 'number') return `${parent}[${segment}]`;
  if (IDENTIFIER.test(segment)) return parent === '' ? segment : `${parent}.${segment}`;
  return `${parent}[${JSON.stringify(segment)}]`;
}

/** JSON's whitespace (and, leniently, any other ASCII control or space a text may hold). */
const isSpace = (code: number) =>
  code === 32 || code === 10 || code === 13 || code === 9 || code === 12 || code === 11;
/** Where a number, literal or stray word ends: a separator or whitespace. */
const endsScalar = (code: number) => code === 44 || code === 93 || code === 125 || isSpace(code);

/**
 * Maps every value of a JSON text to where it is written, keyed by its formatted path
 * (`items[2].sku`, `(root)` for the whole document), so findings can be marked in the raw
 * editor and a click on one can move the cursor there. Meant for text that parses; on text
 * that does not, it returns what it read before the break. One pass over character codes with
 * paths built as strings on the way: a megabyte takes tens of milliseconds.
 */
export function locateJsonValues(text: string): Map<string, JsonLocation> {
  const found = new Map<string, JsonLocation>();
  const length = text.length;
  let i = 0;
  const skip = () => {
    while (i < length && isSpace(text.charCodeAt(i))) i++;
  };
  const readString = (): string => {
    const start = i;
    let escaped = false;
    i++;
    while (i < length) {
      const code = text.charCodeAt(i);
      if (code === 34) break;
      if (code === 92) {
        escaped = true;
        i += 2;
      } else i++;
    }
    i++;
    if (!escaped) return text.slice(start + 1, i - 1);
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return text.slice(start + 1, i - 1);
    }
  };
  // Iterative over an explicit stack, so nesting depth never overflows the call stack.
  // A null path: deeper than MAX_RECORDED_DEPTH, read but not recorded.
  type Frame = { kind: 123 | 91; path: string | null; depth: number; index: number };
  const stack: Frame[] = [];
  const values: { path: string | null; keyFrom: number | null; keyTo: number | null; from: number }[] = [];
  const child = (frame: Frame, segment: string | number): string | null =>
    frame.path === null || frame.depth >= MAX_RECORDED_DEPTH ? null : childPath(frame.path, segment);

  const beginValue = (path: string | null, depth: number, keyFrom: number | null, keyTo: number | null) => {
    skip();
    values.push({ path, keyFrom, keyTo, from: i });
    const code = text.charCodeAt(i);
    if (code === 123 || code === 91) {
      stack.push({ kind: code, path, depth, index: 0 });
      i++;
      return;
    }
    if (code === 34) readString();
    else while (i < length && !endsScalar(text.charCodeAt(i))) i++;
    endValue();
  };
  const endValue = () => {
    const value = values.pop();
    if (value === undefined || value.path === null) return;
    found.set(value.path === '' ? '(root)' : value.path, {
      from: value.from,
      to: i,
      keyFrom: value.keyFrom,
      keyTo: value.keyTo,
    });
  };

  beginValue('', 0, null, null);
  while (stack.length > 0 && i < length) {
    skip();
    const frame = stack[stack.length - 1];
    if (frame === undefined) break;
    const code = text.charCodeAt(i);
    if (code === 44) {
      i++;
      continue;
    }
    if ((frame.kind === 123 && code === 125) || (frame.kind === 91 && code === 93)) {
      i++;
      stack.pop();
      endValue();
      continue;
    }
    if (frame.kind === 91) {
      const index = frame.index++;
      beginValue(child(frame, index), frame.depth + 1, null, null);
      continue;
    }
    if (code !== 34) break;
    const keyFrom = i;
    const key = readString();
    const keyTo = i;
    skip();
    if (text.charCodeAt(i) !== 58) break;
    i++;
    beginValue(child(frame, key), frame.depth + 1, keyFrom, keyTo);
  }
  return found;
}
