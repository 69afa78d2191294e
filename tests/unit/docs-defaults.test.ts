import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_MS } from '../../src/shared/merchant-api';
import { HISTORY_DEFAULT_LIMIT } from '../../src/main/cli/commands/history-filter-flags';
import { DEFAULT_SERVE_PORT } from '../../src/main/cli/commands/serve';
import { newOrderFrom } from '../../src/main/emulator/create-checkout';
import { TOKEN_LIFETIME_SECONDS } from '../../src/main/emulator/notification-token';
import { ALLOWED_ALGORITHM, DEFAULT_CLOCK_TOLERANCE_SECONDS } from '../../src/main/jwt/check-token';
import { FORWARD_TIMEOUT_MS } from '../../src/main/listener/forward-webhook';
import { responseBody } from '../../src/main/listener/plan-response';
import { LISTENER_BODY_IDLE_TIMEOUT_MS } from '../../src/main/listener/listener-limits';
import { MAX_RESPONSE_BYTES } from '../../src/main/outbound/http-exchange';
import { serviceRequestHeaders } from '../../src/main/merchant-api/request-planner';
import { validateCheckout, type Finding } from '../../src/shared/checkout';
import { generateSample } from '../../src/shared/checkout/sample';
import {
  COUNTRIES,
  currencyForCountry,
  DEFAULT_CURRENCY,
  precisionOf,
} from '../../src/shared/checkout/currencies';
import { DEFAULT_EMPTY_OPTIONAL } from '../../src/shared/checkout/empty-optional';
import { DEFAULT_INSTALMENTS_REQUIRED } from '../../src/shared/checkout/instalments';
import { DEFAULT_MISSING_COUNTRY_CODE } from '../../src/shared/checkout/missing-country';
import { EXTRA_RISK_FIELDS, LIMITS, PAYMENT_TYPE_SUGGESTIONS } from '../../src/shared/checkout/limits';
import { decimalsOf, parseAmount } from '../../src/shared/checkout/money';
import { DEFAULT_EMULATOR_SETTINGS } from '../../src/shared/emulator';
import { DEFAULT_LISTENER_SETTINGS, KIB, MIB, TOO_LARGE_KEPT_BYTES } from '../../src/shared/listener';
import { defaultOperationBody } from '../../src/shared/operation-bodies';
import {
  CAPTURE_EVENT_KEYS,
  CAPTURE_REQUEST_KEYS,
  REFUND_EVENT_KEYS,
  REFUND_REQUEST_KEYS,
  CAPTURE_ANSWER_KEYS,
  REFUND_ANSWER_KEYS,
} from '../../src/shared/orders/order-amounts';
import {
  EXTENSION_EVENT_TYPES,
  lifecycleStepOf,
  OPERATION_FROM_STATES,
  ORDER_EVENT_TYPES,
  ORDER_STATES,
} from '../../src/shared/orders/order-states';
import {
  DEFAULT_LISTENER_PORT,
  DEFAULT_NOTIFICATION_FIELD,
  DEFAULT_OPERATIONS,
  DEFAULT_SIGNED_TOKEN_MINUTES,
  defaultProfileFields,
  type OperationName,
} from '../../src/shared/profile';
import { WEBHOOK_HEADER_LIMITS } from '../../src/shared/registered-webhook-headers';
import { replayRequestSchema } from '../../src/shared/replay';
import { formatCount } from '../../src/shared/count-format';
import { DEFAULT_RETENTION, RETENTION_START } from '../../src/shared/history-file';
import { tableRows } from './helpers/markdown-tables';
import { SPEC_NOT_SHOWN } from './helpers/spec-not-shown';
import { defaultBehaviourChecks } from './helpers/default-behaviours';

const FILE = 'docs/defaults.md';
const doc = readFileSync(join(import.meta.dirname, '..', '..', FILE), 'utf8');

