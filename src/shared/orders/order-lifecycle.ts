import { z } from 'zod';
import { eventKindSchema, type TimelineSummary } from '../events';
import { originalProvenanceSchema, provenanceSchema } from '../provenance';
import { severitySchema, worstSeverity } from './findings-severity';
import { knownFromSchema } from './order-known-from';
import { LIFECYCLE_STEPS, orderStateSchema } from './order-states';

/**
 * What the console knows about one order, derived from the records it has seen (never stored
 * as truth of its own): the lifecycle entries with the state after each, the strip, the facts
 * from the create-checkout exchange, and the current known state.
 */

/** Where a lifecycle entry's claim comes from, strongest first. */
export const LIFECYCLE_SOURCES = ['webhook', 'get_order', 'response', 'create', 'record'] as const;
export const lifecycleSourceSchema = z.enum(LIFECYCLE_SOURCES);
export type LifecycleSource = z.infer<typeof lifecycleSourceSchema>;

/** Webhooks and get-order answers are the service speaking about the order; the rest is inference. */
export function isAuthoritativeSource(source: LifecycleSource): boolean {
  return source === 'webhook' || source === 'get_order';
}

/**
 * What one record did to the known state:
 * - `moved`: the state changed (or a further capture/refund was counted);
 * - `confirmed`: it says what was already known (a webhook after a 2xx answer);
 * - `duplicate`: the same notification again (same event type, same data), no new step;
 * - `out_of_order`: it claims a step the order is already past (or one after its end), kept as a flag;
 * - `failed`: an operation that did not succeed (non-2xx or no answer), so nothing moved;
 * - `unanswered`: an operation cancelled once sent whole: it may have been carried out, so the
 *   order's state is unknown for it; nothing moved on its word;
 * - `pending`: an operation still waiting for its answer;
 * - `unknown`: an event type or status the console does not know: listed, not guessed;
 * - `info`: a fact without a state (a reference id update, a get-order answer without a status);
 * - `copy`: the console's doing (a replay, a crafted send, a forward, an import) or the emulator's
 *   delivery log of a notification: listed, never evidence;
 * - `unverified`: a notification whose token was not judged valid: it may not be the service's,
 *   so it does not move the order;
 * - `contradicts`: the service's own notification or answer that cannot be true of this order
 *   (another currency, more than the total, a capture it cannot name): a finding, never summed;
 * - `other_profile`: a verified notification or an answer that came under another profile than
 *   the order's (order-profile.ts): another merchant account's service, a finding, never counted.
 */
export const ENTRY_EFFECTS = [
  'moved',
  'confirmed',
  'duplicate',
  'out_of_order',
  'failed',
  'unanswered',
  'pending',
  'unknown',
  'info',
  'copy',
  'unverified',
  'contradicts',
  'other_profile',
] as const;
export const entryEffectSchema = z.enum(ENTRY_EFFECTS);
export type EntryEffect = z.infer<typeof entryEffectSchema>;

/**
 * Entry effects of a record that counted for nothing, each for a reason of its own:
 * - `pending`: no answer has come yet, so nothing of the service's was read (a call still
 *   waiting read `evidence: true` in `orders show --json`, and a damaged one "counted");
 * - `unanswered`: no answer came and none will: the service may have acted on it, but said
 *   nothing, and the order did not move on it;
 * - `unknown`: what it says could not be read, or names nothing the console knows;
 * - `contradicts`: the service's words cannot be true of this order: a finding, never summed;
 * - `unverified`: it may not be the service's at all;
 * - `copy`: it is the console's doing or the emulator's log, never the service's word;
 * - `other_profile`: it is another profile's service speaking, not this order's.
 * The rest count: `moved` and `confirmed` are read as the service's word; `duplicate` and
 * `out_of_order` are its word again, or late (an out-of-order one still proves its step on the
 * strip); `failed` is its answer refusing the call (one with no answer at all is not:
 * isCountedEntry); `info` is its answer that names no state (a reference id update, a get-order
 * answer without a status).
 */
const NOT_COUNTED_EFFECTS: readonly EntryEffect[] = [
  'pending',
  'unanswered',
  'unknown',
  'contradicts',
  'unverified',
  'copy',
  'other_profile',
];

/**
 * Whether the derivation counted a record as the service's own, verified evidence (it moved,
 * confirmed, or was otherwise read as the service's word): the one judgement a damaged record's
 * finding and `orders show --json`'s `evidence` take from its entry. A webhook the console did
 * not make is `service` by provenance even when its token did not verify, and a call the
 * console sent is the merchant's own even before its answer; this says neither is evidence.
 * `failed` is both a refusal (the service's answer) and a call that got none (the connection
 * refused, a timeout before it was sent whole): only its record's status tells them apart, and
 * without one nothing of the service's was read.
 */
