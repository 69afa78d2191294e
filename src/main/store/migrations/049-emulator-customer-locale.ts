// The spec: without a locale "an existing customer keeps the stored preference". The emulator
// knows a customer by the consumer's phone number (docs/defaults.md), and the preference is the
// locale of their newest order that named one, read from the orders themselves: each order that
// named a locale keeps its customer here, and a partial index finds the newest such order of a
// customer, so an order that names none adds nothing to it and a lookup reads one index entry.
// Existing orders are filled from their payloads (a payload that is not JSON names nobody).
export default /* sql */ `
ALTER TABLE emulator_orders ADD COLUMN locale_customer TEXT;
UPDATE emulator_orders SET locale_customer = CASE WHEN json_valid(payload) THEN
  CASE WHEN json_extract(payload, '$.locale') IN ('ar_SA', 'en_US')
    AND json_type(payload, '$.consumer.phone_number') = 'text'
  THEN json_extract(payload, '$.consumer.phone_number') END
END;
CREATE INDEX emulator_orders_customer_locale ON emulator_orders (locale_customer, created_at_ms)
  WHERE locale_customer IS NOT NULL;
`;
