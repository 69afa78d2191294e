/**
 * JSON Pointers (RFC 6901): how scenarios name a field (`/total_amount/amount`, `/items/0/sku`).
 * Reading never throws; writing builds missing objects along the way (an index into an array
 * must exist, or be `-` to append).
 */

export const JSON_POINTER_PATTERN = /^(\/([^~/]|~[01])*)*$/;

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!JSON_POINTER_PATTERN.test(pointer))
    throw new Error(`"${pointer}" is not a JSON pointer (it starts with /).`);
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at `pointer`, or `undefined` when any part of the way is missing. */
export function readPointer(root: unknown, pointer: string): unknown {
  return readPath(root, parsePointer(pointer));
}

/** The value at a path of keys and indexes (a pointer's parts, a zod issue's path), or `undefined`. */
export function readPath(root: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = root;
  for (const part of path) {
    if (Array.isArray(current)) {
      if (typeof part === 'symbol' || !/^\d+$/.test(String(part))) return undefined;
      current = current[Number(part)];
    } else if (isRecord(current) && typeof part !== 'symbol') {
      if (!Object.hasOwn(current, part)) return undefined;
      current = current[part];
    } else return undefined;
  }
  return current;
}

/**
 * Parts that name an object's machinery rather than a field: `__proto__` is every object's
 * prototype, and `constructor`/`prototype` lead to it, so writing or deleting through them
 * changes every object of the process (`set: { /__proto__/x: 1 }` polluted main's). Reading is
 * safe (it follows own fields only), so a body field with such a name can still be checked.
 */
const MACHINERY_PARTS = new Set(['__proto__', 'constructor', 'prototype']);

function refuseMachinery(pointer: string, parts: readonly string[]): void {
  const part = parts.find((candidate) => MACHINERY_PARTS.has(candidate));
  if (part !== undefined)
    throw new Error(
      `${pointer}: "${part}" cannot be written or removed (it names an object's prototype, not a field).`,
    );
}

function cloneJson<T>(value: T): T {
  return structuredClone(value);
}

/** A copy of `root` with `value` at `pointer`. */
export function writePointer(root: unknown, pointer: string, value: unknown): unknown {
  const parts = parsePointer(pointer);
  refuseMachinery(pointer, parts);
  if (parts.length === 0) return cloneJson(value);
  const copy = cloneJson(root);
  let current: unknown = copy;
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    if (Array.isArray(current)) {
      const at = part === '-' ? current.length : Number(part);
      if (!/^\d+$/.test(part) && part !== '-')
        throw new Error(`${pointer}: "${part}" is not an array index.`);
      if (at > current.length) throw new Error(`${pointer}: index ${at} is past the end of the array.`);
      if (last) current[at] = cloneJson(value);
      else {
        if (!isRecord(current[at]) && !Array.isArray(current[at])) current[at] = {};
        current = current[at];
      }
      return;
    }
    if (!isRecord(current))
      throw new Error(`${pointer}: "${parts.slice(0, index).join('/')}" is not an object.`);
    if (last) current[part] = cloneJson(value);
    else {
      if (!isRecord(current[part]) && !Array.isArray(current[part])) current[part] = {};
      current = current[part];
    }
  });
  return copy;
}

/** A copy of `root` without the field at `pointer` (unchanged when it is not there). */
export function removePointer(root: unknown, pointer: string): unknown {
  const parts = parsePointer(pointer);
  refuseMachinery(pointer, parts);
  const key = parts.pop();
  if (key === undefined) return undefined;
  const copy = cloneJson(root);
  let parent: unknown = copy;
  for (const part of parts) {
    if (Array.isArray(parent) && /^\d+$/.test(part)) parent = parent[Number(part)];
    else if (isRecord(parent)) parent = parent[part];
    else return copy;
  }
  if (Array.isArray(parent) && /^\d+$/.test(key)) parent.splice(Number(key), 1);
  else if (isRecord(parent)) Reflect.deleteProperty(parent, key);
  return copy;
}

/** `['a', 'b/c']` → `/a/b~1c`. */
export function formatPointer(parts: readonly (string | number)[]): string {
  return parts.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