export const isCountedEntry = (
  entry: Pick<LifecycleEntry, 'effect'>,
  record: Pick<TimelineSummary, 'status'>,
): boolean =>
  !NOT_COUNTED_EFFECTS.includes(entry.effect) && !(entry.effect === 'failed' && record.status === null);

/** What a record did, in the words the Orders view and `orders show` both print (JSON keeps the enum). */
export const ENTRY_EFFECT_WORDS: Record<EntryEffect, string> = {
  moved: 'moved',
  confirmed: 'confirmed',
  duplicate: 'duplicate',
  out_of_order: 'out of order',
  failed: 'failed',
  unanswered: 'unanswered',
  pending: 'pending',
  unknown: 'unknown',
  info: 'info',
  copy: 'not evidence',
  unverified: 'not verified',
  contradicts: 'contradicts',
  other_profile: "another profile's",
};

export const lifecycleStepSchema = z.enum(LIFECYCLE_STEPS);

export const lifecycleEntrySchema = z.object({
  recordId: z.number().int(),
  at: z.string(),
  kind: eventKindSchema,
  source: lifecycleSourceSchema,
  /** A short name: `order_captured`, `capture → 200`, `getOrder → 200`. */
  what: z.string(),
  /** The step the record speaks of (null: none, or unknown). */
  step: lifecycleStepSchema.nullable(),
  effect: entryEffectSchema,
  /** The known state once this record is taken into account. */
  stateAfter: orderStateSchema.nullable(),
  /** Why the entry had its effect, in words. */
  evidence: z.string(),
  /** A webhook whose notification token was not judged valid (so not counted). */
  unverified: z.boolean(),
  /** Whose doing the record was; only `service` records are evidence. */
  provenance: provenanceSchema,
  /** An import's provenance where it came from (its file's word); null for the rest. */
  originalProvenance: originalProvenanceSchema.nullable().default(null),
  /** For a replay: the listener's record of that same send (shown as one send), when there is one. */
  linkedRecordId: z.number().int().nullable(),
  /**
   * The profile a record of the service's came under when it is not the order's (order-profile.ts),
   * by name: marked wherever the record is listed (`another profile's: Local`). Null for the rest.
   */
  otherProfile: z.string().nullable().default(null),
});
export type LifecycleEntry = z.infer<typeof lifecycleEntrySchema>;

/**
 * One step of the strip: `done` (seen), `current` (the known state), `unseen` (passed without
 * a record proving it, e.g. no `order_approved` arrived before `order_authorised`), `pending`
 * (after the known state: not reached), `unknown` (the order has no known state, so whether the
 * step was reached is not known: "not reached" stood on every step of an order its emulator held
 * as captured and refunded).
 */
export const STRIP_STEP_STATUSES = ['done', 'current', 'unseen', 'pending', 'unknown'] as const;
export const stripStepSchema = z.object({
  step: lifecycleStepSchema,
  status: z.enum(STRIP_STEP_STATUSES),
  /** When the step was first reached. */
  at: z.string().nullable(),
  /** The record that proves it (the strongest evidence seen). */
  recordId: z.number().int().nullable(),
  source: lifecycleSourceSchema.nullable(),
  /**
   * Set when the record that proves it (recordId) came out of order: what its entry says was
   * done with it and why (`not applied: the order was already fully captured…`).
   */
  late: z.string().nullable().default(null),
  /**
   * The record that first reached the step (`at` is its time) and its kind: the answer to a
   * call, say, which a webhook then confirmed (`source` webhook). The same as recordId / source
   * when the strongest evidence came first.
   */
  reachedRecordId: z.number().int().nullable(),
  reachedBy: lifecycleSourceSchema.nullable(),
  /** e.g. `partially captured: 40.00 of 100.00 SAR`. */
  detail: z.string().nullable(),
});
export type StripStep = z.infer<typeof stripStepSchema>;

/** A strip step's status in the words the Orders view and `orders show` both print (JSON keeps the enum). */
export const STRIP_STATUS_WORDS: Record<StripStep['status'], string> = {
  done: 'done',
  current: 'current',
  unseen: 'passed, not seen',
  pending: 'not reached',
  unknown: 'not seen',
};

/** What reached or proved a step, in the words of the Orders view's strip and `orders show`. */
export const STRIP_SOURCE_WORDS: Record<NonNullable<StripStep['source']>, string> = {
  webhook: 'by webhook',
  get_order: 'by get order',
  response: 'by response',
  create: 'by create answer',
  record: '',
};

