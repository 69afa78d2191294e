import { z } from 'zod';
import { formatCount } from './count-format';
import { formatExactCharacters } from './byte-size';

/**
 * Named drafts of checkout session requests, and the builder's working copy. A draft keeps the
 * raw JSON text as typed, so a deliberately broken payload (or one that does not even parse)
 * is saved exactly as it is.
 */
export const checkoutFormSchema = z.enum(['general', 'education']);

export const DRAFT_TEXT_MAX = 4 * 1024 * 1024;

export const draftNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a draft name')
  .max(120, 'A draft name has at most 120 characters');

// Characters, as the limit counts them (not bytes: "(4 MiB)" beside it read as a size), with the
// count refused beside it.
const draftText = z.string().max(DRAFT_TEXT_MAX, {
  error: (issue) =>
    `A draft is at most ${formatExactCharacters(DRAFT_TEXT_MAX)}${
      typeof issue.input === 'string' ? `; this one has ${formatCount(issue.input.length)}` : ''
    }.`,
});

/** What the builder is editing: the form, its option, and the text of the payload. */
export const builderDocumentSchema = z.object({
  form: checkoutFormSchema,
  /** Education form: single checkout enabled (payment_type and instalments optional). */
  singleCheckout: z.boolean(),
  text: draftText,
});
export type BuilderDocument = z.infer<typeof builderDocumentSchema>;

export const draftSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  form: checkoutFormSchema,
  singleCheckout: z.boolean(),
  /** Characters of text, to show how big a draft is without loading it. */
  size: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DraftSummary = z.infer<typeof draftSummarySchema>;

export const draftSchema = draftSummarySchema.extend({ text: z.string() });
export type Draft = z.infer<typeof draftSchema>;

/**
 * The builder's last send, as far as a reload needs it: where its record is, where it went, and
 * the order it created (the answer itself is the record, on the timeline).
 */
export const lastSendSchema = z.object({
  recordId: z.number().int().positive(),
  profileName: z.string().max(500),
  at: z.string().max(64),
  status: z.number().int().nullable(),
  orderId: z.string().max(500).nullable(),
  checkoutUrl: z.string().max(8192).nullable(),
});
export type LastSend = z.infer<typeof lastSendSchema>;

/**
 * A send still waiting for its answer when the working copy was saved. The tab that made it may
 * close before the answer comes, and the answer's record id is known only then; the next page
 * says a send went, and where its answer is, instead of "Nothing sent yet".
 */
export const unansweredSendSchema = z.object({
  profileName: z.string().max(500),
  at: z.string().max(64),
});
export type UnansweredSend = z.infer<typeof unansweredSendSchema>;

/** The order the builder follows: the one its latest successful send created (a failed send keeps it). */
export const followedOrderSchema = z.object({
  orderId: z.string().max(500),
  checkoutUrl: z.string().max(8192),
  profileName: z.string().max(500),
});
export type FollowedOrderRef = z.infer<typeof followedOrderSchema>;

/**
 * The builder's working copy, saved as it changes so a restart or a reload finds it again:
 * the document, the draft it came from (if any) and whether it differs from that draft.
 */
export const builderStateSchema = builderDocumentSchema.extend({
  draftId: z.number().int().positive().nullable(),
  dirty: z.boolean(),
  /** Give every send a fresh order_reference_id. */
  freshReferenceOnSend: z.boolean(),
  /** The last send (a working copy saved before there was one has none). */
  lastSend: lastSendSchema.nullable().default(null),
  /** A send made after `lastSend` whose answer this copy has not seen (see unansweredSendSchema). */
  unansweredSend: unansweredSendSchema.nullable().default(null),
  /** The order the first-run guide and the Response tab follow, found again after a reload. */
  followedOrder: followedOrderSchema.nullable().default(null),
  /**
   * The order the first-run guide follows, which may be an older send than followedOrder (one
   * that had come further: first-run-progress.ts). Only the order: its state is read again from
   * its records, so a reload or a new tab neither starts over from the last send nor trusts a
   * state that may have moved since.
   */
  guidedOrder: followedOrderSchema.nullable().default(null),
  /**
   * The text is an untouched sample or the request as last sent: a new sample (or draft) replaces
   * it without asking (selectReplaceable in the builder). False in a copy saved before there was one.
   */
  replaceable: z.boolean().default(false),
  /**
   * A newer document this tab held and could not keep (over DRAFT_TEXT_MAX), saved beside the
   * older copy that is kept: the tab opened again says the copy it shows is not the latest.
   */
  notKept: z
    .object({
      at: z.string().max(64),
      bytes: z.number().int().nonnegative(),
      // The limit's measure (DRAFT_TEXT_MAX counts characters); absent in a mark saved before.
      characters: z.number().int().nonnegative().optional(),
    })
    .nullable()
    .default(null),
});
export type BuilderState = z.infer<typeof builderStateSchema>;

/**
 * A working copy kept apart from the tab's own while the builder asks what to do with it (a
 * large one from last time is offered, not opened by itself). Typing meanwhile is saved as the
 * tab's working copy, so this one needs a place of its own, or the first save replaced it.
 * `from-last-time`: the large copy offered when the builder opened. `held-instead`: the document
 * the editor held when that copy was opened in its place, offered back the same way.
 */
export const waitingWorkingCopySchema = z.object({
  kind: z.enum(['from-last-time', 'held-instead']),
  state: builderStateSchema,
});
export type WaitingWorkingCopy = z.infer<typeof waitingWorkingCopySchema>;

/** Which save of one page a working copy's save is (the page's id, then 1, 2, …). */
export const saveOrderSchema = z.object({
  page: z.string().regex(/^[0-9a-f]{1,64}$/, 'A page id is hex digits'),
  n: z.number().int().positive(),
});
export type SaveOrder = z.infer<typeof saveOrderSchema>;
