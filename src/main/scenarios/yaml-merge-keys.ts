import { isAlias, isPair, isScalar, isSeq, visit, type Document } from 'yaml';

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
