// The console's defaults for what the spec does not show now follow the official client
// (tamara-solution/php-sdk, docs/emulator-fidelity.md): reading an order is
// GET /merchants/orders/{order_id}, no longer GET /orders/{order_id}. Only profiles whose six
// operations are all still the old defaults move; a profile someone configured keeps what they
// chose, whole.
export default /* sql */ `
UPDATE profiles
SET operations = json_set(operations, '$.getOrder.path', '/merchants/orders/{order_id}'),
    updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE json_valid(operations)
  AND json_extract(operations, '$.authorise.method') = 'POST'
  AND json_extract(operations, '$.authorise.path') = '/orders/{order_id}/authorise'
  AND json_extract(operations, '$.capture.method') = 'POST'
  AND json_extract(operations, '$.capture.path') = '/payments/capture'
  AND json_extract(operations, '$.getOrder.method') = 'GET'
  AND json_extract(operations, '$.getOrder.path') = '/orders/{order_id}'
  AND json_extract(operations, '$.cancel.method') = 'POST'
  AND json_extract(operations, '$.cancel.path') = '/orders/{order_id}/cancel'
  AND json_extract(operations, '$.refund.method') = 'POST'
  AND json_extract(operations, '$.refund.path') = '/payments/simplified-refund/{order_id}'
  AND json_extract(operations, '$.updateReferenceId.method') = 'PUT'
  AND json_extract(operations, '$.updateReferenceId.path') = '/orders/{order_id}/reference-id';
`;