const code = (text: string | number) => `\`${String(text)}\``;
const codes = (values: readonly (string | number)[]) => values.map(code).join(', ');
const seconds = (ms: number) => `${ms / 1000} s`;
const size = (bytes: number) => (bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes / KIB} KiB`);
const operation = (name: OperationName) =>
  code(`${DEFAULT_OPERATIONS[name].method} ${DEFAULT_OPERATIONS[name].path}`);
const bodyKeys = (name: OperationName) => {
  const body = defaultOperationBody(name, { orderId: 'o', amount: '1', orderReferenceId: 'r' });
  return body === null ? 'none' : codes(Object.keys(body));
};
const statesOfStep = (step: string) => ORDER_STATES.filter((state) => lifecycleStepOf(state) === step);
const replay = replayRequestSchema.parse({});
const emulator = DEFAULT_EMULATOR_SETTINGS;
const listener = DEFAULT_LISTENER_SETTINGS;
const precisions = `${precisionOf('SAR')} decimals, ${precisionOf('BHD')} for BHD and KWD`;
/** What the emulator's default makes of an e-mail given "" (a warning: a finding to describe). */
const emptyOptional = (() => {
  const sample = generateSample('general', { seed: 1 });
  const payload = { ...sample, consumer: { ...sample.consumer, email: '' } };
  const [finding] = validateCheckout(payload, { form: 'general', emptyOptional: emulator.emptyOptional });
  return { severity: finding?.severity ?? 'no finding', code: finding?.code ?? 'none' };
})();

/** What the emulator's default makes of a first name of only blanks (a warning: a finding to describe). */
const blankText = (() => {
  const sample = generateSample('general', { seed: 1 });
  const payload = { ...sample, consumer: { ...sample.consumer, first_name: '   ' } };
  const [finding] = validateCheckout(payload, { form: 'general', emptyOptional: emulator.emptyOptional });
  return { severity: finding?.severity ?? 'no finding', code: finding?.code ?? 'none' };
})();

/** What the emulator's default makes of an e-mail given null (a warning: a finding to describe). */
const nullOptional = (() => {
  const sample = generateSample('general', { seed: 1 });
  const payload = { ...sample, consumer: { ...sample.consumer, email: null } };
  const [finding] = validateCheckout(payload, { form: 'general', emptyOptional: emulator.emptyOptional });
  return { severity: finding?.severity ?? 'no finding', code: finding?.code ?? 'none' };
})();

/** What the emulator's default makes of instalments left out with each payment type, and of a count. */
const instalmentsFinding = (paymentType: string, instalments?: number) => {
  const { instalments: _count, ...sample } = generateSample('general', { seed: 1 });
  const payload = {
    ...sample,
    payment_type: paymentType,
    ...(instalments === undefined ? {} : { instalments }),
  };
  const finding = validateCheckout(payload, {
    form: 'general',
    instalmentsRequired: emulator.instalmentsRequired,
  }).find((found) => found.path === 'instalments');
  return { severity: finding?.severity ?? 'no finding', code: finding?.code ?? 'none' };
};
const instalmentsRequired = (() => {
  const required = ['PAY_BY_INSTALMENTS', 'PAY_BY_LATER', 'PAY_NOW'].filter(
    (type) => instalmentsFinding(type).severity === 'error',
  );
  const other = instalmentsFinding('PAY_BY_LATER');
  return `only with ${codes(required)}; left out with another \`payment_type\`: a ${other.severity} (${code(other.code)})`;
})();
const instalmentsValues = (() => {
  const counts = [
    instalmentsFinding('PAY_BY_INSTALMENTS', -1),
    instalmentsFinding('PAY_BY_INSTALMENTS', 1),
    instalmentsFinding('PAY_BY_LATER', 2),
  ].map((finding) => finding.severity);
  const weight = counts.every((severity) => severity === counts[0]) ? counts[0] : counts.join('/');
  return `any whole number; a negative one, or one unfit for its \`payment_type\`: a ${weight ?? ''}`;
})();

