import { SignJWT } from 'jose';
import { expect } from 'vitest';
import { createHmacKeyCache } from '../../../src/main/jwt/hmac-key-cache';
import { judgeToken } from '../../../src/main/jwt/check-token';
import { jsonContentTypeRefusal } from '../../../src/main/emulator/json-content-type';
import { LIMITS, validateCheckout, type Finding } from '../../../src/shared/checkout';
import { generateSample } from '../../../src/shared/checkout/sample';
import { MIB } from '../../../src/shared/listener';
import { deriveLifecycle } from '../../../src/shared/orders/derive-lifecycle';
import { openEmulator } from './emulator-harness';
import { call, created, ORDER_ID, resetRecords, webhook } from './order-records';
import { openTempConsole } from './temp-console';

/**
 * Rows of docs/defaults.md whose default is a behaviour, not one constant: each is checked by
 * doing the thing. The row names match the table's first cell.
 */
export interface DefaultBehaviour {
  row: string;
  check: () => Promise<void> | void;
}

const findingsAt = (findings: Finding[], path: string) =>
  findings.filter((finding) => finding.path === path).map((finding) => `${finding.severity} ${finding.code}`);

/** A valid sample in `country`, with a discount in `currency` (the total is left alone). */
function withDiscount(country: 'BH' | 'KW' | 'OM', currency: string) {
  const sample = generateSample('general', { country, seed: 3 });
  return { ...sample, discount: { name: 'VOUCHER', amount: { amount: 1, currency } } };
}

const SECRET = 'docs-defaults-notification-token';

async function verdictOf(claims: Record<string, unknown>): Promise<string> {
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(SECRET));
  const key = await createHmacKeyCache().get(SECRET);
  const judged = await judgeToken(token, {
    key,
    keyLabel: 'the test secret',
    clockToleranceSeconds: 60,
    atMs: Date.now(),
    moment: 'now',
  });
  return judged.verdict;
}

export const defaultBehaviourChecks: DefaultBehaviour[] = [
  {
    row: 'Single checkout (education form)',
    check: () => {
      const {
        payment_type: _type,
        instalments: _count,
        ...payload
      } = generateSample('education', { seed: 4 });
      const enabled = validateCheckout(payload, { form: 'education' });
      const disabled = validateCheckout(payload, { form: 'education', singleCheckout: false });
      expect(findingsAt(enabled, 'payment_type')).toEqual([]);
      expect(findingsAt(disabled, 'payment_type')).toEqual(['error required']);
      expect(findingsAt(disabled, 'instalments')).toEqual(['error required']);
    },
  },
  {
    row: 'Discount currency on a BHD, KWD, OMR order',
    check: () => {
      const codesOf = (payload: unknown) =>
        findingsAt(validateCheckout(payload, { form: 'general' }), 'discount.amount.currency');
      expect(codesOf(withDiscount('BH', 'SAR'))).toEqual(['warning discount_currency_conflict']);
      expect(codesOf(withDiscount('KW', 'AED'))).toEqual(['warning discount_currency_conflict']);
      expect(codesOf(withDiscount('OM', 'OMR'))).toEqual(['error discount_currency_not_allowed']);
    },
  },
  {
    row: 'Both expiry spellings in one request',
    check: () => {
      const sample = generateSample('general', { seed: 5 });
      const severities = (other: number) =>
        validateCheckout({ ...sample, expires_in_minutes: 30, expire_in_minutes: other }, { form: 'general' })
          .filter((finding) => finding.code.endsWith('_expiry'))
          .map((finding) => `${finding.severity} ${finding.code}`);
      expect(severities(30)).toEqual(['warning duplicate_expiry']);
      expect(severities(60)).toEqual(['error conflicting_expiry']);
    },
  },
  {
    row: 'Description "declared maximum"',
    check: () => {
      const sample = generateSample('general', { seed: 6 });
      const description = 'x'.repeat(LIMITS.descriptionMaxLength + 1);
      const findings = validateCheckout({ ...sample, description }, { form: 'general' });
      expect(findingsAt(findings, 'description')).toEqual(['error too_long']);
    },
  },
  {
    row: 'Education `locale` "required (recommended)"',
    check: () => {
      const { locale: _locale, ...payload } = generateSample('education', { seed: 7 });
      expect(findingsAt(validateCheckout(payload, { form: 'education' }), 'locale')).toEqual([
        'error required',
      ]);
    },
  },
  {
    row: 'Claims a notification JWT must carry',
    check: async () => {
      expect(await verdictOf({})).toBe('valid');
      expect(await verdictOf({ exp: Math.floor(Date.now() / 1000) - 3600 })).toBe('expired');
      expect(await verdictOf({ nbf: Math.floor(Date.now() / 1000) + 3600 })).toBe('not_yet_valid');
      expect(await verdictOf({ iss: 42 })).toBe('malformed');
    },
  },
  {
    row: 'A notification whose token is not valid',
    check: () => {
      resetRecords();
      const lifecycle = deriveLifecycle(ORDER_ID, [
        created(),
        webhook('order_approved', [], { tokenVerdict: 'invalid_signature' }),
      ]);
      // Issue 14: only the service's own, verified evidence moves an order.
      expect(lifecycle.state).toBe('new');
      expect(lifecycle.entries.at(-1)?.unverified).toBe(true);
      expect(lifecycle.entries.at(-1)?.effect).toBe('unverified');
    },
  },
  {
    row: 'What a get-order answer says',
    check: () => {
      resetRecords();
      const answer = { status: 'fully_captured', total_amount: { amount: '1', currency: 'SAR' } };
      const known = deriveLifecycle(ORDER_ID, [created(), call('getOrder', { response: answer })]);
      expect(known.state).toBe('fully_captured');
      expect(known.stateSource).toBe('get_order');
      const unknown = deriveLifecycle(ORDER_ID, [
        created(),
        call('getOrder', { response: { status: 'shipped' } }),
      ]);
      expect(unknown.state).toBe('new');
    },
  },
  {
    row: 'Retention of history',
    check: async () => {
      const opened = await openTempConsole();
      try {
        expect(opened.core.history.retention()).toEqual({ mode: 'all' });
      } finally {
        await opened.dispose();
      }
    },
  },
  {
    row: 'Largest request body',
    check: async () => {
      const emulator = await openEmulator();
      try {
        // Refused either way: answered 413, or the connection closed while the body was still coming.
        const refused = await emulator.call('POST', '/checkout', `"${'x'.repeat(MIB)}"`).then(
          (answer) => answer.status === 413,
          () => true,
        );
        expect(refused).toBe(true);
        const justUnder = await emulator.call('POST', '/checkout', `"${'x'.repeat(MIB - 3)}"`);
        expect(justUnder.status).toBe(400);
      } finally {
        await emulator.dispose();
      }
    },
  },
  {
    row: 'Content-Type of a request body',
    check: () => {
      expect(jsonContentTypeRefusal('APPLICATION/JSON; Charset="UTF-8"; v=1')).toBeNull();
      for (const refused of ['application/vnd.api+json', 'application/json; charset=latin1', undefined])
        expect(jsonContentTypeRefusal(refused)).toEqual(expect.any(String));
    },
  },
];
