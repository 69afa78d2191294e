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
  path: (string | number)[] | null;
  index: number;
  /** Object frames: how many times each name was seen. */
  counts: Map<string, number> | null;
  /** The name whose value is being read (object frames). */
  pendingKey: string | null;
}

function readString(text: string, start: number): { value: string; end: number } {
  let i = start + 1;
  while (i < text.length && text.charAt(i) !== '"') i += text.charAt(i) === '\\' ? 2 : 1;
  const end = Math.min(i + 1, text.length);
  const raw = text.slice(start, end);
  try {
    return { value: JSON.parse(raw) as string, end };
  } catch {
    return { value: raw.slice(1, -1), end };
  }
}

export function findDuplicateKeys(text: string): DuplicateKey[] {
  const stack: Frame[] = [];
  const found: DuplicateKey[] = [];
  const reported = new Map<string, DuplicateKey>();
  let expectKey = false;
  const childPath = (frame: Frame | undefined, segment: string | number): (string | number)[] | null => {
    if (frame === undefined) return [];
    if (frame.path === null || frame.path.length >= MAX_REPORTED_DEPTH) return null;
    return [...frame.path, segment];
  };
  const valuePath = (): (string | number)[] | null => {
    const top = stack[stack.length - 1];
    if (top === undefined) return [];
    return top.kind === '[' ? childPath(top, top.index) : childPath(top, top.pendingKey ?? '');
  };
  const noteKey = (frame: Frame, key: string) => {
    const counts = frame.counts;
    if (counts === null) return;
    const seen = (counts.get(key) ?? 0) + 1;
    counts.set(key, seen);
    if (seen < 2 || frame.path === null) return;
    const path = [...frame.path, key];
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
    const c = text.charAt(i);
    const top = stack[stack.length - 1];
    if (c === '"') {
      const { value, end } = readString(text, i);
      i = end;
      if (top?.kind === '{' && expectKey) {
        top.pendingKey = value;
        noteKey(top, value);
        expectKey = false;
      }
      continue;
    }
    if (c === '{' || c === '[') {
      stack.push({
        kind: c,
        path: valuePath(),
        index: 0,
        counts: c === '{' ? new Map() : null,
        pendingKey: null,
      });
      expectKey = c === '{';
    } else if (c === '}' || c === ']') {
      stack.pop();
      expectKey = false;
    } else if (c === ',') {
      if (top?.kind === '[') top.index++;
      expectKey = top?.kind === '{';
    }
    i++;
  }
  return found;
}
