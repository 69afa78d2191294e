import { notificationPath } from './consistency-checks';
import { CATALOGUE, patternOf } from './field-catalogue';
import type { RawFinding } from './findings';

/**
 * Keys the spec does not name, flagged as warnings with a "did you mean" suggestion. Only the
 * known structure is looked into; values the spec leaves open (the extra risk fields) are not.
 * The request's one walk (request-walk.ts) finds them, with this file's structure and words.
 */

const joinPattern = (parent: string, key: string) => (parent === '' ? key : `${parent}.${key}`);

function knownStructure(extraPaths: readonly (readonly (string | number)[])[]) {
  const children = new Map<string, Set<string>>();
  const arrays = new Set<string>();
  const add = (parent: string, key: string) => {
    const set = children.get(parent) ?? new Set<string>();
    set.add(key);
    children.set(parent, set);
  };
  for (const field of CATALOGUE) {
    const cut = field.path.lastIndexOf('.');
    add(cut < 0 ? '' : field.path.slice(0, cut), cut < 0 ? field.path : field.path.slice(cut + 1));
    if (field.kind === 'money') {
      add(field.path, 'amount');
      add(field.path, 'currency');
    }
    if (field.kind === 'array') arrays.add(field.path);
  }
  for (const path of extraPaths) {
    const key = path[path.length - 1];
    if (typeof key === 'string') add(patternOf(path.slice(0, -1)), key);
  }
  return { children, arrays };
}

/** Edit distance with adjacent transpositions (optimal string alignment), for "did you mean": `emial` → `email` is 1. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const above = rows[i - 1] ?? [];
      let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? 0;
}

/** The closest known key, when it is close enough to be a typo (case is ignored). */
export function suggestKey(key: string, known: Iterable<string>): string | undefined {
  if (key.length > 64) return undefined;
  const lower = key.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(lower, name.toLowerCase());
    if (best === undefined || distance < best.distance) best = { name, distance };
  }
  if (best === undefined) return undefined;
  const allowed = Math.max(1, Math.min(3, Math.floor(best.name.length / 5)));
  return best.distance <= allowed ? best.name : undefined;
}

export const MAX_SUGGESTIONS = 500;

const shown = (key: string) => JSON.stringify(key.length > 60 ? `${key.slice(0, 60)}…` : key);

/** One level of the known structure: its names, and where each known name leads. */
export interface KnownLevel {
  pattern: string;
  known: Set<string>;
  next: Map<string, { object: KnownLevel | undefined; array: boolean; element: KnownLevel | undefined }>;
}

/**
 * The known structure as linked levels, resolved once: walking a payload then follows links
 * instead of building and hashing a pattern string for every key it meets.
 */
function knownLevels(extraPaths: readonly (readonly (string | number)[])[]): KnownLevel | undefined {
  const { children, arrays } = knownStructure(extraPaths);
  const levels = new Map<string, KnownLevel>();
  for (const [pattern, known] of children) levels.set(pattern, { pattern, known, next: new Map() });
  for (const level of levels.values())
    for (const key of level.known) {
      const childPattern = joinPattern(level.pattern, key);
      level.next.set(key, {
        object: levels.get(childPattern),
        array: arrays.has(childPattern),
        element: levels.get(`${childPattern}[]`),
      });
    }
  return levels.get('');
}

const structures = new Map<string, KnownLevel | undefined>();

/** The known structure with the profile's notification field, built once per field. */
export function structureFor(notificationField: string | undefined) {
  const key = notificationField ?? '';
  if (structures.has(key)) return structures.get(key);
  const structure = knownLevels([notificationPath(notificationField)]);
  // A handful of profiles at most; the bound only guards against a caller inventing fields.
  if (structures.size > 32) structures.clear();
  structures.set(key, structure);
  return structure;
}

export function unknownKeyFinding(
  key: string,
  level: KnownLevel,
  path: readonly (string | number)[],
  suggest: boolean,
): RawFinding {
  const { pattern, known } = level;
  // Suggestions cost an edit distance per known key; a pasted blob with thousands of keys gets none past the first few hundred.
  const suggestion = suggest ? suggestKey(key, known) : undefined;
  const where = pattern === '' ? 'the request' : pattern;
  return {
    severity: 'warning',
    path: [...path, key],
    code: 'unknown_key',
    rule: `${where === 'the request' ? 'Checkout session request' : where} — only the fields the spec names`,
    message:
      `${shown(key)} is not a field of ${where}` +
      (suggestion === undefined
        ? '; the service may ignore or reject it.'
        : `. Did you mean "${suggestion}"?`) +
      (pattern === 'merchant_url' && suggestion === undefined
        ? ' If it carries the notification URL, set the profile’s notification field to it.'
        : ''),
  };
}
