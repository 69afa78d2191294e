import { z } from 'zod';
import { tokenVerdictSchema, type TimelineDetail } from '../events';
import { isUnreadRequest } from '../raw-request';
import { webhookDetailsSchema } from '../webhook-details';

/**
 * How the listener judged a record's tokens when it arrived, as it stored the judgement: the
 * inspector's tokens are each judged alone, and a record is judged on both places together (two
 * different valid tokens are `mismatch`; two Authorization headers `malformed`), so the record's
 * own verdict is read from what was stored, never rebuilt from its tokens.
 */
export const recordJudgementSchema = z.discriminatedUnion('state', [
  /** Bytes the listener could not read as HTTP: nothing in them was judged. */
  z.object({ state: z.literal('unread'), carriesToken: z.boolean() }),
  z.object({
    state: z.literal('judged'),
    verdict: tokenVerdictSchema,
    reason: z.string().nullable(),
    /**
     * The messages of the token's findings (a token in one place only), as the Timeline's row
     * reads them (tokenFindings): the record view's chip drew `valid` plain beside the row's
     * `valid · 1 warning`. Null where the stored judgement cannot be read.
     */
    findings: z.array(z.string()).nullable(),
    /**
     * Read from a file (history import): the verdict is the file's word, kept as it came, not
     * this listener's judgement on arrival (imported-verdict-words.ts).
     */
    imported: z.boolean(),
  }),
  /** Not the listener's record of a webhook (a delivery's verdict is in its webhook's record). */
  z.object({ state: z.literal('none') }),
]);
export type RecordJudgement = z.infer<typeof recordJudgementSchema>;

export function recordJudgement(
  detail: Pick<TimelineDetail, 'kind' | 'method' | 'tokenVerdict' | 'bodyVerdict' | 'details' | 'imported'>,
  /** Main found a token (or a profile's secret) in the bytes: read only for a raw request. */
  secretsMasked: () => boolean,
): RecordJudgement {
  // The same finding behind curl's "Its bytes carry a token".
  if (isUnreadRequest(detail)) return { state: 'unread', carriesToken: secretsMasked() };
  if (detail.kind !== 'webhook') return { state: 'none' };
  const stored = webhookDetailsSchema.shape.token.safeParse(detail.details['token']);
  if (stored.success)
    return {
      state: 'judged',
      verdict: stored.data.verdict,
      reason: stored.data.reason,
      findings: stored.data.findings.map((finding) => finding.message),
      imported: detail.imported,
    };
  return detail.tokenVerdict === null
    ? { state: 'none' }
    : {
        state: 'judged',
        verdict: detail.tokenVerdict,
        reason: null,
        findings: null,
        imported: detail.imported,
      };
}
