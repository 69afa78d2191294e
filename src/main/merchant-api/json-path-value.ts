type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a dotted path (`merchant_url.notification`), or undefined. */
export function getAtDottedPath(root: unknown, path: string): unknown {
  let current: unknown = root;
  for (const key of path.split('.')) {
    if (!isObject(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

/** A copy of `root` with `value` at a dotted path, creating objects on the way. */
export function setAtDottedPath(root: Json, path: string, value: unknown): Json {
  const keys = path.split('.');
  const copy: Json = structuredClone(root);
  let current = copy;
  keys.forEach((key, index) => {
    if (index === keys.length - 1) {
      current[key] = value;
      return;
    }
    const next = current[key];
    const child: Json = isObject(next) ? next : {};
    current[key] = child;
    current = child;
  });
  return copy;
}
