import { formatJsonPath } from './json-path';

/** Where one value sits in a JSON text; `keyFrom`/`keyTo` mark its property name, when it has one. */
export interface JsonLocation {
  from: number;
  to: number;
  keyFrom: number | null;
  keyTo: number | null;
}

const WHITESPACE = /\s/;
/** Values nested deeper than this are read through but not recorded (paths would cost depth² memory). */
const MAX_RECORDED_DEPTH = 256;

/**
 * Maps every value of a JSON text to where it is written, keyed by its formatted path
 * (`items[2].sku`, `(root)` for the whole document), so findings can be marked in the raw
 * editor and a click on one can move the cursor there. Meant for text that parses; on text
 * that does not, it returns what it read before the break.
 */
export function locateJsonValues(text: string): Map<string, JsonLocation> {
  const found = new Map<string, JsonLocation>();
  let i = 0;
  const skip = () => {
    while (i < text.length && WHITESPACE.test(text.charAt(i))) i++;
  };
  const readString = (): string => {
    const start = i;
    i++;
    while (i < text.length && text.charAt(i) !== '"') i += text.charAt(i) === '\\' ? 2 : 1;
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return text.slice(start + 1, i - 1);
    }
  };
  // Iterative over an explicit stack, so nesting depth never overflows the call stack.
  // A null path: deeper than MAX_RECORDED_DEPTH, read but not recorded.
  type Path = (string | number)[] | null;
  type Frame = { kind: '{' | '['; path: Path; index: number };
  const stack: Frame[] = [];
  const values: { path: Path; keyFrom: number | null; keyTo: number | null; from: number }[] = [];
  const child = (path: Path, segment: string | number): Path =>
    path === null || path.length >= MAX_RECORDED_DEPTH ? null : [...path, segment];

  const beginValue = (path: Path, keyFrom: number | null, keyTo: number | null) => {
    skip();
    values.push({ path, keyFrom, keyTo, from: i });
    const c = text.charAt(i);
    if (c === '{' || c === '[') {
      stack.push({ kind: c, path, index: 0 });
      i++;
      return;
    }
    if (c === '"') readString();
    else while (i < text.length && !/[,\]}\s]/.test(text.charAt(i))) i++;
    endValue();
  };
  const endValue = () => {
    const value = values.pop();
    if (value === undefined || value.path === null) return;
    found.set(formatJsonPath(value.path), {
      from: value.from,
      to: i,
      keyFrom: value.keyFrom,
      keyTo: value.keyTo,
    });
  };

  beginValue([], null, null);
  while (stack.length > 0 && i < text.length) {
    skip();
    const frame = stack[stack.length - 1];
    if (frame === undefined) break;
    const c = text.charAt(i);
    if (c === ',') {
      i++;
      continue;
    }
    if ((frame.kind === '{' && c === '}') || (frame.kind === '[' && c === ']')) {
      i++;
      stack.pop();
      endValue();
      continue;
    }
    if (frame.kind === '[') {
      const index = frame.index++;
      beginValue(child(frame.path, index), null, null);
      continue;
    }
    if (c !== '"') break;
    const keyFrom = i;
    const key = readString();
    const keyTo = i;
    skip();
    if (text.charAt(i) !== ':') break;
    i++;
    beginValue(child(frame.path, key), keyFrom, keyTo);
  }
  return found;
}
