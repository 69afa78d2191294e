import { formatCharacters } from './byte-size';
import { formatCount } from './count-format';
import { jsonSyntaxWords } from './json-text';
import { createJsonTextMeasure } from './json-text-measure';
/**
 * JSON read with bounds, for everything that reads what others sent: webhook bodies, imported
 * files, stored records, checkout requests. JSON.parse itself is iterative in V8 and survives
 * any depth; what breaks is walking the result (JSON.stringify, zod, any recursion), which
 * throws "Maximum call stack size exceeded" from about 5,000 levels. So text is measured
 * before it is parsed, values are measured before they are walked, and the one key built from
 * a value (to tell duplicates apart) is written without recursion and kept short.
 *
 * The bounds are documented in docs/data-safety.md; the spec's deepest payload has 4 levels.
 */

/** Levels of objects and arrays a reader accepts. */
export const JSON_MAX_DEPTH = 64;

export interface JsonBounds {
  /** Levels of objects and arrays. */
  maxDepth: number;
  /** Characters of JSON text; larger text is not parsed. */
  maxChars: number;
  /** Characters of the longest single string (a key or a value). */
  maxStringChars: number;
}

const DEFAULT_BOUNDS: JsonBounds = {
  maxDepth: JSON_MAX_DEPTH,
  maxChars: Number.POSITIVE_INFINITY,
  maxStringChars: Number.POSITIVE_INFINITY,
};

export type JsonBoundProblem =
  | { kind: 'too_deep'; depth: number; limit: number }
  | { kind: 'too_long'; chars: number; limit: number }
  | { kind: 'string_too_long'; chars: number; limit: number; line: number }
  | { kind: 'not_json'; message: string };

export type BoundedJson = { ok: true; value: unknown } | { ok: false; problem: JsonBoundProblem };

/** One sentence for a person: what is wrong and what the bound is. */
export function describeJsonProblem(problem: JsonBoundProblem): string {
  switch (problem.kind) {
    case 'too_deep':
      return problem.depth > problem.limit + 1
        ? `it nests ${formatCount(problem.depth)} levels deep; at most ${formatCount(problem.limit)} are read`
        : `it nests more than ${problem.limit} levels deep; at most ${problem.limit} are read`;
    case 'too_long':
      return `it is ${formatCharacters(problem.chars)}; at most ${formatCharacters(problem.limit)} are read`;
    case 'string_too_long':
      return `a string on line ${problem.line} is ${formatCharacters(problem.chars)}; at most ${formatCharacters(problem.limit)} are read`;
    case 'not_json':
      return `it is not JSON (${problem.message})`;
  }
}

/**
 * Measures JSON text without parsing it: its deepest nesting and its longest string. Not a
 * syntax check (JSON.parse does that after); it only decides whether parsing is safe. The
 * scan is json-text-measure.ts's, which an import read as a stream feeds in pieces.
 */
export function measureJsonText(text: string, bounds: Partial<JsonBounds> = {}): JsonBoundProblem | null {
  const limits = { ...DEFAULT_BOUNDS, ...bounds };
  if (text.length > limits.maxChars) return { kind: 'too_long', chars: text.length, limit: limits.maxChars };
  // Each level opens with a character of its own and a string is shorter than the text, so a
  // text no longer than both bounds is within them: a token's header and claims are (issue 20).
  if (text.length <= limits.maxDepth && text.length <= limits.maxStringChars) return null;
  const measure = createJsonTextMeasure(limits);
  measure.feed(text);
  return measure.end();
}

/** JSON.parse behind the bounds: text that is too deep, too long or not JSON is a problem, never a throw. */
export function parseBoundedJson(text: string, bounds: Partial<JsonBounds> = {}): BoundedJson {
  const problem = measureJsonText(text, bounds);
  if (problem !== null) return { ok: false, problem };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return {
      ok: false,
      problem: { kind: 'not_json', message: jsonSyntaxWords(text, error) },
    };
  }
}

