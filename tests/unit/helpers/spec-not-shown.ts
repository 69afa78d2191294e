/**
 * Every "not shown" of the service's description (the spec, kept outside this repository), in
 * its words, with the rows of docs/defaults.md that say what the console does instead. A new
 * "not shown" needs its entry here and its row there; docs-defaults.test.ts holds them together.
 */
export const SPEC_NOT_SHOWN: readonly { spec: string; rows: readonly string[] }[] = [
  {
    spec: 'Capture, refund and every other operation: not shown',
    rows: ['Capture operation', 'Refund operation', 'Cancel operation', 'Body of capture', 'Body of refund'],
  },
  {
    spec: 'The allowed values of `payment_type` and `instalments` are not shown',
    rows: ['`payment_type` values', '`instalments` values'],
  },
  {
    spec: 'The name of the request field that carries the notification URL is not shown',
    rows: ['Request field for the notification URL'],
  },
  {
    spec: 'Additional risk field names … Their types and requirement rules: not shown',
    rows: ['Types and requirement rules of the additional risk fields'],
  },
  {
    spec: 'Some merchant categories and the UAE region have extra risk or identity-verification data requirements. Their content: not shown',
    rows: ['Extra data some merchant categories and the UAE require'],
  },
  {
    spec: 'locale: If omitted: a new customer gets `ar_SA`; an existing customer keeps the stored preference',
    rows: ['Checkout page language without `locale`'],
  },
  {
    spec: 'The order record as returned by any retrieval operation: not shown',
    rows: ['What a get-order answer says', 'A Money the request did not give, in the order record'],
  },
  {
    spec: 'Other states and moves, including the state after capture, expiry, decline and cancellation: not shown',
    rows: ['States of an order that ended unpaid', 'States after a capture', 'States after a refund'],
  },
  {
    spec: 'Authorisation operation (method, path, request and response): not shown',
    rows: ['Authorisation operation', 'Body of authorise'],
  },
  {
    spec: 'Capture, order retrieval, order_reference_id update and every other operation: not shown',
    rows: ['Capture operation', 'Get order operation', 'Update reference id operation'],
  },
  { spec: 'The claims inside the JWT: not shown', rows: ['Claims a notification JWT must carry'] },
  {
    spec: 'Event types beyond these three, retry behaviour, and the response the merchant endpoint must return: not shown',
    rows: [
      "Event types beyond the spec's three",
      'Attempts per notification',
      'Wait between attempts',
      'A notification counts as delivered',
      'The answer a merchant endpoint gives',
    ],
  },
  {
    spec: 'All other error codes and status codes, and the errors of other operations: not shown',
    rows: ['Error codes beyond `not_supported_country_currency`'],
  },
  {
    spec: 'Rate limits and request-size limits: not shown',
    rows: ['Rate limits', 'Largest request body', 'Request-size limit'],
  },
  {
    spec: 'Version negotiation and deprecation policy: not shown',
    rows: ['Version negotiation and deprecation'],
  },
];
