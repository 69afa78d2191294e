import type { TimelineSummary } from '../events';
import { emulatorArrivalIds, receivedFromEmulator } from './emulator-arrivals';
import { ORDER_STATE_WORDS, totalUnknownWords } from './operation-availability';
import type { OrderFacts, OrderLifecycle } from './order-lifecycle';
import { eventTypeReaches, lifecycleStepOf, type OrderState } from './order-states';
import { tokenJudgedAgainstWords } from './token-judged-against';

type HeldRecord = Pick<
  TimelineSummary,
  | 'id'
  | 'kind'
  | 'eventType'
  | 'tokenVerdict'
  | 'profileName'
  | 'provenance'
  | 'url'
  | 'status'
  | 'notSent'
  | 'error'
  | 'relatedId'
  | 'imported'
>;

/**
 * The order as derived: whether the documented default decided its state (rest-shown.ts, the
 * one rule for "fully" by default), and why its total is unknown (order-facts.ts).
 */
type HeldOrderTotal = Pick<OrderLifecycle, 'stateByDefault'> & { facts: Pick<OrderFacts, 'totalUnknown'> };

/**
 * What this console's emulator holds of an order: its state, or the sentence naming its row when
 * that row is damaged (store/emulator-columns.ts), so what it holds cannot be read.
 */
export type EmulatorHeld = OrderState | { damaged: string };

/** Why a delivery never went out, as its record says it (read-console-record.ts deliveryWords). */
function neverSentWhy(record: HeldRecord): string {
  if (record.notSent === 'dropped') return 'dropped by its fault injection';
  return record.error === null ? 'nowhere to send it' : record.error.replace(/\.$/u, '');
}

/**
 * Where the emulator's notifications of this order went, when the console knows they went
 * elsewhere: deliveries answered by their endpoint, and none of them received here (one that
 * was means the listener is where they go, and the rest may follow; emulator-arrivals.ts).
 */
function deliveredElsewhere(records: readonly HeldRecord[], arrivals: ReadonlySet<number>): string[] {
  const receivedHere = records.some((record) => receivedFromEmulator(record, arrivals));
  if (receivedHere) return [];
  const urls = records
    .filter((record) => record.kind === 'delivery' && record.status !== null && record.url !== null)
    .map((record) => record.url ?? '');
  return [...new Set(urls)];
}

/**
 * Why the order's records say `state` though a verified notification here can leave it `held`:
 * with the total unknown, a capture counts as the whole by the documented default, so the
 * records read "fully" where the emulator, which knows the total, holds the order partially so.
 */
function readOtherwiseWords(
  state: OrderState | null,
  held: OrderState,
  order: HeldOrderTotal | undefined,
): string {
  // The default's "fully" against the emulator's partial state of the same step (captured,
  // refunded): the order's own mark, not a second reading of its amounts.
  const byDefault =
    order !== undefined &&
    order.stateByDefault &&
    state !== null &&
    lifecycleStepOf(state) === lifecycleStepOf(held);
  const says = state === null ? 'no state' : ORDER_STATE_WORDS[state];
  if (!byDefault) return `this order's records, read in order, say ${says} (each record's effect says why)`;
  const total = totalUnknownWords(order.facts.totalUnknown).replace(/\.$/u, '');
  return `this order's total is ${total}, and by the documented default ("an unknown total counts a capture as full") its records read it as ${says}`;
}

/**
 * What this console's emulator holds of an order, when that is not the order's state. The two
 * can differ by the documented rule: an order's state comes only from the service's evidence, and
 * some moves send none (the customer's cancel) or have not reached a listener of this console
 * yet. Said beside the state so two views of one console never disagree without a word; it never
 * moves the state. Null when they agree, or the emulator does not hold the order.
 *
 * `records` are the order's (oldest first): when the emulator's notification of the held state did
 * arrive (the listener's record its delivery names; never a post anyone could send) but its token
 * was not judged valid (judged against another profile's token, say), that record
 * is named with why it did not count; "no record here says so yet" stood beside it. When its
 * notifications were delivered to another endpoint (the order's notification URL is not this
 * listener), that is said, with where: "may be on its way" stood beside six answered deliveries.
 * When the emulator's row of the order is damaged, that row is named in its reader's sentence:
 * the Emulator view named it while the order read as though the emulator did not hold it.
 * When a verified notification here can leave the order in the held state (an order_canceled
 * after a partial capture leaves it partially captured), that record is named, with why the
 * records read otherwise (`order`'s total unknown, say): "no record here says so yet" stood
 * beside it.
 */
export function emulatorHeldStateNote(
  state: OrderState | null,
  held: EmulatorHeld | undefined,
  records: readonly HeldRecord[] = [],
  order?: HeldOrderTotal,
): string | null {
  if (held === undefined || held === state) return null;
  const fromRecords = "this order's state is from its records";
  if (typeof held === 'object')
    return `${held.damaged}: what the emulator holds of this order cannot be read, so ${fromRecords}.`;
  const from = `so ${fromRecords}`;
  // Only a new order can be cancelled by its customer; a later cancel was a call not recorded here.
  if (held === 'canceled' && (state === 'new' || state === null))
    return `The emulator holds this order as canceled (the customer cancelled it there); the service sends no notification for that, ${from}.`;
  const said = records.findLast(
    (record) =>
      record.kind === 'webhook' &&
      record.provenance === 'service' &&
      !record.imported &&
      record.tokenVerdict === 'valid' &&
      eventTypeReaches(record.eventType, held),
  );
  if (said !== undefined)
    return `The emulator holds this order as ${ORDER_STATE_WORDS[held]}; #${said.id} ${said.eventType ?? ''} is here, but ${readOtherwiseWords(state, held, order)}, ${from}.`;
  const arrivals = emulatorArrivalIds(records);
  const arrived = records.findLast(
    (record) =>
      record.kind === 'webhook' &&
      arrivals.has(record.id) &&
      record.tokenVerdict !== 'valid' &&
      eventTypeReaches(record.eventType, held),
  );
  if (arrived !== undefined)
    return `The emulator holds this order as ${ORDER_STATE_WORDS[held]}; #${arrived.id} ${arrived.eventType ?? ''} arrived, but ${tokenJudgedAgainstWords(arrived)}, so it does not count and ${fromRecords}.`;
  // Its notification was never sent (no notification URL, or dropped): no listener can have it.
  // An attempt a stop cancelled before it was written is not sent too, but the notification is
  // still owed (sent again when the emulator runs next): it may yet be on its way.
  const never = records.findLast(
    (record) =>
      record.kind === 'delivery' &&
      (record.notSent === 'dropped' || record.notSent === 'unsent') &&
      eventTypeReaches(record.eventType, held),
  );
  if (never !== undefined)
    return `The emulator holds this order as ${ORDER_STATE_WORDS[held]}; its notification was never sent (#${never.id}: ${neverSentWhy(never)}), ${from}.`;
  const elsewhere = deliveredElsewhere(records, arrivals);
  if (elsewhere.length > 0)
    return `The emulator holds this order as ${ORDER_STATE_WORDS[held]}; its notifications went to ${elsewhere.join(' and ')}, not to this console's listener, ${from}.`;
  return `The emulator holds this order as ${ORDER_STATE_WORDS[held]}; no record here says so yet (its notification may be on its way, dropped by a fault, or sent elsewhere), ${from}.`;
}