/** What the emulator's default makes of a request without the top-level country_code. */
const missingCountry = (() => {
  const { country_code: _country, ...sample } = generateSample('general', { seed: 1, country: 'SA' });
  const finding = validateCheckout(sample, {
    form: 'general',
    missingCountryCode: emulator.missingCountryCode,
  }).find((found) => found.path === 'country_code');
  return finding === undefined
    ? 'taken as `SA`, the row\'s "Default SA"'
    : `an ${finding.severity} (${code(finding.code)}), the required column's "yes"`;
})();

/** How a SA order in AED is judged without a table (the default's guess) and with one set. */
const pairOutside = (pairs?: readonly ['SA-SAR']) => {
  const sample = generateSample('general', { seed: 1, country: 'SA' });
  const payload = JSON.parse(JSON.stringify(sample).replaceAll('"SAR"', '"AED"')) as unknown;
  const finding = validateCheckout(payload, { form: 'general', ...(pairs ? { pairs } : {}) }).find(
    (found) => found.code === 'not_supported_country_currency',
  );
  return finding?.severity ?? 'no finding';
};

/** How the additional risk fields are judged: given any JSON value, none of them is a finding. */
const extraRiskRule = (() => {
  const sample = generateSample('general', { seed: 1 });
  const odd = Object.fromEntries(EXTRA_RISK_FIELDS.map((name) => [name, { any: [1, 'x', null] }]));
  const payload = { ...sample, risk_assessment: { ...sample.risk_assessment, ...odd } };
  const judged = validateCheckout(payload, { form: 'general' }).filter((finding) =>
    EXTRA_RISK_FIELDS.some((name) => finding.path.includes(name)),
  );
  return judged.length === 0 ? 'any JSON value; none required' : 'judged';
})();

/** What an AE order (the UAE) must carry beyond any other: its sample, with none of it, has no error. */
const uaeExtra = (() => {
  const findings = validateCheckout(generateSample('general', { seed: 1, country: 'AE' }), {
    form: 'general',
  });
  return findings.some((finding) => finding.severity === 'error')
    ? 'something more'
    : 'nothing: judged as any other order';
})();

/** Whether a call to the service says a version: no header names one, no default path has one. */
const versionSent = (() => {
  const names = serviceRequestHeaders('token', true).real.map(([name]) => name);
  const paths = Object.values(DEFAULT_OPERATIONS).map((operation) => operation.path);
  return [...names, ...paths].some((text) => /version|\/v\d/i.test(text))
    ? 'a version'
    : "none: no version header or path segment is sent, as the spec's `/checkout` carries none";
})();

