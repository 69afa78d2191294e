// Strings and names are read as the duplicate-key scanner reads them: one reading of a JSON text.
import { nameOf, stringEnd } from './json-duplicate-keys';

/** Where one member of an object (or element of an array) is written in a JSON text. */
export interface JsonChild {
  /** The member's name as JSON.parse reads it; null for an array's element. */
  name: string | null;
  /** Where its name's opening quote is (an element: where its value starts). */
  from: number;
  /** Past its name's closing quote (an element: where its value starts). */
  nameTo: number;
  valueFrom: number;
  valueTo: number;
}

const QUOTE = 0x22;
const isSpace = (code: number) => code === 32 || code === 10 || code === 13 || code === 9;
/** Where a number or literal ends: a separator or whitespace. */
const endsScalar = (code: number) => code === 44 || code === 93 || code === 125 || isSpace(code);

/** Past the value that starts at `start` (a container with all it holds). */
export function valueEnd(text: string, start: number): number {
  const first = text.charCodeAt(start);
  if (first === QUOTE) return stringEnd(text, start);
  if (first !== 0x7b && first !== 0x5b) {
    let i = start;
    while (i < text.length && !endsScalar(text.charCodeAt(i))) i++;
    return i;
  }
  let depth = 0;
  let i = start;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = stringEnd(text, i);
      continue;
    }
    if (code === 0x7b || code === 0x5b) depth++;
    else if (code === 0x7d || code === 0x5d) {
      depth--;
      if (depth === 0) return i + 1;
    }
    i++;
  }
  return text.length;
}

/** Past the whitespace from `start`. */
export function skipSpace(text: string, start: number): number {
  let i = start;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/**
 * The members of the object (or elements of the array) written at `from`..`to` of a text that
 * parses, in the order written: a name given twice is listed twice. Reads that container's own
 * level only, skipping over what its values hold.
 */
export function childrenOf(text: string, from: number, to: number): JsonChild[] {
  const object = text.charCodeAt(from) === 0x7b;
  const children: JsonChild[] = [];
  let i = skipSpace(text, from + 1);
  while (i < to - 1) {
    const start = i;
    let name: string | null = null;
    let nameTo = i;
    if (object) {
      nameTo = stringEnd(text, i);
      name = nameOf(text, i, nameTo);
      i = skipSpace(text, skipSpace(text, nameTo) + 1);
    }
    const valueFrom = i;
    const valueTo = valueEnd(text, i);
    children.push({ name, from: start, nameTo, valueFrom, valueTo });
    i = skipSpace(text, valueTo);
    if (text.charCodeAt(i) === 44) i = skipSpace(text, i + 1);
    else break;
  }
  return children;
}
