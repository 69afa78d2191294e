import { isPlainObject, type RawFinding } from './findings';

/**
 * Sorts findings in document order: by where their path sits in the payload, parents before
 * children, missing fields after their present siblings. Ties keep their order, errors first.
 */
const MISSING = Number.MAX_SAFE_INTEGER;

export function sortInDocumentOrder(payload: unknown, findings: readonly RawFinding[]): RawFinding[] {
  // Nothing to order (the common valid request): skip building the key indexes.
  if (findings.length < 2) return [...findings];
  const keyIndexes = new WeakMap<object, Map<string, number>>();
  const indexOfKey = (node: Record<string, unknown>, key: string) => {
    let indexes = keyIndexes.get(node);
    if (indexes === undefined) {
      indexes = new Map(Object.keys(node).map((name, index) => [name, index]));
      keyIndexes.set(node, indexes);
    }
    return indexes.get(key);
  };
  const orderKey = (path: RawFinding['path']): number[] => {
    const key: number[] = [];
    let node: unknown = payload;
    for (const segment of path) {
      if (Array.isArray(node) && typeof segment === 'number' && segment < node.length) {
        key.push(segment);
        node = node[segment];
        continue;
      }
      const index =
        isPlainObject(node) && typeof segment === 'string' ? indexOfKey(node, segment) : undefined;
      if (index === undefined || !isPlainObject(node)) {
        key.push(MISSING);
        node = undefined;
        continue;
      }
      key.push(index);
      node = node[String(segment)];
    }
    return key;
  };
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const difference = (a[i] ?? 0) - (b[i] ?? 0);
      if (difference !== 0) return difference;
    }
    return a.length - b.length;
  };
  const severityRank = (finding: RawFinding) => (finding.severity === 'error' ? 0 : 1);
  return findings
    .map((finding, position) => ({ finding, position, key: orderKey(finding.path) }))
    .sort(
      (a, b) =>
        compare(a.key, b.key) || severityRank(a.finding) - severityRank(b.finding) || a.position - b.position,
    )
    .map((entry) => entry.finding);
}
