import type { OrderLifecycle } from '../orders/order-lifecycle';
import type { CustomerAction, OrderState } from '../orders/order-states';
import { OPERATION_NAMES, type OperationName } from '../profile';
import { TOKEN_VERDICTS, BODY_VERDICTS } from '../events';
import { amount as amountField } from './field-forms';
import { removePointer, writePointer } from './json-pointer';

/**
 * "Save as scenario": an order's lifecycle as the console saw it, written as steps with the
 * expectations it met (statuses, states, webhooks and their verdicts), ready to edit and run
 * again. Copies (replays, forwards, deliveries) and repeated notifications are left out: a
 * scenario replays what the service did, not what the console re-sent.
 */

/** One record as the generator needs it (main reads these from the events table). */
export interface OrderRecordFacts {
  id: number;
  kind: string;
  status: number | null;
  eventType: string | null;
  tokenVerdict: string | null;
  bodyVerdict: string | null;
  requestJson: unknown;
  details: Record<string, unknown>;
}

type Step = Record<string, unknown>;

const CUSTOMER_BEFORE_EVENT: Partial<Record<string, CustomerAction>> = {
  order_approved: 'pay',
  order_declined: 'decline',
  order_expired: 'expire',
};

const isOperation = (value: unknown): value is OperationName =>
  typeof value === 'string' && (OPERATION_NAMES as readonly string[]).includes(value);

/** `merchant_url.notification` → `/merchant_url/notification`. */
const dottedToPointer = (path: string) => `/${path.split('.').join('/')}`;

function checkoutStep(record: OrderRecordFacts): Step {
  let payload: unknown = record.requestJson;
  const notification = record.details['notification'] as { path?: unknown; injected?: unknown } | undefined;
  // The listener URL of that day is filled in again by the run; a URL the user wrote stays.
  if (notification?.injected === true && typeof notification.path === 'string')
    payload = removePointer(payload, dottedToPointer(notification.path));
  if (typeof payload === 'object' && payload !== null && 'order_reference_id' in payload)
    payload = writePointer(payload, '/order_reference_id', '${fresh.reference}');
  return {
    step: 'checkout',
    form: record.details['form'] === 'education' ? 'education' : 'general',
    payload,
    expect: { status: record.status ?? 200 },
  };
}

function operationStep(
  operation: OperationName,
  record: OrderRecordFacts,
  stateAfter: OrderState | null,
): Step {
  const body = record.requestJson as {
    total_amount?: { amount?: unknown };
    order_reference_id?: unknown;
  } | null;
  const amount = body?.total_amount?.amount;
  const withAmount = (operation === 'capture' || operation === 'refund') && amount !== undefined;
  const takenAsAmount = amountField.safeParse(amount).success;
  return {
    step: 'operation',
    operation,
    // An amount the step does not take (a broken one sent on purpose) is sent again as it was,
    // in the whole body: as `amount` it made the saved file one that does not load.
    ...(withAmount ? (takenAsAmount ? { amount } : { body: record.requestJson }) : {}),
    ...(operation === 'updateReferenceId' ? { referenceId: '${fresh.reference}' } : {}),
    expect: {
      status: record.status === null ? '2xx' : record.status,
      ...(stateAfter === null ? {} : { state: stateAfter }),
    },
  };
}

function webhookStep(record: OrderRecordFacts): Step {
  const token = (TOKEN_VERDICTS as readonly string[]).includes(record.tokenVerdict ?? '')
    ? record.tokenVerdict
    : 'valid';
  const body = (BODY_VERDICTS as readonly string[]).includes(record.bodyVerdict ?? '')
    ? record.bodyVerdict
    : 'event';
  return { step: 'expect-webhook', event: record.eventType, token, body };
}

export function scenarioFromOrder(
  lifecycle: OrderLifecycle,
  records: ReadonlyMap<number, OrderRecordFacts>,
): { name: string; steps: Step[] } {
  const steps: Step[] = [];
  let customerActed = false;
  let cancelled = false;
  for (const entry of lifecycle.entries) {
    const record = records.get(entry.recordId);
    // Another profile's record is another merchant account's traffic, not a step of this order.
    const notThisOrders = entry.effect === 'copy' || entry.effect === 'other_profile';
    if (record === undefined || notThisOrders || entry.effect === 'duplicate') continue;
    if (record.kind === 'request') {
      const operation = record.details['operation'];
      if (operation === 'createCheckout') steps.push(checkoutStep(record));
      else if (typeof operation === 'string' && operation.startsWith('customer:')) {
        customerActed = true;
        steps.push({ step: 'customer', action: operation.slice('customer:'.length) });
      } else if (isOperation(operation)) {
        if (operation === 'cancel') cancelled = true;
        const moved = entry.effect === 'moved' || entry.effect === 'confirmed';
        steps.push(
          operationStep(operation, record, moved || entry.effect === 'failed' ? entry.stateAfter : null),
        );
      }
      continue;
    }
    if (record.kind !== 'webhook' || record.eventType === null) continue;
    const action = CUSTOMER_BEFORE_EVENT[record.eventType];
    if (action !== undefined && !customerActed) {
      // The person paid (or declined) on the checkout page; a run does it through the emulator.
      steps.push({ step: 'customer', action });
      customerActed = true;
    }
    steps.push(webhookStep(record));
  }
  if (lifecycle.state === 'canceled' && !cancelled && !customerActed) {
    const at = steps.findIndex((step) => step['step'] === 'checkout');
    steps.splice(at + 1, 0, { step: 'customer', action: 'cancel' });
  }
  if (lifecycle.state !== null) steps.push({ step: 'expect-order', state: lifecycle.state });
  const reference = lifecycle.facts.referenceId ?? lifecycle.orderId;
  return { name: `Order ${reference}, as the console saw it`, steps };
}
