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
