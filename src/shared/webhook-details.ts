import { z } from 'zod';
import { bodyVerdictSchema, tokenVerdictSchema } from './events';

/**
 * What the listener stores in a webhook record's `details` (and the timeline's detail pane and
 * the JWT inspector read): each token it found, judged on its own, and the body's findings.
 */
export const tokenCheckSchema = z.object({
  /** Where the token came from: `?serviceToken=` or `Authorization: Bearer`. */
  source: z.enum(['query', 'header']),
  present: z.boolean(),
  /** The verdict for this token alone (the record's token_verdict summarises both). */
  verdict: tokenVerdictSchema,
  /** One sentence a person understands: "expired 3 minutes before it arrived". */
  reason: z.string(),
  /** Decoded JOSE header and claims, when the token could be decoded at all. */
  header: z.record(z.string(), z.unknown()).nullable(),
  claims: z.record(z.string(), z.unknown()).nullable(),
  /**
   * The decode's warnings (token-warnings.ts decodeWarnings, what `jwt verify` prints): a name
   * the header or claims give twice (`The claims part gives "exp" 2 times; the last one counts.`:
   * the claims above keep only the last, as the verdict does), characters that are invisible or
   * reorder text, a time in milliseconds. Named for the first; records stored before this
   * existed read as none, records stored before the others were added hold only names twice.
   */
  nameWarnings: z.array(z.string()).default([]),
  /**
   * Where the official client judges this token otherwise than the verdict (an expiry inside the
   * console's clock tolerance; a token php-jwt reads that the console calls malformed), in
   * official-client-words.ts's words. Records stored before this existed read as none.
   */
  clientWarnings: z.array(z.string()).default([]),
});
export type TokenCheck = z.infer<typeof tokenCheckSchema>;

export const bodyFindingSchema = z.object({
  severity: z.enum(['error', 'warning']),
  /** JSON path in the payload, formatted like `data.captured_amount.amount`. */
  path: z.string(),
  message: z.string(),
});
export type BodyFinding = z.infer<typeof bodyFindingSchema>;

export const webhookDetailsSchema = z.object({
  token: z.object({
    verdict: tokenVerdictSchema,
    reason: z.string(),
    checks: z.array(tokenCheckSchema),
    /**
     * What the verdict alone does not say, such as a token sent in only one of the two places
     * the spec names (path `serviceToken` or `Authorization`, the place it was missing from).
     * Records stored before this existed read as none.
     */
    findings: z.array(bodyFindingSchema).default([]),
  }),
  body: z.object({
    verdict: bodyVerdictSchema,
    findings: z.array(bodyFindingSchema),
  }),
  /**
   * The answer the listener planned (status and delay as configured): not that it went out. The
   * row's status says what was answered, and stays empty while the answer waits out its delay or
   * when it never went out (handle-webhook.ts).
   */
  response: z.object({ status: z.number().int(), delayMs: z.number().int() }).optional(),
});
export type WebhookDetails = z.infer<typeof webhookDetailsSchema>;

/** Only the findings are read: a verdict the schema no longer lists leaves them readable. */
const storedBody = z.object({ body: z.object({ findings: z.array(bodyFindingSchema) }) });

/**
 * The body findings the listener stored with a webhook record (`details.body`), or null when the
 * record carries no readable judgement (stored before one was kept, or damaged). Read, never
 * judged again: the body is judged once, as it arrives, and every reader shows that judgement.
 */
export function storedBodyFindings(details: unknown): BodyFinding[] | null {
  const stored = storedBody.safeParse(details);
  return stored.success ? stored.data.body.findings : null;
}
