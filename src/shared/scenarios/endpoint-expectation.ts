import { z } from 'zod';
import { statusMatches } from './expectations';

/**
 * What answer a case of the endpoint battery expects, and whether one matched. A redirect (3xx)
 * never matches: the battery follows none, as no delivery, replay or forward does, so a 3xx says
 * only that the notification went elsewhere; the merchant's handler never saw it. Counted as a
 * pass under `not-5xx` it read as proof the endpoint handled the case.
 */

export const isRedirect = (status: number) => status >= 300 && status <= 399;

const REDIRECT_REFUSAL =
  'a 3xx never passes a case: a redirect is not followed, so it says nothing of how the endpoint handled the notification';

const statusSchema = z.number().int().min(100).max(599);

/** Whether an expectation asks for a redirect, written as a class, a status or in a list. */
function asksForRedirect(expected: number | readonly number[] | string): boolean {
  if (typeof expected === 'string') return expected === '3xx';
  return (typeof expected === 'number' ? [expected] : expected).some(isRedirect);
}

/** A status, a list, a class (`2xx`, `4xx`) or `not-5xx`; never a 3xx, which could not pass. */
export const endpointExpectationSchema = z
  .union([statusSchema, z.array(statusSchema).min(1), z.enum(['2xx', '3xx', '4xx', '5xx', 'not-5xx'])])
  .refine((expected) => !asksForRedirect(expected), { error: REDIRECT_REFUSAL });
export type EndpointExpectation = z.infer<typeof endpointExpectationSchema>;

export function endpointAnswerMatches(expected: EndpointExpectation, status: number | null): boolean {
  if (status === null || isRedirect(status)) return false;
  if (expected === 'not-5xx') return status < 500;
  return statusMatches(expected, status);
}

export function describeExpectation(expected: EndpointExpectation): string {
  if (expected === 'not-5xx') return 'not 5xx';
  return Array.isArray(expected) ? expected.join(' or ') : String(expected);
}