export const orderFactsSchema = z.object({
  referenceId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** The order total from the create-checkout request, written with the currency's decimals. */
  amount: z.string().nullable(),
  /**
   * Why the total is unknown when a create-checkout request gives one that cannot be counted
   * (401.625 OMR: OMR takes 2 decimals); null when the total is known or no such request is.
   */
  totalUnknown: z.string().nullable().default(null),
  currency: z.string().nullable(),
  checkoutId: z.string().nullable(),
  checkoutUrl: z.string().nullable(),
  profileId: z.number().int().nullable(),
  profileName: z.string().nullable(),
  /** The create-checkout record (null when the order was first seen another way). */
  createRecordId: z.number().int().nullable(),
  /**
   * The service's creation of the order: its create-checkout answer; null when this console
   * holds no record of it (say firstSeenAt, order-created.ts), a notification's time included.
   */
  createdAt: z.string().nullable(),
  /** This console's first record of the order, of any kind (an import is dated as its file says). */
  firstSeenAt: z.string(),
  /**
   * The newest record the order counted as the service's evidence (isCountedEntry: a verified
   * notification, an answer to the merchant's own call, a refusal too; not a call with no answer
   * yet or none at all), else the first record: the list's order (last-evidence.ts).
   */
  lastActivityAt: z.string(),
  /**
   * The newest counted evidence's time (lastActivityAt); null when the order has none, and its
   * first record dates it: a time no view calls evidence (last-evidence.ts, lastEvidenceWords).
   */
  lastEvidenceAt: z.string().nullable(),
  /**
   * The newest record when it is newer than the last activity and not the service's evidence (a
   * replay, a forward, a crafted or unverified webhook, an import, the emulator's delivery, a call
   * still waiting for its answer or left without one): shown marked, never dating the order.
   * `whose` is whoseWord's (`console: replay`, `unverified`, and `service` for a delivery, the
   * emulator's send standing in for the service's, and for the merchant's own call); `effect` is
   * its entry's (null when it has none of its own: a replay's arrival, shown with the replay).
   */
  latestRecord: z
    .object({
      recordId: z.number().int(),
      at: z.string(),
      whose: z.string(),
      effect: entryEffectSchema.nullable().default(null),
    })
    .nullable()
    .default(null),
  recordCount: z.number().int(),
  capturedAmount: z.string().nullable(),
  refundedAmount: z.string().nullable(),
  /**
   * What was canceled: the whole total for a canceled order, the uncaptured rest when a cancel
   * followed a partial capture; null when nothing was (or the total is not known).
   */
  canceledAmount: z.string().nullable(),
  /** What a capture may still take (total - captured), when the total is known. */
  remainingToCapture: z.string().nullable(),
  /** What a refund may still give back (captured - refunded), when known. */
  remainingToRefund: z.string().nullable(),
});
export type OrderFacts = z.infer<typeof orderFactsSchema>;

/** Something the service's own evidence says that cannot be true of this order, or cannot be read. */
export const orderFindingSchema = z.object({
  recordId: z.number().int(),
  severity: severitySchema,
  /** `currency_mismatch`, `over_capture`, `over_refund`, `unknown_capture`, `capture_amount_changed`, `refund_amount_changed`, `unreadable_amount`, `zero_amount`, `names_another_order`, `not_an_answer`, `another_checkout`, `create_status`; warnings: `unreadable_body`, `order_names_disagree`, `damaged_record` (not counted), `damaged_record_read` (counted), `another_profile` (a record of another profile's, not counted). */
  code: z.string(),
  message: z.string(),
});
export type OrderFinding = z.infer<typeof orderFindingSchema>;

/** A record damaged in part whose readable parts still counted (its time alone, say). */
export const DAMAGED_RECORD_READ = 'damaged_record_read';

/**
 * A finding about a record that still counts for the order: a request that names this order
 * (and the service answered for it) but was sent for another, or also names another; a record
 * damaged in part that was read from what could be read. Every other finding's record is not
 * counted, and the Orders view and `orders show` say so.
 */
export const COUNTED_FINDING_CODES: readonly string[] = ['order_names_disagree', DAMAGED_RECORD_READ];

/** A record of the service's that came under another profile than the order's (order-profile.ts). */
export const ANOTHER_PROFILE = 'another_profile';

export const isCountedFinding = (finding: Pick<OrderFinding, 'code'>): boolean =>
  COUNTED_FINDING_CODES.includes(finding.code);

/**
 * What the findings are, and whether their records count, as the Orders view and `orders show`
 * both head them after their count. A call sent from another order's editor that names this one
 * counts; it is no contradiction, and the headline must not call it one.
 */