/** What each row of docs/defaults.md must say, built from the constants the code uses. */
const DEFAULTS: Record<string, string> = {
  // Profiles and operations
  'Base URL of sandbox': code(defaultProfileFields('sandbox', 'S').baseUrl),
  'Base URL of production': code(defaultProfileFields('live', 'L').baseUrl),
  'Base URL of the local emulator': code(defaultProfileFields('local', 'L').baseUrl),
  'Authorisation operation': operation('authorise'),
  'Capture operation': operation('capture'),
  'Get order operation': operation('getOrder'),
  'Cancel operation': operation('cancel'),
  'Refund operation': operation('refund'),
  'Update reference id operation': operation('updateReferenceId'),
  'Body of capture': bodyKeys('capture'),
  'Body of refund': bodyKeys('refund'),
  'Body of cancel': bodyKeys('cancel'),
  'Body of authorise': bodyKeys('authorise'),
  'Body of get order': bodyKeys('getOrder'),
  'Body of update reference id': bodyKeys('updateReferenceId'),
  'Request field for the notification URL': code(DEFAULT_NOTIFICATION_FIELD),
  'Listener port': code(DEFAULT_LISTENER_PORT),
  'Version negotiation and deprecation': versionSent,
  // Checkout requests
  '`payment_type` values': `free text; ${codes(PAYMENT_TYPE_SUGGESTIONS)} offered`,
  '`instalments` values': instalmentsValues,
  '`instalments` required': instalmentsRequired,
  'Top-level `country_code` left out (required "yes", "Default SA")': missingCountry,
  'Single checkout (education form)': 'enabled: `payment_type`, `instalments` optional',
  'Supported country and currency pairs': COUNTRIES.map((c) => `${c}–${currencyForCountry(c)}`).join(', '),
  'A pair outside the supported pairs': `an ${pairOutside()}, as the emulator answers; outside a table set there: an ${pairOutside(['SA-SAR'])}`,
  'Discount currency on a BHD, KWD, OMR order': "SAR or AED: a warning; the order's own: an error",
  'Both expiry spellings in one request': 'same value: a warning; different values: an error',
  'Description "declared maximum"': `${LIMITS.descriptionMaxLength} characters, enforced as an error`,
  'Education `locale` "required (recommended)"': 'required',
  'Types and requirement rules of the additional risk fields': extraRiskRule,
  'Extra data some merchant categories and the UAE require': uaeExtra,
  'Money `currency` left out': code(DEFAULT_CURRENCY),
  'Decimals of a numeric string': 'counted by value: `"12.500"` has one',
  'Total check precision': precisions,
  // Behaviour, tested in checkout-expiry-ignored.test.ts and spec-letter-emulator.test.ts.
  'Order expiry': `${LIMITS.defaultExpiryMinutes} minutes; \`expires_in_minutes\` ignored, a warning (\`expiry_ignored\`)`,
  // Behaviour, tested field by field in checkout-empty-optional.test.ts.
  'An optional text field given as `""`': `not given; a ${emptyOptional.severity} (${code(emptyOptional.code)}) unless the official client sends \`""\` for it`,
  // Behaviour, tested field by field in checkout-blank-text.test.ts.
  'A text field given only blanks': `taken as given; a ${blankText.severity} (${code(blankText.code)})`,
  // Behaviour, tested field by field in checkout-null-optional.test.ts.
  'An optional field given `null`': `not given; a ${nullOptional.severity} (${code(nullOptional.code)}) unless the official client sends \`null\` for it`,
  // The listener
  'The answer a merchant endpoint gives': `${code(listener.respondStatus)} ${code('{"received":true,"id":N}')}`,
  'Delay before answering': `${listener.responseDelayMs} ms`,
  'Request-size limit': `${size(listener.bodyLimitBytes)} (larger bodies get 413)`,
  'What is kept of an oversized body': `the first ${size(TOO_LARGE_KEPT_BYTES)}`,
  'A body that stops arriving': `answered 408 after ${seconds(LISTENER_BODY_IDLE_TIMEOUT_MS)}`,
  Forwarding: listener.forwardTo ?? 'none',
  'Time a forward waits for your endpoint': seconds(FORWARD_TIMEOUT_MS),
  // Notification tokens
  'Claims a notification JWT must carry': 'none; `exp`, `nbf`, `iat`, `iss` when present',
  'Signing algorithm accepted': `${code(ALLOWED_ALGORITHM)} only`,
  'Clock tolerance for `exp`, `nbf`, `iat`': `${listener.clockToleranceSeconds} s`,
  'Lifetime of tokens the console signs': `${DEFAULT_SIGNED_TOKEN_MINUTES} minutes`,
  'A notification whose token is not valid': 'listed, marked unverified; never moves the order',
  // The local emulator
  // The setting's default (delivery-attempt.ts), tested in emulator-webhooks.test.ts ('retries a
  // failing endpoint …') and emulator-open-limits.test.ts.
  'A notification counts as delivered': `${{ any_2xx: 'on a 2xx answer', only_200: 'on a 200 answer' }[emulator.deliveredOn]}; any other status, no answer or a timeout is tried again`,
  'Attempts per notification': String(emulator.attempts),
  'Wait between attempts': emulator.backoffMs.map(seconds).join(', then '),
  'Time one notification attempt may take': seconds(emulator.timeoutMs),
  'Out-of-order hold while no next one is queued': seconds(emulator.outOfOrderMs),
  'Issuer of the tokens the emulator signs': code(emulator.issuer),
  'Lifetime of the tokens the emulator signs': `${TOKEN_LIFETIME_SECONDS / 60} minutes (\`exp\` = \`iat\` + ${TOKEN_LIFETIME_SECONDS / 60} minutes)`,
  "Registered webhook (the portal's)":
    emulator.webhookUrl === null
      ? 'none: an order without a notification URL gets none, each recorded as not sent'
      : code(emulator.webhookUrl),
  'Events of the registered webhook':
    emulator.webhookEvents.length === ORDER_EVENT_TYPES.length
      ? 'all of them'
      : codes(emulator.webhookEvents),
  // No header is stored until one is set (webhook-header-secrets.ts reads an absent list as none).
  'Headers of the registered webhook': `none (at most ${WEBHOOK_HEADER_LIMITS.count}; every value a secret: sealed, shown masked)`,
  // Behaviour, tested in registered-webhook-headers.test.ts ('a notification already queued …').
  'A queued notification when its headers change': 'goes with the headers in force when it goes out',
  // Behaviour, tested in emulator-webhooks.test.ts ("the request's own URL comes first").
  'Notification URL and registered webhook both set': "the request's URL",
  // Behaviour, tested in emulator-api.test.ts ('cancel judges its total_amount …').
  'Partial cancellation':
    'refused (400 `partial_cancel_not_supported`); a cancel takes the whole open amount',
  // operation-answers.ts (authoriseAnswer), tested in emulator-authorise-expiry.test.ts.
  '`order_expiry_time` in the answer to authorise': `${emulator.authorisedExpiryDays} days after the authorisation; the emulator expires only unpaid orders`,
  // money-written.ts, tested in emulator-money-written.test.ts.
  'Money `amount` in answers and notifications': {
    string: 'a numeric string with the currency\'s decimals (`"23.830"`)',
    number: 'a JSON number (`23.83`)',
  }[emulator.moneyAmounts],
  // order-record.ts (givenMoney), tested in emulator-money-written.test.ts.
  'A Money the request did not give, in the order record': {
    zero: 'zero in the order\'s currency (`"0.000"`)',
    null: '`null`',
    omitted: 'left out',
  }[emulator.absentMoney],
  'Form a checkout request is checked against': `${code(emulator.checkoutForm)}, or the request's ${code('X-Emulator-Checkout-Form')}`,
  // Behaviour (customer-locale.ts), tested below ('… gives ar_SA without a locale') and in
  // emulator-customer-locale.test.ts (a returning customer's preference).
  'Checkout page language without `locale`': `${code('ar_SA')} for a new customer; a returning one (the same ${code('consumer.phone_number')}, as written) keeps the locale of their newest order that named one`,
  // The setting's default (notification-url.ts), tested in emulator-extension-events-request-url.test.ts.
  "Event types beyond the spec's three": `${codes(EXTENSION_EVENT_TYPES)}, ${emulator.extensionEventsToRequestUrl ? 'sent' : 'not sent'} to a checkout request's notification URL too; the listener takes any other with a warning`,
  // The codes are listed in service-rules.md (Errors); docs-emulator-errors.test.ts holds that list to the emulator.
  'Error codes beyond `not_supported_country_currency`':
    "the emulator's own, in the spec's error body ([Errors](service-rules.md#errors))",
  // Settings' defaults (rate-limit.ts, emulator-request-entry.ts), tested in emulator-open-limits.test.ts.
  'Rate limits':
    emulator.rateLimitPerSecond === null
      ? 'none: the emulator answers every call'
      : `${emulator.rateLimitPerSecond} calls a second`,
  'Largest request body': `${size(emulator.requestBodyLimitBytes)}; a larger body is refused`,
  // Behaviour (order-reference-repeat.ts), tested in emulator-order-reference-repeat.test.ts.
  'An `order_reference_id` another order already has':
    'taken, with the `duplicate_order_reference_id` warning in `X-Emulator-Warnings` naming that order; a lookup by reference answers the newest',
  // Behaviour (json-content-type.ts), tested in emulator-content-type.test.ts and by doing below.
  'Content-Type of a request body':
    '`application/json`, in any case, with any parameters and a charset only of UTF-8; any other (a `+json` type, `charset=latin1`, none): 415 `unsupported_media_type`',
  // Orders and their states
  'States of an order that ended unpaid': codes(['declined', 'expired', 'canceled'].flatMap(statesOfStep)),
  'States after a capture': codes(statesOfStep('captured')),
  'States after a refund': codes(statesOfStep('refunded')),
  // Behaviour (order-amount-state.ts), tested in emulator-capture-after-refund.test.ts.
  'When an order is fully refunded': 'once all that was captured is refunded and nothing is left to capture',
  'The uncaptured rest of a partly captured order':
    'can be captured, or cancelled whole; the state stays partially captured or refunded',
  'Authorise allowed from': codes(OPERATION_FROM_STATES.authorise),
  'Capture allowed from': codes(OPERATION_FROM_STATES.capture),
  'Refund allowed from': codes(OPERATION_FROM_STATES.refund),
  'Cancel allowed from': codes(OPERATION_FROM_STATES.cancel),
  'Get order and update reference id allowed':
    OPERATION_FROM_STATES.getOrder.length === ORDER_STATES.length &&
    OPERATION_FROM_STATES.updateReferenceId.length === ORDER_STATES.length
      ? 'in any state'
      : 'in some states only',
  'What a get-order answer says': 'only `status` is read, when it is a known state',
  'Amount of a capture call': codes(CAPTURE_REQUEST_KEYS),
  'Amount of a refund call': `${codes(REFUND_REQUEST_KEYS)}; else the sum of \`refunds[].total_amount\``,
  'Amount of an `order_captured` notification': codes(CAPTURE_EVENT_KEYS),
  'Amount of an `order_refunded` notification': codes(REFUND_EVENT_KEYS),
  "Amount of a capture call's 2xx answer": `${codes(CAPTURE_ANSWER_KEYS)}; else what the call asked for`,
  "Amount of a refund call's 2xx answer": `${codes(REFUND_ANSWER_KEYS)}; else the sum of \`refunds[].total_amount\`; else what was asked`,
  // Replay, history and the CLI
  'Replay token': `${code(replay.tokenMode)} (the exact bytes)`,
  'Replay order': code(replay.order),
  'Replay sends at once': String(replay.concurrency),
  'Replay delay between sends': `${replay.delayMs} ms`,
  'Replay repeats': String(replay.repeat),
  'Time one replay send may take': seconds(replay.timeoutMs),
  'Retention of history': DEFAULT_RETENTION.mode === 'all' ? 'keep everything' : 'a limit',
  'Days a new "Last N days" retention starts at': formatCount(RETENTION_START.days),
  'Records a new "Last N records" retention starts at': formatCount(RETENTION_START.count),
  'Records `history` prints': String(HISTORY_DEFAULT_LIMIT),
  'Time the console waits for the service': seconds(DEFAULT_TIMEOUT_MS),
  'Largest answer the console keeps': size(MAX_RESPONSE_BYTES),
  'Browser mode port': code(DEFAULT_SERVE_PORT),
};

