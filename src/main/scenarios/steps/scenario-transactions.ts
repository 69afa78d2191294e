import { randomUUID } from 'node:crypto';
import { formatMinorAmount } from '../../../shared/money-format';
import {
  CAPTURE_ANSWER_KEYS,
  CAPTURE_REQUEST_KEYS,
  readMoneyField,
  readRefundRequestMoney,
  REFUND_ANSWER_KEYS,
  type ReadMoney,
} from '../../../shared/orders/order-amounts';
import type { OperationName } from '../../../shared/profile';
import {
  STAND_IN_MONEY,
  TRANSACTION_DATA,
  type NotificationMoney,
  type NotificationTransaction,
  type TransactionKind,
} from '../../emulator/notification-data';
import type { StepContext, TransactionGot } from '../step-context';

/**
 * What a scenario's own captures and refunds got, so a send-webhook step's order_captured or
 * order_refunded names them as the service's notification would: the id the answer gave, and
 * the amount it said (else the amount the request asked for), in the order's currency and its
 * decimals (three for KWD and BHD).
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const kindOf = (operation: OperationName): TransactionKind | null =>
  operation === 'capture' || operation === 'refund' ? operation : null;

/** A Money read by the orders' one reader, written as a notification writes it. */
const writtenMoney = (money: ReadMoney | null): NotificationMoney | null =>
  money === null || money.currency === null
    ? null
    : { amount: formatMinorAmount(money.minor, money.currency), currency: money.currency };

function parsedJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Remembers a capture or refund the service took (a 2xx answer) for the order: the last of each
 * kind is what a later notification names.
 */
export function rememberTransaction(
  context: StepContext,
  orderId: string,
  call: { operation: OperationName; body: string | null; currency: string | null },
  answer: { status: number; json: unknown },
): void {
  const kind = kindOf(call.operation);
  if (kind === null || answer.status < 200 || answer.status > 299) return;
  const id = isObject(answer.json) ? answer.json[TRANSACTION_DATA[kind].id] : undefined;
  const request = parsedJson(call.body);
  const said = readMoneyField(
    answer.json,
    kind === 'capture' ? CAPTURE_ANSWER_KEYS : REFUND_ANSWER_KEYS,
    call.currency,
  );
  const asked =
    kind === 'capture'
      ? readMoneyField(request, CAPTURE_REQUEST_KEYS, call.currency)
      : readRefundRequestMoney(request, call.currency);
  const got: TransactionGot = {
    id: typeof id === 'string' && id !== '' ? id : null,
    amount: writtenMoney(said) ?? writtenMoney(asked),
  };
  context.transactionsGot.set(orderId, { ...context.transactionsGot.get(orderId), [kind]: got });
}

/**
 * The capture or refund a notification the scenario builds names: the id its own operation got
 * (a new one where none is known), and the amount it got, else, for a refund, the last capture's,
 * else the order's total (`total`), else the stand-in check-endpoint sends.
 */
export function notificationTransaction(
  context: StepContext,
  orderId: string,
  kind: TransactionKind,
  total: () => NotificationMoney | null,
): NotificationTransaction {
  const got = context.transactionsGot.get(orderId);
  const own = got?.[kind];
  const amount =
    own?.amount ?? (kind === 'refund' ? got?.capture?.amount : null) ?? total() ?? STAND_IN_MONEY;
  return { id: own?.id ?? randomUUID(), amount };
}
