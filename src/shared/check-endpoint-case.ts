import { z } from 'zod';

/**
 * What a check-endpoint battery request stores of its case (src/main/scenarios/check-endpoint.ts):
 * the case id, why the case is in the battery, and the answer it expects.
 */
const checkEndpointCaseSchema = z.object({
  origin: z.literal('check-endpoint'),
  case: z.string(),
  why: z.string(),
  expected: z.string(),
});
export type CheckEndpointCase = Omit<z.infer<typeof checkEndpointCaseSchema>, 'origin'>;

/** The case a record of the battery was sent for; null for any other record. */
export function checkEndpointCaseOf(details: Record<string, unknown>): CheckEndpointCase | null {
  const parsed = checkEndpointCaseSchema.safeParse(details);
  if (!parsed.success) return null;
  const { case: id, why, expected } = parsed.data;
  return { case: id, why, expected };
}
