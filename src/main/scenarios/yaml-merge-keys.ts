import { isAlias, isPair, isScalar, isSeq, visit, type Document } from 'yaml';
import { readPath } from '../../shared/scenarios/json-pointer';

/** A `<<` key of the document: where it is, the mapping that holds it, and the alias it merges. */
export interface MergeKey {
  at: number;
  field: (string | number)[];
  alias: string | null;
}

/**
 * Every `<<` key (YAML 1.1's merge key: `- <<: *cap`). The reader follows YAML 1.2, where `<<`
 * is an ordinary key, so a step written so had no `step` field and was reported as
 * `steps[2].step: step must be one of …`, naming neither `<<` nor why.
 */
export function mergeKeys(doc: Document): MergeKey[] {
  const found: MergeKey[] = [];
  visit(doc, {
    Pair(_, pair, path) {
      if (!isScalar(pair.key) || pair.key.value !== '<<') return;
      const at = pair.key.range?.[0];
      if (at === undefined) return;
      const field: (string | number)[] = [];
      for (const [index, node] of path.entries()) {
        const child = path[index + 1];
        if (isPair(node) && isScalar(node.key)) field.push(String(node.key.value));
        else if (isSeq(node) && child !== undefined) field.push(node.items.indexOf(child));
      }
      found.push({ at, field, alias: isAlias(pair.value) ? pair.value.source : null });
    },
  });
  return found;
}

const isMapping = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The file's values with each `<<` taken as YAML 1.1 takes it (the mapping's own fields win,
 * then each merged mapping's in turn), so the rest of a file that has one is still checked: the
 * `<<` is refused on its own, and a typo further down, or in the merged step, is said beside it
 * in the same pass rather than one round of fixes later. Read as YAML 1.2, the step held a `<<`
 * field and no `step`, and its problems were echoes of the merge key.
 *
 * `merges` come in the file's order, and an anchor is written before its aliases, so a mapping
 * merged from is itself merged before it is read. Changes `js` in place (aliases share objects).
 */
export function applyMergeKeys(js: unknown, merges: readonly MergeKey[]): void {
  for (const { field } of merges) {
    const holder = readPath(js, field);
    if (!isMapping(holder) || !Object.hasOwn(holder, '<<')) continue;
    const sources = holder['<<'];
    delete holder['<<'];
    for (const source of Array.isArray(sources) ? sources : [sources]) {
      if (!isMapping(source)) continue;
      for (const [key, value] of Object.entries(source)) {
        if (Object.hasOwn(holder, key)) continue;
        // Defined, not assigned: a merged `__proto__` field would otherwise set the prototype.
        Object.defineProperty(holder, key, { value, enumerable: true, writable: true, configurable: true });
      }
    }
  }
}
