import { describe, expect, it } from 'vitest';
import { generateSample } from '../../src/shared/checkout/sample';
import { EMULATOR_BODY_LIMIT_BYTES } from '../../src/shared/emulator';
import {
  analyseDocument,
  MAX_DIAGNOSTICS,
} from '../../src/renderer/src/features/builder/analysis/analyse-document';
import { analysisResultSchema } from '../../src/renderer/src/features/builder/analysis/analysis-messages';
import { formatDocument } from '../../src/renderer/src/features/builder/builder-text';
import { textChange } from '../../src/renderer/src/features/builder/text-change';

const request = (text: string) => ({
  version: 3,
  text,
  form: 'general' as const,
  singleCheckout: true,
  notificationField: 'merchant_url.notification',
  emptyOptional: 'warn' as const,
  instalmentsRequired: 'pay_by_instalments' as const,
  honourExpiresInMinutes: false,
  missingCountryCode: 'refuse' as const,
  pairs: null,
  requestLimitSource: 'emulator' as const,
  requestLimitBytes: EMULATOR_BODY_LIMIT_BYTES,
});

describe('the builder analysis (what the worker answers)', () => {
  it('judges a text with the shared model and marks each finding where it is written', () => {
    const sample = generateSample('general', { seed: 1, country: 'SA' });
    const text = formatDocument({ ...sample, items: [{ ...sample.items[0], sku: 'S'.repeat(129) }] });
    const result = analysisResultSchema.parse(analyseDocument(request(text)));
    expect(result.version).toBe(3);
    expect(result.parses).toBe(true);
    const sku = result.findings.find((finding) => finding.path === 'items[0].sku');
    expect(sku?.code).toBe('too_long');
    const mark = result.diagnostics.find((diagnostic) => diagnostic.message.startsWith('items[0].sku'));
    expect(mark && text.slice(mark.from, mark.to)).toBe(JSON.stringify('S'.repeat(129)));
  });

  it('judges a country/currency pair by the pairs given (the Local emulator’s), else by the default', () => {
    const sample = generateSample('general', { seed: 1, country: 'SA' });
    const text = formatDocument(JSON.parse(JSON.stringify(sample).replaceAll('"SAR"', '"AED"')) as unknown);
    const pairCodes = (pairs: null | ('SA-SAR' | 'SA-AED')[]) =>
      analyseDocument({ ...request(text), pairs })
        .findings.filter((finding) => finding.code === 'not_supported_country_currency')
        .map((finding) => finding.severity);
    // The default table is the emulator's default: an error, as the Local emulator answers.
    expect(pairCodes(null)).toEqual(['error']);
    expect(pairCodes(['SA-SAR', 'SA-AED'])).toEqual([]);
    expect(pairCodes(['SA-SAR'])).toEqual(['error']);
  });

  it("counts an amount's decimals as the raw JSON writes them, marking the digits", () => {
    const sample = generateSample('general', { seed: 1, country: 'SA' });
    const written = formatDocument(sample);
    const stated = `"amount": ${String(sample.total_amount.amount)},`;
    expect(written).toContain(stated);
    // The sample's own total with digits JSON.parse drops: still the total, no longer two decimals.
    const [whole = '', fraction = ''] = String(sample.total_amount.amount).split('.');
    const digits = `${whole}.${fraction.padEnd(20, '0')}1`;
    const text = written.replace(stated, `"amount": ${digits},`);
    const result = analyseDocument(request(text));
    const total = result.findings.filter((finding) => finding.path === 'total_amount.amount');
    expect(total.map(({ code, message }) => ({ code, message }))).toEqual([
      {
        code: 'too_many_decimals',
        message: `amount ${digits} has 21 decimals; SAR has 2, so its smallest amount is 0.01.`,
      },
    ]);
    const mark = result.diagnostics.find((diagnostic) =>
      diagnostic.message.startsWith('total_amount.amount'),
    );
    expect(mark && text.slice(mark.from, mark.to)).toBe(digits);
  });

  it('says where a text that is not JSON breaks, with no findings', () => {
    const result = analyseDocument(request('{ "a": 1,\n  "b": }'));
    expect(result.parses).toBe(false);
    expect(result.findings).toEqual([]);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]?.message).toMatch(/line 2/);
  });

  it('weighs an optional field given "" as asked (the Local emulator\'s setting), marking it so', () => {
    const sample = generateSample('general', { seed: 1, country: 'SA' });
    const text = formatDocument({ ...sample, consumer: { ...sample.consumer, email: '' } });
    const judged = (emptyOptional: 'warn' | 'refuse' | 'accept') => {
      const result = analyseDocument({ ...request(text), emptyOptional });
      return {
        findings: result.findings.map((finding) => `${finding.severity} ${finding.path} ${finding.code}`),
        marks: result.diagnostics.map((diagnostic) => diagnostic.severity),
      };
    };
    expect(judged('warn')).toEqual({
      findings: ['warning consumer.email empty_optional'],
      marks: ['warning'],
    });
    expect(judged('refuse')).toEqual({ findings: ['error consumer.email empty_optional'], marks: ['error'] });
    expect(judged('accept')).toEqual({ findings: [], marks: [] });
    expect(() =>
      analysisResultSchema.parse(analyseDocument({ ...request(text), emptyOptional: 'refuse' })),
    ).not.toThrow();
  });

  it("weighs a PAY_NOW request without instalments as asked (the Local emulator's setting)", () => {
    const { instalments: _count, ...sample } = generateSample('general', { seed: 1, country: 'SA' });
    const text = formatDocument({ ...sample, payment_type: 'PAY_NOW' });
    const judged = (instalmentsRequired: 'pay_by_instalments' | 'always') =>
      analysisResultSchema
        .parse(analyseDocument({ ...request(text), instalmentsRequired }))
        .findings.map((finding) => `${finding.severity} ${finding.path} ${finding.code}`);
    expect(judged('pay_by_instalments')).toEqual(['warning instalments instalments_not_given']);
    expect(judged('always')).toEqual(['error instalments required']);
  });

  it("weighs a request without country_code as asked (the Local emulator's setting)", () => {
    const { country_code: _country, ...sample } = generateSample('general', { seed: 1, country: 'SA' });
    const text = formatDocument(sample);
    const judged = (missingCountryCode: 'refuse' | 'take_sa') =>
      analysisResultSchema
        .parse(analyseDocument({ ...request(text), missingCountryCode }))
        .findings.map((finding) => `${finding.severity} ${finding.path} ${finding.code}`);
    expect(judged('refuse')).toEqual(['error country_code required']);
    expect(judged('take_sa')).toEqual([]);
  });

  it("says expires_in_minutes is ignored unless told it is honoured (the Local emulator's setting)", () => {
    const text = formatDocument({
      ...generateSample('general', { seed: 1, country: 'SA' }),
      expires_in_minutes: 10,
    });
    const judged = (honourExpiresInMinutes: boolean) =>
      analysisResultSchema
        .parse(analyseDocument({ ...request(text), honourExpiresInMinutes }))
        .findings.map((finding) => `${finding.severity} ${finding.path} ${finding.code}`);
    expect(judged(false)).toEqual(['warning expires_in_minutes expiry_ignored']);
    expect(judged(true)).toEqual([]);
  });

  it('lists every finding but marks at most MAX_DIAGNOSTICS of them', () => {
    const items = Array.from({ length: MAX_DIAGNOSTICS + 50 }, () => ({ sku: 1 }));
    const result = analyseDocument(request(formatDocument({ items })));
    expect(result.findings.length).toBeGreaterThan(MAX_DIAGNOSTICS);
    expect(result.diagnostics).toHaveLength(MAX_DIAGNOSTICS);
  });
});

describe('the smallest edit between two texts', () => {
  const apply = (before: string, change: { from: number; to: number; insert: string }) =>
    before.slice(0, change.from) + change.insert + before.slice(change.to);

  it.each([
    ['{"a": 1}', '{"a": 12}'],
    ['abc', 'abc'],
    ['', 'new'],
    ['old', ''],
    ['aaaa', 'aa'],
    ['x"é"y', 'x"è"y'],
    ['a😀b', 'a😁b'],
  ])('turns %j into %j', (before, after) => {
    expect(apply(before, textChange(before, after))).toBe(after);
  });

  it('replaces only what changed in a long text', () => {
    const before = `${'x'.repeat(100_000)}"old"${'y'.repeat(100_000)}`;
    const after = `${'x'.repeat(100_000)}"new value"${'y'.repeat(100_000)}`;
    const change = textChange(before, after);
    expect(change.to - change.from).toBeLessThanOrEqual(3);
    expect(change.insert.length).toBeLessThanOrEqual(9);
  });

  it('never splits a surrogate pair', () => {
    const change = textChange('a😀b', 'a😁b');
    expect(change.insert).toBe('😁');
  });
});