const rows = new Map(
  tableRows(doc).map((row) => [row.cells[0] ?? '', { says: row.cells[1] ?? '', line: row.line }]),
);

describe('docs/defaults.md says what the code does', () => {
  it.each(Object.entries(DEFAULTS))('%s', (row, fromCode) => {
    const documented = rows.get(row);
    expect(documented, `${FILE} has no row "${row}"`).toBeDefined();
    expect(
      documented?.says,
      `${FILE}:${documented?.line ?? '?'} documents "${row}" as ${documented?.says ?? ''}, but the code's default is ${fromCode}`,
    ).toBe(fromCode);
  });

  // The spec's every "not shown" has its row, so a default the console chose is written down:
  // the additional risk fields' rules were only in service-rules.md, versioning nowhere.
  it.each(SPEC_NOT_SHOWN)('names the spec\'s "$spec"', ({ spec, rows: named }) => {
    const missing = named.filter((row) => !rows.has(row));
    expect(missing, `${FILE} has no row for the spec's "${spec}"`).toEqual([]);
  });

  it('checks every default it documents (a new row needs its constant here)', () => {
    const unchecked = [...rows.keys()].filter((row) => !(row in DEFAULTS));
    expect(unchecked, `rows of ${FILE} no test compares with the code`).toEqual([]);
  });

  it('uses one default for an optional field given "" in the emulator, validate and the builder', () => {
    expect(emulator.emptyOptional).toBe(DEFAULT_EMPTY_OPTIONAL);
  });

  it('uses one default for where instalments may be left out in the emulator, validate and the builder', () => {
    expect(emulator.instalmentsRequired).toBe(DEFAULT_INSTALMENTS_REQUIRED);
  });

  it('uses one default for a missing country_code in the emulator, validate and the builder', () => {
    expect(emulator.missingCountryCode).toBe(DEFAULT_MISSING_COUNTRY_CODE);
  });

  it('uses one clock tolerance for the listener and the JWT inspector', () => {
    expect(DEFAULT_CLOCK_TOLERANCE_SECONDS).toBe(listener.clockToleranceSeconds);
  });

  it("docs/emulator.md gives the notification token's exp as the profile's Signed token lifetime, as here", () => {
    // It said "exp (15 minutes later)", a fixed figure, though the emulator signs with the Local
    // profile's lifetime (delivery-attempt.ts), as this table's row says.
    const emulatorDoc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'emulator.md'), 'utf8');
    const exp = /`exp` \(([^)]*)\)/.exec(emulatorDoc.replace(/\s+/g, ' '))?.[1] ?? '';
    expect(exp).toContain('Signed token lifetime');
    expect(rows.get('Lifetime of the tokens the emulator signs')).toBeDefined();
  });
});

