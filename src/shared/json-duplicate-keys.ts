/**
 * Names that appear more than once in one JSON object. JSON.parse (and most servers) keep the
 * last and drop the rest without a word, so `{"amount": 1, "amount": 100}` means 100 to one
 * reader and 1 to another: RFC 8259 says names SHOULD be unique. Reads any text in one pass with
 * an explicit stack (no recursion, any depth); on text that does not parse it reports what it
 * read before the break.
 */
export interface DuplicateKey {
  /** The duplicated member: its object's path plus the name (`items[0].sku`). */
  path: (string | number)[];
  /** How many times the name appears in that object. */
  count: number;
}

/** Objects nested deeper than this are read through, but their duplicates are not reported. */
const MAX_REPORTED_DEPTH = 256;
/** A pasted blob with thousands of duplicates gets the first ones, not a finding per key. */
const MAX_REPORTED = 200;

interface Frame {
  kind: '{' | '[';
  /** The frame it sits in (null at the top level), and its place there. */
  parent: Frame | null;
  segment: string | number;
  /** Its path's length; its path is built only when one of its names is found twice. */
  depth: number;
  index: number;
  /** Object frames: how many times each name was seen. */
  counts: Map<string, number> | null;
  /** The name whose value is being read (object frames). */
  pendingKey: string | null;
}

/** The path of a frame, from its ancestors. */
function pathOf(frame: Frame): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Frame | null = frame; at !== null && at.parent !== null; at = at.parent) path.push(at.segment);
  return path.reverse();
}

/** A frame for a value that opens inside `top` (or at the top level). */
function openFrame(kind: '{' | '[', top: Frame | undefined): Frame {
  return {
    kind,
    parent: top ?? null,
    segment: top === undefined ? '' : top.kind === '[' ? top.index : (top.pendingKey ?? ''),
    depth: top === undefined ? 0 : top.depth + 1,
    index: 0,
    counts: kind === '{' ? new Map() : null,
    pendingKey: null,
  };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

/** Where the string that opens at `start` ends (past its closing quote, or the text's end). */
export function stringEnd(text: string, start: number): number {
  let quote = text.indexOf('"', start + 1);
  while (quote !== -1) {
    // Escaped when an odd run of backslashes stands right before it.
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    quote = text.indexOf('"', quote + 1);
  }
  return text.length;
}

/** The name a string spells; only names are decoded (values are skipped, whatever their size). */
export function nameOf(text: string, start: number, end: number): string {
  // Closed and without escapes, the name is the text between the quotes (what JSON.parse gives).
  let plain = end - start >= 2 && text.charCodeAt(end - 1) === QUOTE;
  for (let i = start + 1; plain && i < end - 1; i++) plain = text.charCodeAt(i) !== BACKSLASH;
  if (plain) return text.slice(start + 1, end - 1);
  const raw = text.slice(start, end);
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.slice(1, -1);
  }
}

export function findDuplicateKeys(text: string): DuplicateKey[] {
  const stack: Frame[] = [];
  const found: DuplicateKey[] = [];
  const reported = new Map<string, DuplicateKey>();
  let expectKey = false;
  const noteKey = (frame: Frame, key: string) => {
    const counts = frame.counts;
    if (counts === null) return;
    const seen = (counts.get(key) ?? 0) + 1;
    counts.set(key, seen);
    if (seen < 2 || frame.depth > MAX_REPORTED_DEPTH) return;
    const path = [...pathOf(frame), key];
    const id = JSON.stringify(path);
    const known = reported.get(id);
    if (known !== undefined) known.count = seen;
    else if (found.length < MAX_REPORTED) {
      const entry = { path, count: seen };
      reported.set(id, entry);
      found.push(entry);
    }
  };
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const top = stack[stack.length - 1];
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (top?.kind === '{' && expectKey) {
        const name = nameOf(text, i, end);
        top.pendingKey = name;
        noteKey(top, name);
        expectKey = false;
      }
      i = end;
      continue;
    }
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      stack.push(openFrame(c === OPEN_OBJECT ? '{' : '[', top));
      expectKey = c === OPEN_OBJECT;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      stack.pop();
      expectKey = false;
    } else if (c === COMMA) {
      if (top?.kind === '[') top.index++;
      expectKey = top?.kind === '{';
    }
    i++;
  }
  return found;
}
