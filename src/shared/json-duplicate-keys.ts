import { numberTokenMayBeHeldOtherwise, numberTokenWrittenAsStringifyWrites } from './json-number-held';

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
  /**
   * Object frames: the names seen, in a list while there are few (most objects: cheaper to make
   * and search than a Map per object), in a set past that (an object of thousands of names).
   */
  names: string[] | null;
  nameSet: Set<string> | null;
  /** Object frames: how many times each name seen more than once was seen; made at the first. */
  repeats: Map<string, number> | null;
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
    names: kind === '{' ? [] : null,
    nameSet: null,
    repeats: null,
    pendingKey: null,
  };
}

const FEW_NAMES = 16;

/** Whether the object frame has seen `name` before; notes it if not. */
function seenBefore(frame: Frame, name: string): boolean {
  if (frame.nameSet !== null) {
    if (frame.nameSet.has(name)) return true;
    frame.nameSet.add(name);
    return false;
  }
  const names = frame.names;
  if (names === null) return false;
  if (names.includes(name)) return true;
  names.push(name);
  if (names.length > FEW_NAMES) frame.nameSet = new Set(names);
  return false;
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

/** What one reading of a JSON text finds: the names given twice, and whether a number may be held otherwise. */
export interface JsonTextScan {
  duplicates: DuplicateKey[];
  /**
   * Whether some number the text writes may be held otherwise by a JSON reader (an exponent, or
   * 16 digits or more: json-number-held.ts's bound); false means none is. Read on the way, so a
   * validator that needs both reads the text once (validate.ts, written-amounts.ts).
   */
  mayWriteNumberHeldOtherwise: boolean;
}

/** The scan, with whether the text is written as JSON.stringify writes (validate.ts reads all three). */
export interface JsonTextScanAndForm extends JsonTextScan {
  /**
   * Whether the text, when it parses, is exactly what JSON.stringify writes of the value it
   * parses to; false means maybe not. False for any space between tokens, any escape, a name
   * given twice (JSON.parse keeps the last), a name that starts with a digit (an index-like name
   * comes first in the parsed object, wherever the text puts it), a number JSON.stringify writes
   * otherwise (json-number-held.ts) and a lone surrogate (written as an escape). The emulator
   * stores such a text as it came instead of writing the order's payload again (issue 20).
   */
  writtenAsStringifyWrites: boolean;
}

const MINUS = 0x2d;
const COLON = 0x3a;
const isDigit = (code: number) => code >= 0x30 && code <= 0x39;
const isNumberStart = (code: number) => code === MINUS || (code >= 0x30 && code <= 0x39);
/** A character a JSON number token is made of: digits, sign, point, exponent. */
const inNumber = (code: number) =>
  (code >= 0x30 && code <= 0x39) ||
  code === 0x2e ||
  code === 0x65 ||
  code === 0x45 ||
  code === 0x2b ||
  code === MINUS;

export function findDuplicateKeys(text: string): DuplicateKey[] {
  return scanJsonText(text).duplicates;
}

export function scanJsonText(text: string): JsonTextScan {
  const { duplicates, mayWriteNumberHeldOtherwise } = readJsonText(text);
  return { duplicates, mayWriteNumberHeldOtherwise };
}

/** scanJsonText's one reading, also saying whether the text is written as JSON.stringify writes. */
export function scanJsonTextAndForm(text: string): JsonTextScanAndForm {
  const scan = readJsonText(text);
  // A lone surrogate is written as an escape; looked for only here (the other readers of the
  // text, the webhook judge's, the JWT reader's, do not ask for the form).
  if (scan.writtenAsStringifyWrites) scan.writtenAsStringifyWrites = text.isWellFormed();
  return scan;
}

/**
 * Notes a name read in an object frame; true when the frame had it already (then reported, up
 * to the bounds). Made once, not per scan: the scan runs on every webhook (issue 20).
 */
function noteKey(
  frame: Frame,
  key: string,
  found: DuplicateKey[],
  reported: Map<string, DuplicateKey>,
): boolean {
  if (!seenBefore(frame, key)) return false;
  frame.repeats ??= new Map();
  const seen = (frame.repeats.get(key) ?? 1) + 1;
  frame.repeats.set(key, seen);
  if (frame.depth > MAX_REPORTED_DEPTH) return true;
  const path = [...pathOf(frame), key];
  const id = JSON.stringify(path);
  const known = reported.get(id);
  if (known !== undefined) known.count = seen;
  else if (found.length < MAX_REPORTED) {
    const entry = { path, count: seen };
    reported.set(id, entry);
    found.push(entry);
  }
  return true;
}

/** The one pass over the text; its form said up to lone surrogates, which it does not look for. */
function readJsonText(text: string): JsonTextScanAndForm {
  const stack: Frame[] = [];
  const found: DuplicateKey[] = [];
  const reported = new Map<string, DuplicateKey>();
  let mayHold = false;
  // Escapes are written by JSON.stringify only where it must: any one here may differ.
  let asStringified = !text.includes('\\');
  let expectKey = false;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    // The frame on top is looked up only by the characters that read it (a string, an opening,
    // a comma), not by every one: about 1 of the scan's 8.7 µs on the bench's body (issue 20).
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      const top = stack[stack.length - 1];
      if (expectKey && top?.kind === '{') {
        const name = nameOf(text, i, end);
        if (isDigit(text.charCodeAt(i + 1))) asStringified = false;
        top.pendingKey = name;
        if (noteKey(top, name, found, reported)) asStringified = false;
        expectKey = false;
      }
      i = end;
      continue;
    }
    if (isNumberStart(c)) {
      let end = i + 1;
      while (end < text.length && inNumber(text.charCodeAt(end))) end++;
      if (!mayHold) mayHold = numberTokenMayBeHeldOtherwise(text, i, end);
      if (asStringified) asStringified = numberTokenWrittenAsStringifyWrites(text, i, end);
      i = end;
      continue;
    }
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      stack.push(openFrame(c === OPEN_OBJECT ? '{' : '[', stack[stack.length - 1]));
      expectKey = c === OPEN_OBJECT;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      stack.pop();
      expectKey = false;
    } else if (c === COMMA) {
      const top = stack[stack.length - 1];
      if (top?.kind === '[') top.index++;
      expectKey = top?.kind === '{';
    } else if (c !== COLON && (c < 0x61 || c > 0x7a)) {
      // Outside strings JSON.stringify writes only punctuation, numbers, true, false and null.
      asStringified = false;
    }
    i++;
  }
  return {
    duplicates: found,
    mayWriteNumberHeldOtherwise: mayHold,
    writtenAsStringifyWrites: asStringified,
  };
}
