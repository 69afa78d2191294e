import { UNREADABLE_AT } from '../damaged-record-words';
import { DEFAULT_CURRENCY } from '../checkout/currencies';
import { readMoneyField, unreadableMoneyWhy } from './order-amounts';
import { formatMinorAmount } from '../money-format';
import { heldOtherwiseReader, heldOtherwiseWithin } from '../written-number-reader';
import type { OrderFacts } from './order-lifecycle';
import type { OrderProfile } from './order-profile';
import { webhookNotCounted } from './webhook-not-counted';
import {
  isJsonObject,
  isSuccess,
  notAnAnswerOf,
  operationOf,
  stringField,
  type OrderRecord,
} from './order-record';

type FixedFacts = Omit<
  OrderFacts,
  | 'referenceId'
  | 'capturedAmount'
  | 'refundedAmount'
  | 'canceledAmount'
  | 'remainingToCapture'
  | 'remainingToRefund'
  // Dated from the walk's entries, by the judgement that says what counted (last-evidence.ts).
  | 'lastActivityAt'
  | 'lastEvidenceAt'
  | 'latestRecord'
>;

/** What the records say about the order itself; the reference id may change as they are walked. */
export interface FactsDraft {
  public: FixedFacts;
  referenceId: string | null;
  /** The order total in minor units of `currency`, when the create-checkout request is known. */
  totalMinor: bigint | null;
  currency: string | null;
  /**
   * The create-checkout exchange that made the order, as it was (an update of the reference id
   * does not change it): another create answer with this order id is judged against it.
   */
  create: {
    recordId: number;
    checkoutId: string | null;
    referenceId: string | null;
    totalMinor: bigint | null;
    currency: string | null;
  } | null;
}

/** A notification of the service's own whose token verified and which the order counts. */
const isVerifiedNotification = (record: OrderRecord): boolean =>
  record.kind === 'webhook' && record.tokenVerdict === 'valid' && webhookNotCounted(record) === null;

/**
 * Facts from the create-checkout exchange (the request's total, reference and number; the
 * answer's checkout id and URL), else from the first verified notification that names them.
 * `evidence` is the service's own records of the order's profile, `all` every record (times and
 * counts); both oldest first. `profile` is the order's (order-profile.ts), else its first record's.
 */
export function readOrderFacts(
  evidence: readonly OrderRecord[],
  all: readonly OrderRecord[],
  profile: OrderProfile | null = null,
): FactsDraft {
  const records = evidence;
  const create = records.find(
    (record) =>
      record.kind === 'request' &&
      operationOf(record) === 'createCheckout' &&
      isSuccess(record) &&
      notAnAnswerOf(record) === null,
  );
  // A record whose stored time is damaged ('') dates nothing: it is listed, and a finding.
  const dated = (record: OrderRecord) => record.at !== UNREADABLE_AT;
  const first = all.find(dated);
  const request = create?.requestJson;
  const requestAt = heldOtherwiseReader(create?.requestText);
  const total = readMoneyField(request, ['total_amount'], DEFAULT_CURRENCY, requestAt);
  const webhookValue = (key: string) => {
    for (const record of records) {
      // A notification the order does not count (refused, an error in its body, a key given
      // twice) names no number or reference either: its word is no evidence of anything.
      if (!isVerifiedNotification(record)) continue;
      const value = stringField(record.requestJson, key);
      if (value !== null) return value;
    }
    return null;
  };
  const referenceFromColumn = (
    records.find((record) => record.orderReferenceId !== null) ??
    all.find((record) => record.orderReferenceId !== null)
  )?.orderReferenceId;
  const owner = profile ?? create ?? first ?? all[0];
  // The create-checkout call is there: the total is unknown because of what it gives, said so.
  const given = isJsonObject(request) ? request['total_amount'] : undefined;
  const totalUnknown =
    create === undefined || total !== null
      ? null
      : `the create-checkout request (record #${create.id}) ${
          given === undefined
            ? 'gives no total_amount'
            : `gives total_amount, but not as an amount that can be counted: ${unreadableMoneyWhy(given, requestAt === undefined ? undefined : heldOtherwiseWithin(requestAt, ['total_amount'])) ?? 'it does not read as Money'}`
        }`;
  return {
    public: {
      orderNumber: stringField(request, 'order_number') ?? webhookValue('order_number'),
      amount: total === null ? null : formatMinorAmount(total.minor, total.currency),
      totalUnknown,
      currency: total?.currency ?? null,
      checkoutId: stringField(create?.responseJson, 'checkout_id'),
      checkoutUrl: stringField(create?.responseJson, 'checkout_url'),
      profileId: owner?.profileId ?? null,
      profileName: owner?.profileName ?? null,
      createRecordId: create?.id ?? null,
      // The service's creation: its create-checkout answer, the one record of it. An imported
      // copy, a replay or a forward dated before (an import of records from 2026-11-01) made an
      // order "created" on a day its own strip called "not seen"; a verified notification made
      // an order created with curl "created" when its order_approved arrived, under a New step
      // saying "no record". Without that answer the first record is only when this console first
      // saw the order, and is said so (order-created.ts).
      createdAt: create !== undefined && dated(create) ? create.at : null,
      firstSeenAt: first?.at ?? new Date(0).toISOString(),
      recordCount: all.length,
    },
    referenceId:
      stringField(request, 'order_reference_id') ??
      create?.orderReferenceId ??
      webhookValue('order_reference_id') ??
      referenceFromColumn ??
      null,
    totalMinor: total?.minor ?? null,
    currency: total?.currency ?? null,
    create:
      create === undefined
        ? null
        : {
            recordId: create.id,
            checkoutId: stringField(create.responseJson, 'checkout_id'),
            referenceId: stringField(request, 'order_reference_id'),
            totalMinor: total?.minor ?? null,
            currency: total?.currency ?? null,
          },
  };
}
