import { z } from 'zod';

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;
export type PatchShape<S extends z.ZodRawShape> = { [K in keyof S]: z.ZodOptional<WithoutDefault<S[K]>> };

/**
 * The fields of a settings object, each optional and none with a default: a change names only
 * the fields it changes. zod's own `.partial()` keeps each field's default, so a patch of one
 * field parsed as every other field at its default, and "save the retries" set the registered
 * webhook back to none.
 */
export function patchSchemaOf<S extends z.ZodRawShape>(schema: z.ZodObject<S>): z.ZodObject<PatchShape<S>> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [
      key,
      z.optional(field instanceof z.ZodDefault ? field.unwrap() : field),
    ]),
  );
  // The mapped type says per field what the loop did to each.
  return z.object(shape) as unknown as z.ZodObject<PatchShape<S>>;
}

/**
 * What a refused save's issue says of each field changed elsewhere since the saving window read
 * it (main's refuseChangedElsewhere): the window tells such a refusal from others by it.
 */
export const CHANGED_ELSEWHERE = 'changed elsewhere since this window read it';

/**
 * The same JSON value, whatever the order of object keys (a form's copy may list them in
 * another order than main's); `undefined` members count as absent. Main's check and the
 * window's "edited?" answer the same through it.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameValue(item, b[index]))
    );
  const left = Object.entries(a).filter(([, value]) => value !== undefined);
  const right = new Map(Object.entries(b).filter(([, value]) => value !== undefined));
  return (
    left.length === right.size &&
    left.every(([key, value]) => right.has(key) && sameValue(value, right.get(key)))
  );
}

/** The fields of `values` that differ from `read`: what a save sends, so it touches nothing else. */
export function editedFields<T extends Record<string, unknown>>(values: T, read: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => !sameValue(value, read[key])),
  ) as Partial<T>;
}

/** `read`'s values of the fields in `patch`: the `expected` a save carries for main's check. */
export function readFieldsOf<T extends Record<string, unknown>>(read: T, patch: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.keys(patch).map((key) => [key, read[key]])) as Partial<T>;
}

/**
 * A form following what is stored, as pushes bring it: a field its person has not edited shows
 * the stored value (it was stale until a reload); an edited one keeps what was typed, and its
 * read value stays, so a save of it is still checked against the change made elsewhere. An
 * edit that came to equal the stored value has nothing left to check.
 */
export function followStored<T extends Record<string, unknown>>(
  values: T,
  read: T,
  stored: T,
): { values: T; read: T } {
  const nextValues: Record<string, unknown> = { ...values };
  const nextRead: Record<string, unknown> = { ...read };
  for (const [key, storedValue] of Object.entries(stored)) {
    const value = values[key];
    const edited = !sameValue(value, read[key]);
    // The same value keeps its identity: what was made from it (a text, rows) stays as it is.
    if (!edited && !sameValue(value, storedValue)) nextValues[key] = storedValue;
    if (!edited || sameValue(value, storedValue)) nextRead[key] = storedValue;
  }
  return { values: nextValues as T, read: nextRead as T };
}