/**
 * The top-level string fields of a JSON object whose body is too deep to read whole (a
 * webhook's order_id and event_type, so the record still joins its order). Only the first
 * level of the parsed value is looked at.
 */
export function topLevelStrings(text: string, names: readonly string[]): Record<string, string> {
  const found: Record<string, string> = {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return found;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return found;
  for (const [name, field] of Object.entries(value))
    if (names.includes(name) && typeof field === 'string') found[name] = field;
  return found;
}

/**
 * How deep an in-memory value nests, walked without recursion and stopped just past
 * `maxDepth`: null when within it, else the depth reached (`maxDepth + 1` means "more") and
 * the top-level key of the branch that went too deep.
 */
export function depthBeyond(
  value: unknown,
  maxDepth: number = JSON_MAX_DEPTH,
): { depth: number; under: string | number | null } | null {
  const stack: { node: unknown; depth: number; under: string | number | null }[] = [
    { node: value, depth: 0, under: null },
  ];
  while (stack.length > 0) {
    const entry = stack.pop();
    if (entry === undefined) break;
    const { node, depth, under } = entry;
    if (typeof node !== 'object' || node === null) continue;
    if (depth + 1 > maxDepth) return { depth: depth + 1, under };
    // Array.from reads a hole (`[ , 1]`, a JS value's, never JSON's) as undefined, as the request
    // walk's index loop does: map skips holes and left them in its answer, which threw here.
    const children: [string | number, unknown][] = Array.isArray(node)
      ? Array.from(node, (child: unknown, index): [number, unknown] => [index, child])
      : Object.entries(node);
    for (const [key, child] of children)
      if (typeof child === 'object' && child !== null)
        stack.push({ node: child, depth: depth + 1, under: depth === 0 ? key : under });
  }
  return null;
}

type Frame =
  | { kind: 'array'; items: readonly unknown[]; index: number }
  | { kind: 'object'; entries: [string, unknown][]; index: number };

function scalarText(value: unknown): string | null {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return String(value);
    case 'bigint':
      return value.toString();
    case 'object':
      return null;
    default:
      // undefined, a function or a symbol: JSON has no such value (JSON.stringify writes null in arrays).
      return 'null';
  }
}

/** JSON text of a value (as JSON.stringify writes plain data), built without recursion. */
export function stringifyIteratively(value: unknown): string {
  const out: string[] = [];
  const stack: Frame[] = [];
  const open = (node: unknown) => {
    const scalar = scalarText(node);
    if (scalar !== null) {
      out.push(scalar);
      return;
    }
    if (Array.isArray(node)) {
      out.push('[');
      stack.push({ kind: 'array', items: node, index: 0 });
    } else {
      out.push('{');
      const entries = Object.entries(node as Record<string, unknown>).filter(
        ([, child]) => child !== undefined && typeof child !== 'function' && typeof child !== 'symbol',
      );
      stack.push({ kind: 'object', entries, index: 0 });
    }
  };
  open(value);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame === undefined) break;
    if (frame.kind === 'array') {
      if (frame.index >= frame.items.length) {
        out.push(']');
        stack.pop();
        continue;
      }
      if (frame.index > 0) out.push(',');
      open(frame.items[frame.index++]);
    } else {
      const entry = frame.entries[frame.index];
      if (entry === undefined) {
        out.push('}');
        stack.pop();
        continue;
      }
      if (frame.index > 0) out.push(',');
      frame.index++;
      out.push(`${JSON.stringify(entry[0])}:`);
      open(entry[1]);
    }
  }
  return out.join('');
}

/** FNV-1a over UTF-16 code units, twice with different seeds: 64 bits as hex. */
function digest(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/**
 * A short key that is equal for equal values (the JSON text, as JSON.stringify would write
 * it, in key order): used to tell duplicates apart without keeping or stringifying a whole
 * hostile value. Longer texts keep their start, their length and a digest of the whole.
 */
export function boundedJsonKey(value: unknown, maxChars = 256): string {
  const text = stringifyIteratively(value);
  return text.length <= maxChars ? text : `${text.slice(0, maxChars)}…${text.length}#${digest(text)}`;
}
