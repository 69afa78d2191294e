/**
 * Immutable edits of a JSON document by path, for the builder. Containers on the way are
 * copied, never mutated, so React and zustand see every change; keys are defined, not
 * assigned, so a key named `__proto__` stays an ordinary key.
 */
export type DocumentPath = readonly (string | number)[];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function defineKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export function getIn(document: unknown, path: DocumentPath): unknown {
  let node = document;
  for (const segment of path) {
    if (Array.isArray(node) && typeof segment === 'number') node = node[segment];
    else if (isObject(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return node;
}

/** A copy with `value` at `path`; undefined removes the key (an array element becomes null). */
export function setIn(document: unknown, path: DocumentPath, value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (typeof head === 'number' && Array.isArray(document)) {
    const copy = [...document];
    const next = setIn(copy[head], rest, value);
    copy[head] = next === undefined ? null : next;
    return copy;
  }
  const base = isObject(document) ? document : {};
  const key = String(head);
  const next = rest.length === 0 ? value : setIn(base[key], rest, value);
  const copy: Record<string, unknown> = {};
  // Rebuilt key by key: the edited key keeps its place, and undefined leaves it out.
  let placed = false;
  for (const [existing, old] of Object.entries(base)) {
    if (existing !== key) defineKey(copy, existing, old);
    else if (next !== undefined) {
      defineKey(copy, key, next);
      placed = true;
    } else placed = true;
  }
  if (!placed && next !== undefined) defineKey(copy, key, next);
  return copy;
}

function arrayAt(document: unknown, path: DocumentPath): unknown[] {
  const found = getIn(document, path);
  return Array.isArray(found) ? found : [];
}

/** The array at `path` with `element` added at the end (the array is created when missing). */
export function appendIn(document: unknown, path: DocumentPath, element: unknown): unknown {
  return setIn(document, path, [...arrayAt(document, path), element]);
}

export function removeIndexIn(document: unknown, path: DocumentPath, index: number): unknown {
  return setIn(
    document,
    path,
    arrayAt(document, path).filter((_element, at) => at !== index),
  );
}

/** Inserts a deep copy of element `index` right after it. */
export function duplicateIndexIn(document: unknown, path: DocumentPath, index: number): unknown {
  const array = arrayAt(document, path);
  if (index < 0 || index >= array.length) return document;
  const copy = structuredClone(array[index]);
  return setIn(document, path, [...array.slice(0, index + 1), copy, ...array.slice(index + 1)]);
}

/** Moves element `from` to position `to` (other elements shift). */
export function moveIndexIn(document: unknown, path: DocumentPath, from: number, to: number): unknown {
  const array = [...arrayAt(document, path)];
  if (from < 0 || from >= array.length || to < 0 || to >= array.length || from === to) return document;
  const [moved] = array.splice(from, 1);
  array.splice(to, 0, moved);
  return setIn(document, path, array);
}

/** `items.0.sku` (react-hook-form's field names) ↔ `['items', 0, 'sku']`. */
export function fieldNameOf(path: DocumentPath): string {
  return path.map(String).join('.');
}