describe('the defaults that are behaviour rather than a constant', () => {
  const errorsAt = (findings: Finding[], path: string) =>
    findings
      .filter((finding) => finding.path === path)
      .map((finding) => `${finding.severity} ${finding.code}`);

  it('payment_type and instalments take any value; the suggestions are only offered', () => {
    const payload = { ...generateSample('general', { seed: 1 }), payment_type: 'ANYTHING', instalments: 97 };
    const findings = validateCheckout(payload, { form: 'general' });
    expect([...errorsAt(findings, 'payment_type'), ...errorsAt(findings, 'instalments')]).toEqual([]);
  });

  it('the emulator checks the form its settings name and gives ar_SA without a locale', () => {
    const { locale: _locale, expires_in_minutes: _expiry, ...bare } = generateSample('general', { seed: 2 });
    const rules = {
      form: emulator.checkoutForm,
      singleCheckout: emulator.singleCheckout,
      pairs: emulator.countryCurrencyPairs,
      honourExpiresInMinutes: emulator.honourExpiresInMinutes,
      emptyOptional: emulator.emptyOptional,
      instalmentsRequired: emulator.instalmentsRequired,
      missingCountryCode: emulator.missingCountryCode,
    };
    const { order } = newOrderFrom(bare, {
      rules,
      notificationField: DEFAULT_NOTIFICATION_FIELD,
      legacyApproved: false,
      nowMs: 0,
    });
    expect(order.locale).toBe('ar_SA');
    expect(order.expiresAtMs).toBe(LIMITS.defaultExpiryMinutes * 60_000);
    expect(rules.form).toBe('general');
  });

  it('a numeric string counts its decimals by value', () => {
    const amount = parseAmount('12.500');
    expect(amount && decimalsOf(amount)).toBe(1);
  });

  it('the listener answers with the documented body', () => {
    const plan = { status: 200, delayMs: 0, error: null, refusal: null, extraHeaders: [] };
    expect(responseBody(plan, 7)).toBe('{"received":true,"id":N}'.replace('N', '7'));
  });

  it.each(defaultBehaviourChecks)('$row', async ({ check }) => {
    await check();
  });
});