export function findingsWords(findings: readonly Pick<OrderFinding, 'code'>[]): string {
  const counted = findings.filter(isCountedFinding).length;
  const namesThis = findings.filter((finding) => finding.code === 'order_names_disagree').length;
  const read = counted - namesThis;
  const otherProfiles = findings.filter((finding) => finding.code === ANOTHER_PROFILE).length;
  const kinds: string[] = [];
  if (counted + otherProfiles < findings.length)
    kinds.push('evidence that contradicts the order or cannot be read, not counted');
  // Valid where it came from, so not "contradicts": another merchant account's service spoke.
  if (otherProfiles > 0)
    kinds.push(
      otherProfiles === 1
        ? "a record of another profile's, not counted"
        : "records of other profiles', not counted",
    );
  if (namesThis > 0)
    kinds.push(
      namesThis === 1
        ? 'a call sent for another order that names this one, counted'
        : 'calls sent for another order that name this one, counted',
    );
  if (read > 0)
    kinds.push(
      read === 1
        ? 'a damaged record read from the parts that can be read, counted'
        : 'damaged records read from the parts that can be read, counted',
    );
  return kinds.join('; ');
}

export const orderLifecycleSchema = z.object({
  orderId: z.string(),
  /** The current known state; null when nothing seen says one (e.g. only failed calls). */
  state: orderStateSchema.nullable(),
  /**
   * The state is "fully" captured or refunded by the documented default, not the amounts: the
   * total is unknown here ("an unknown total counts a capture as full"), so an uncaptured rest
   * may be left (rest-shown.ts decides; stateByDefaultWords says it).
   */
  stateByDefault: z.boolean().default(false),
  /** What the order is known from: the service's own records, or only imports or the console's sends. */
  knownFrom: knownFromSchema,
  /** The entry that set the current state. */
  stateRecordId: z.number().int().nullable(),
  stateSource: lifecycleSourceSchema.nullable(),
  facts: orderFactsSchema,
  entries: z.array(lifecycleEntrySchema),
  strip: z.array(stripStepSchema),
  /** How many entries were flagged out of order. */
  outOfOrder: z.number().int(),
  /** What the service's own evidence says that contradicts the order. */
  findings: z.array(orderFindingSchema),
});
export type OrderLifecycle = z.infer<typeof orderLifecycleSchema>;

/**
 * What lastActivityAt is called wherever it is shown (the list, the view, `orders`): the time of
 * the service's newest evidence, not of the newest record (a delivery, a replay may be later), so
 * its label says which records count.
 */
export const LAST_ACTIVITY_LABEL = 'Last evidence';

/** One row of the Orders list. */
export const orderSummarySchema = z.object({
  orderId: z.string(),
  state: orderStateSchema.nullable(),
  /** OrderLifecycle.stateByDefault, stored with the summary (migration 047). */
  stateByDefault: z.boolean().default(false),
  knownFrom: knownFromSchema,
  referenceId: z.string().nullable(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  profileId: z.number().int().nullable(),
  profileName: z.string().nullable(),
  createdAt: z.string().nullable(),
  firstSeenAt: z.string(),
  /** The list's order: the last evidence, else the first record (OrderFacts.lastActivityAt). */
  lastActivityAt: z.string(),
  /** Null when the order has no evidence of the service's (OrderFacts.lastEvidenceAt). */
  lastEvidenceAt: z.string().nullable(),
  recordCount: z.number().int(),
  outOfOrder: z.number().int(),
  /** How many findings the order has (see OrderLifecycle.findings). */
  findings: z.number().int(),
  /** The worst of them (worstSeverity), stored with the summary (migration 048); null when none. */
  findingsSeverity: severitySchema.nullable().default(null),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export function summariseLifecycle(lifecycle: OrderLifecycle): OrderSummary {
  const { facts } = lifecycle;
  return {
    orderId: lifecycle.orderId,
    state: lifecycle.state,
    stateByDefault: lifecycle.stateByDefault,
    knownFrom: lifecycle.knownFrom,
    referenceId: facts.referenceId,
    amount: facts.amount,
    currency: facts.currency,
    profileId: facts.profileId,
    profileName: facts.profileName,
    createdAt: facts.createdAt,
    firstSeenAt: facts.firstSeenAt,
    lastActivityAt: facts.lastActivityAt,
    lastEvidenceAt: facts.lastEvidenceAt,
    recordCount: facts.recordCount,
    outOfOrder: lifecycle.outOfOrder,
    findings: lifecycle.findings.length,
    findingsSeverity: worstSeverity(lifecycle.findings),
  };
}
