import {
  array,
  dateTime,
  elements,
  nullableString,
  string,
  type PhpArray,
  type PhpRuntime,
} from './php-runtime';
import { address, consumer, discount, items, money, transactions } from './responses';

/**
 * Each operation's response class, its parse() as the client has it; the getters a merchant
 * calls are typed, so a value they would reject is a TypeError here too.
 */

/** CreateCheckoutResponse → CheckoutResponse. */
export const parseCreateCheckout = (php: PhpRuntime, data: PhpArray) => ({
  orderId: string(php.at(data, 'order_id', 'CheckoutResponse'), 'getOrderId()'),
  checkoutUrl: string(php.at(data, 'checkout_url', 'CheckoutResponse'), 'getCheckoutUrl()'),
  checkoutId: string(php.at(data, 'checkout_id', 'CheckoutResponse'), 'getCheckoutId()'),
});

/** GetOrderResponse / GetOrderByReferenceIdResponse. */
export function parseOrder(php: PhpRuntime, data: PhpArray) {
  const where = 'GetOrderByReferenceIdResponse';
  const settlementDate = php.or(data, 'settlement_date', null);
  const orderReferenceId = php.at(data, 'order_reference_id', where);
  const billing = php.at(data, 'billing_address', where);
  const instalments = php.or(data, 'instalments', null);
  if (instalments !== null && !Number.isInteger(instalments))
    throw new TypeError(`getInstalments(): Return value must be of type ?int`);
  return {
    settlementDate:
      settlementDate === null || settlementDate === '' ? null : dateTime(settlementDate, 'settlement_date'),
    orderId: string(php.at(data, 'order_id', where), 'getOrderId()'),
    orderReferenceId: string(orderReferenceId, 'getOrderReferenceId()'),
    orderNumber: string(php.or(data, 'order_number', orderReferenceId), 'getOrderNumber()'),
    consumer: consumer(php, php.at(data, 'consumer', where), 'consumer'),
    status: string(php.at(data, 'status', where), 'getStatus()'),
    billingAddress:
      typeof billing === 'object' && billing !== null ? address(php, billing, 'billing_address') : null,
    shippingAddress: address(php, php.at(data, 'shipping_address', where), 'shipping_address'),
    paymentType: string(php.or(data, 'payment_type', ''), 'getPaymentType()'),
    totalAmount: money(php, php.at(data, 'total_amount', where), 'total_amount'),
    refundedAmount: money(php, php.at(data, 'refunded_amount', where), 'refunded_amount'),
    capturedAmount: money(php, php.at(data, 'captured_amount', where), 'captured_amount'),
    taxAmount: money(php, php.at(data, 'tax_amount', where), 'tax_amount'),
    shippingAmount: money(php, php.at(data, 'shipping_amount', where), 'shipping_amount'),
    discountAmount: discount(php, php.at(data, 'discount_amount', where), 'discount_amount'),
    canceledAmount: money(php, php.at(data, 'canceled_amount', where), 'canceled_amount'),
    items: items(php, php.at(data, 'items', where), 'items'),
    settlementStatus: string(php.or(data, 'settlement_status', ''), 'getSettlementStatus()'),
    createdAt: dateTime(php.at(data, 'created_at', where), 'created_at'),
    transactions: transactions(php, php.at(data, 'transactions', where), 'transactions'),
    instalments,
  };
}

/** AuthoriseOrderResponse. */
export const parseAuthorise = (php: PhpRuntime, data: PhpArray) => {
  const where = 'AuthoriseOrderResponse';
  return {
    orderId: nullableString(php.at(data, 'order_id', where), 'getOrderId()'),
    orderStatus: nullableString(php.at(data, 'status', where), 'getOrderStatus()'),
    orderExpiryTime: dateTime(php.at(data, 'order_expiry_time', where), 'order_expiry_time'),
    paymentType: nullableString(php.at(data, 'payment_type', where), 'getPaymentType()'),
    autoCaptured: Boolean(php.at(data, 'auto_captured', where) ?? false),
    authorizedAmount: money(php, php.at(data, 'authorized_amount', where), 'authorized_amount'),
    captureId: nullableString(php.at(data, 'capture_id', where), 'getCaptureId()'),
  };
};

/** CancelResponse. */
export const parseCancel = (php: PhpRuntime, data: PhpArray) => ({
  orderId: nullableString(php.at(data, 'order_id', 'CancelResponse'), 'getOrderId()'),
  cancelId: nullableString(php.at(data, 'cancel_id', 'CancelResponse'), 'getCancelId()'),
});

/** CaptureResponse. */
export const parseCapture = (php: PhpRuntime, data: PhpArray) => ({
  orderId: nullableString(php.at(data, 'order_id', 'CaptureResponse'), 'getOrderId()'),
  captureId: nullableString(php.at(data, 'capture_id', 'CaptureResponse'), 'getCaptureId()'),
});

/** RefundResponse → RefundItemResponse(string $captureId, string $refundId) for each. */
export const parseRefund = (php: PhpRuntime, data: PhpArray) => ({
  orderId: nullableString(php.at(data, 'order_id', 'RefundResponse'), 'getOrderId()'),
  refunds: elements(array(php.at(data, 'refunds', 'RefundResponse'), 'RefundResponse::toRefunds()')).map(
    (refund, index) => ({
      captureId: string(php.at(refund, 'capture_id', `refunds[${index}]`), 'RefundItemResponse $captureId'),
      refundId: string(php.at(refund, 'refund_id', `refunds[${index}]`), 'RefundItemResponse $refundId'),
    }),
  ),
});

/** SimplifiedRefundResponse. */
export const parseSimplifiedRefund = (php: PhpRuntime, data: PhpArray) => {
  const where = 'SimplifiedRefundResponse';
  return {
    orderId: nullableString(php.at(data, 'order_id', where), 'getOrderId()'),
    comment: nullableString(php.at(data, 'comment', where), 'getComment()'),
    refundId: nullableString(php.at(data, 'refund_id', where), 'getRefundId()'),
    captureId: nullableString(php.at(data, 'capture_id', where), 'getCaptureId()'),
    orderStatus: nullableString(php.at(data, 'status', where), 'getOrderStatus()'),
    refundedAmount: money(php, php.at(data, 'refunded_amount', where), 'refunded_amount'),
  };
};

/** UpdateReferenceIdResponse. */
export const parseUpdateReferenceId = (php: PhpRuntime, data: PhpArray) => ({
  message: string(php.or(data, 'message', ''), 'message'),
});
