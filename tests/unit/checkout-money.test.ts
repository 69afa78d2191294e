import { describe, expect, it } from 'vitest';
import { jsonSourceText } from '../../src/shared/json-source-text';
import {
  changeCurrency,
  changeCurrencyOf,
  computeTotals,
  currencyChangeWords,
  currencyForNewMoney,
  countryForCurrency,
  currencyForCountry,
  CURRENCIES,
  formatAmount,
  parseAmount,
  precisionOf,
  roundAmount,
  validateCheckout,
  withComputedTotal,
} from '../../src/shared/checkout';
import { parseSpecDate } from '../../src/shared/checkout/dates';
import { decimalsOf } from '../../src/shared/checkout/money';
import { brief, fixture, type Payload } from './helpers/checkout-payloads';

describe('amounts', () => {
  it.each<[unknown, number | undefined]>([
    [12, 0],
    [12.5, 1],
    ['12.50', 1],
    ['12.500', 1],
    [0.1 + 0.2, 17],
    ['1e-7', 7],
    [1e21, 0],
    ['-0.005', 3],
    ['12,5', undefined],
    [' 12', undefined],
    ['', undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
    ['1e999', undefined],
    ['1e-999999999', undefined],
    [null, undefined],
  ])('%j has %s decimals (undefined: not an amount)', (raw, decimals) => {
    const parsed = parseAmount(raw);
    expect(parsed === undefined ? undefined : decimalsOf(parsed)).toBe(decimals);
  });

  it('reads a number as it reads the text String() writes of it (the plain numbers take a shorter way)', () => {
    let state = 7;
    const next = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
    const numbers = [0, -0, 1, -1, 12.5, -0.005, 0.1 + 0.2, 1e-7, 1e21, 5e-324, 72.98, 69.5, 10.43];
    numbers.push(Number.MAX_SAFE_INTEGER, -Number.MAX_VALUE, 123456789.125, 0.000001, 1e20);
    for (let i = 0; i < 5000; i++) numbers.push(next() * 10 ** Math.floor((next() + 1) * 12 - 8));
    for (let i = 0; i < 1000; i++) numbers.push(Math.round(next() * 1e6) / 100);
    for (const value of numbers)
      expect(parseAmount(value), String(value)).toEqual(parseAmount(String(value)));
  });

  it('rounds half away from zero, keeping the spelling', () => {
    expect(roundAmount(10.125, 2)).toBe(10.13);
    expect(roundAmount('10.125', 2)).toBe('10.13');
    expect(roundAmount(-10.125, 2)).toBe(-10.13);
    expect(roundAmount(1.005, 2)).toBe(1.01);
    expect(roundAmount('7', 3)).toBe('7.000');
    expect(roundAmount('abc', 2)).toBe('abc');
    expect(formatAmount(12.5, 3)).toBe('12.500');
  });

  it('pairs countries and currencies both ways, with the spec precision', () => {
    for (const currency of CURRENCIES)
      expect(currencyForCountry(countryForCurrency(currency))).toBe(currency);
    expect(CURRENCIES.map(precisionOf)).toEqual([2, 2, 3, 3, 2]);
  });
});

describe('dates', () => {
  it.each([
    ['29-02-2024', true],
    ['29-02-2023', false],
    ['29-02-2000', true],
    ['29-02-1900', false],
    ['31-04-2025', false],
    ['30-04-2025', true],
    ['00-01-2025', false],
    ['01-00-2025', false],
    ['1-01-2025', false],
    ['01-01-25', false],
  ])('%s is a real dd-mm-yyyy date: %s', (text, real) => {
    expect(parseSpecDate(text) !== undefined).toBe(real);
  });
});

describe('totals', () => {
  it('breaks the total down in the order currency', () => {
    const totals = computeTotals(fixture('general'));
    expect(totals).toMatchObject({
      currency: 'SAR',
      precision: 2,
      itemsTotal: 69.5,
      tax: 10.43,
      shipping: 0,
      discount: 6.95,
      computedTotal: 72.98,
      computedTotalText: '72.98',
      statedTotal: 72.98,
      matches: true,
      unreadable: [],
      discountCurrency: null,
    });
  });

  it('adds up exactly, with no float drift', () => {
    const payload = fixture('general');
    payload.items = Array.from({ length: 10 }, () => ({ total_amount: { amount: 0.1, currency: 'SAR' } }));
    payload.tax_amount = { amount: 0.2, currency: 'SAR' };
    delete payload.discount;
    // In floats, ten times 0.1 plus 0.2 is 1.1999999999999997.
    expect(computeTotals(payload).computedTotalText).toBe('1.20');
  });

  it('lists parts it cannot read and counts them as zero', () => {
    const payload = fixture('general');
    payload.tax_amount = { amount: 'lots' };
    delete payload.shipping_amount;
    const totals = computeTotals(payload);
    expect(totals.unreadable).toEqual(['tax_amount.amount', 'shipping_amount.amount']);
    expect(totals.computedTotal).toBe(62.55);
    expect(computeTotals(null).unreadable).toEqual(['items', 'tax_amount.amount', 'shipping_amount.amount']);
  });

  // The tester's request: items 10.125, 20.250 and 5.005 SAR added up as 35.39 (each rounded
  // first), so a right total of 34.880 read "Expected 34.89" and Compute total offered 34.89.
  function overPrecise(currency: string, discount: Payload): Payload {
    const payload = fixture('general');
    const money = (amount: unknown) => ({ amount, currency });
    const [item] = payload.items as Payload[];
    payload.items = [10.125, 20.25, 5.005].map((amount, index) => ({
      ...item,
      reference_id: `item-${index}`,
      total_amount: money(amount),
    }));
    payload.tax_amount = money(1.5);
    payload.shipping_amount = money(0);
    payload.discount = { name: 'VOUCHER10', amount: discount };
    payload.total_amount = money('34.880');
    return payload;
  }

  it('adds the parts as written, never rounding one first', () => {
    const payload = overPrecise('SAR', { amount: 2, currency: 'SAR' });
    expect(computeTotals(payload)).toMatchObject({
      itemsTotalText: '35.380',
      computedTotalText: '34.880',
      computedTotalTooManyDecimals: null,
      statedTotalText: '"34.880"',
      matches: true,
    });
    const findings = validateCheckout(payload, { form: 'general' });
    // The extra decimals are said on the parts that have them, and only there.
    expect(brief(findings).filter((finding) => finding.startsWith('error'))).toEqual([
      'error items[0].total_amount.amount too_many_decimals',
      'error items[2].total_amount.amount too_many_decimals',
    ]);
    payload.total_amount = { amount: 34.89, currency: 'SAR' };
    expect(findings.find((finding) => finding.code === 'total_mismatch')).toBeUndefined();
    expect(
      validateCheckout(payload, { form: 'general' }).find((finding) => finding.code === 'total_mismatch')
        ?.message,
    ).toBe(
      'total_amount.amount is 34.89, but items 35.380 + tax 1.500 + shipping 0.000 − discount 2.000 = 34.880 SAR. Expected 34.880.',
    );
    // A sum with more decimals than the currency takes is written with all of them.
    payload.items = [
      { ...(payload.items as Payload[])[0], total_amount: { amount: 10.125, currency: 'SAR' } },
    ];
    expect(computeTotals(payload)).toMatchObject({ itemsTotalText: '10.125', computedTotalText: '9.625' });
  });

  // The builder showed "= Total 34.88" above "Stated 34.880": the sum written with fewer digits
  // than its parts carry, as if it were another figure than the one stated.
  it('writes the computed total with every decimal the parts carry, and sets exactly that', () => {
    const payload = overPrecise('SAR', { amount: 2, currency: 'SAR' });
    expect((withComputedTotal(payload) as Payload).total_amount).toEqual({
      amount: '34.880',
      currency: 'SAR',
    });
    // Parts whose sum has more decimals than SAR takes: written and set with all of them, and said
    // in the words of the finding the total then gets.
    (payload.items as Payload[])[2] = {
      ...(payload.items as Payload[])[2],
      total_amount: { amount: 5.01, currency: 'SAR' },
    };
    const words = 'amount 34.885 has 3 decimals; SAR has 2, so its smallest amount is 0.01.';
    expect(computeTotals(payload)).toMatchObject({
      computedTotal: 34.885,
      computedTotalText: '34.885',
      computedTotalTooManyDecimals: words,
      matches: false,
    });
    const fixed = withComputedTotal(payload) as Payload;
    expect(fixed.total_amount).toEqual({ amount: '34.885', currency: 'SAR' });
    const findings = validateCheckout(fixed, { form: 'general' });
    expect(findings.find((finding) => finding.path === 'total_amount.amount')?.message).toBe(words);
    expect(findings.find((finding) => finding.code === 'total_mismatch')).toBeUndefined();
    payload.total_amount = { amount: 1, currency: 'SAR' };
    expect((withComputedTotal(payload) as Payload).total_amount).toEqual({ amount: 34.885, currency: 'SAR' });
    // A stated total with more decimals than any part is no sum of them, rounded or not.
    payload.total_amount = { amount: '34.8851', currency: 'SAR' };
    expect(computeTotals(payload).matches).toBe(false);
  });

  // A PHP client adding floats sends an item total of 0.7999999999999999 (or 0.30000000000000004)
  // under an order total of 0.8 (0.3): the part's too_many_decimals is the finding, and the total,
  // right at the currency's decimals, got a total_mismatch "Expected 0.7999999999999999" as well.
  it.each([
    [0.7999999999999999, 0.8],
    [0.1 + 0.2, 0.3],
  ])('a part of %s under a total of %s is its own finding only', (part, total) => {
    const payload = fixture('general');
    const [item] = payload.items as Payload[];
    payload.items = [
      {
        ...item,
        total_amount: { amount: part, currency: 'SAR' },
        unit_price: { amount: part, currency: 'SAR' },
        quantity: 1,
      },
    ];
    delete payload.discount;
    payload.tax_amount = { amount: 0, currency: 'SAR' };
    payload.shipping_amount = { amount: 0, currency: 'SAR' };
    payload.total_amount = { amount: total, currency: 'SAR' };
    expect(computeTotals(payload).matches).toBe(true);
    expect(brief(validateCheckout(payload, { form: 'general' }))).toEqual([
      'error items[0].total_amount.amount too_many_decimals',
      'error items[0].unit_price.amount too_many_decimals',
    ]);
    // A total off by more than those decimals is still a mismatch, and its expected figure one
    // the currency can carry, not the over-precise sum.
    payload.total_amount = { amount: 5, currency: 'SAR' };
    const mismatch = validateCheckout(payload, { form: 'general' }).find((f) => f.code === 'total_mismatch');
    expect(mismatch?.message).toMatch(new RegExp(`Expected ${total.toFixed(2).replace('.', '\\.')} \\(`));
    expect(mismatch?.message).toContain('too_many_decimals');
  });

  // A tester's finding: a total of 0.30000000000000004 over items 0.1 + 0.2 (or 135.875 over
  // parts adding up to 135.88) got too_many_decimals and a total_mismatch "= 0.30 SAR. Expected
  // 0.30." besides: one mistake said twice.
  it.each([
    [[0.1, 0.2], 0.1 + 0.2, '0.30'],
    [['100.13', '35.75'], '135.875', '135.88'],
  ])("parts %j under a total of %s are the total's own finding only", (parts, total, atPrecision) => {
    const payload = fixture('general');
    const [item] = payload.items as Payload[];
    payload.items = parts.map((part, index) => ({
      ...item,
      reference_id: `line-${index}`,
      total_amount: { amount: part, currency: 'SAR' },
      unit_price: { amount: part, currency: 'SAR' },
      quantity: 1,
    }));
    delete payload.discount;
    payload.tax_amount = { amount: 0, currency: 'SAR' };
    payload.shipping_amount = { amount: 0, currency: 'SAR' };
    payload.total_amount = { amount: total, currency: 'SAR' };
    expect(computeTotals(payload)).toMatchObject({ computedTotalText: atPrecision, matches: true });
    expect(brief(validateCheckout(payload, { form: 'general' }))).toEqual([
      'error total_amount.amount too_many_decimals',
    ]);
    // A total that is not the sum at the currency's decimals is still a mismatch as well.
    payload.total_amount = { amount: `${atPrecision}9`, currency: 'SAR' };
    expect(brief(validateCheckout(payload, { form: 'general' }))).toEqual([
      'error total_amount.amount too_many_decimals',
      'error total_amount.amount total_mismatch',
    ]);
  });

  it('counts a discount in another currency as written too, not rounded to either currency', () => {
    const payload = overPrecise('KWD', { amount: 2.005, currency: 'AED' });
    payload.total_amount = { amount: 34.875, currency: 'KWD' };
    expect(computeTotals(payload)).toMatchObject({
      discountText: '2.005',
      computedTotalText: '34.875',
      matches: true,
      discountCurrency: 'AED',
    });
    const sar = overPrecise('SAR', { amount: 2.005, currency: 'AED' });
    expect(computeTotals(sar)).toMatchObject({ discountText: '2.005', computedTotalText: '34.875' });
  });

  it('quotes the stated total as the text writes it', () => {
    const payload = overPrecise('SAR', { amount: 2, currency: 'SAR' });
    payload.total_amount = { amount: 34.88, currency: 'SAR' };
    const text = JSON.stringify(payload).replace('"amount":34.88,', '"amount":34.880,');
    expect(text).toContain('34.880');
    expect(computeTotals(JSON.parse(text) as unknown, jsonSourceText(text)).statedTotalText).toBe('34.880');
    expect(computeTotals(payload).statedTotalText).toBe('34.88');
    // The validator's mismatch says it as written too, though it looks the digits up only then.
    const off = text.replace('"amount":34.880,', '"amount":34.890,');
    const mismatch = validateCheckout(JSON.parse(off) as unknown, { form: 'general', sourceText: off }).find(
      (finding) => finding.code === 'total_mismatch',
    );
    expect(mismatch?.message).toMatch(/^total_amount\.amount is 34\.890, but /);
  });

  it('sets total_amount from the breakdown, keeping a string a string', () => {
    const payload = fixture('general');
    payload.total_amount = { amount: '1.00', currency: 'SAR' };
    const fixed = withComputedTotal(payload) as Payload;
    expect(fixed.total_amount).toEqual({ amount: '72.98', currency: 'SAR' });
    expect(payload.total_amount).toEqual({ amount: '1.00', currency: 'SAR' });
    expect(validateCheckout(fixed, { form: 'general' })).toEqual([]);
    const missing = fixture('general');
    delete missing.total_amount;
    expect((withComputedTotal(missing) as Payload).total_amount).toEqual({ currency: 'SAR', amount: 72.98 });
  });
});

describe('changing currency', () => {
  it('moves every Money, re-rounds to the precision and sets the matching country', () => {
    const payload = fixture('general');
    delete payload.discount;
    const kwd = changeCurrency(payload, 'KWD') as Payload;
    expect(kwd.country_code).toBe('KW');
    expect(JSON.stringify(kwd)).not.toContain('"SAR"');
    expect(brief(validateCheckout(withComputedTotal(kwd), { form: 'general' }))).toEqual([]);
    const back = changeCurrency(
      { ...kwd, tax_amount: { amount: 10.435, currency: 'KWD' } },
      'SAR',
    ) as Payload;
    expect(back.tax_amount).toEqual({ amount: 10.44, currency: 'SAR' });
    expect(payload.country_code).toBe('SA');
  });

  it('keeps the discount in SAR or AED, the only currencies the spec allows for it', () => {
    const payload = fixture('general');
    const omr = changeCurrency(payload, 'OMR') as Payload;
    expect((omr.discount as Payload).amount).toEqual({ amount: 6.95, currency: 'SAR' });
    const aed = changeCurrency(payload, 'AED') as Payload;
    expect((aed.discount as Payload).amount).toEqual({ amount: 6.95, currency: 'AED' });
    const findings = validateCheckout(withComputedTotal(omr), { form: 'general' });
    expect(brief(findings)).toEqual(['warning discount.amount.currency discount_currency_conflict']);
  });

  // A new document has no Money: KWD picked there was kept nowhere (the picker showed empty
  // again), items added later got SAR, and the toast still said "Every amount is in KWD now".
  it('on a document with no amount yet, keeps the currency in total_amount and says only that', () => {
    const change = changeCurrencyOf({ form_type: 'education' }, 'KWD');
    expect(change.payload).toEqual({
      form_type: 'education',
      total_amount: { currency: 'KWD' },
      country_code: 'KW',
    });
    expect(currencyChangeWords(change, 'KWD')).toEqual({
      title: 'The order is in KWD now',
      lines: [
        'total_amount was not given: it is {"currency":"KWD"} now, so the currency is kept, and items and amounts added later take it.',
        'The country follows: country_code is KW.',
      ],
    });
    expect(currencyForNewMoney(change.payload, ['items', 0, 'total_amount'])).toBe('KWD');
    expect(currencyForNewMoney(change.payload, ['tax_amount'])).toBe('KWD');
    expect(currencyForNewMoney(change.payload, ['discount', 'amount'])).toBe('SAR');
    expect(currencyForNewMoney({}, ['tax_amount'])).toBeUndefined();
    expect(currencyForNewMoney({ total_amount: { currency: 'XYZ' } }, ['tax_amount'])).toBeUndefined();
  });

  // A discount with no currency became SAR on a KWD order under "Every amount is in KWD now".
  it('says what was done to a discount the order currency cannot have, and why', () => {
    const payload = fixture('general');
    delete ((payload.discount as Payload).amount as Payload).currency;
    const kwd = changeCurrencyOf(payload, 'KWD');
    expect(((kwd.payload as Payload).discount as Payload).amount).toEqual({ amount: 6.95, currency: 'SAR' });
    const words = currencyChangeWords(kwd, 'KWD');
    expect(words.title).toBe('Every amount but the discount is in KWD now');
    expect(words.lines).toContain(
      'discount.amount had no currency and is in SAR now: the spec allows a discount only in SAR or AED, so it cannot be in KWD.',
    );
    ((payload.discount as Payload).amount as Payload).currency = 'AED';
    expect(currencyChangeWords(changeCurrencyOf(payload, 'OMR'), 'OMR').lines).toContain(
      'discount.amount stays in AED: the spec allows a discount only in SAR or AED, so it cannot be in OMR.',
    );
    ((payload.discount as Payload).amount as Payload).currency = 'BHD';
    expect(currencyChangeWords(changeCurrencyOf(payload, 'KWD'), 'KWD').lines).toContain(
      'discount.amount was in BHD and is in SAR now: the spec allows a discount only in SAR or AED, so it cannot be in KWD.',
    );
    expect(currencyChangeWords(changeCurrencyOf(payload, 'AED'), 'AED').title).toBe(
      'Every amount is in AED now',
    );
  });

  it('can leave the country alone, and leaves non-objects untouched', () => {
    expect((changeCurrency(fixture('general'), 'AED', { setCountry: false }) as Payload).country_code).toBe(
      'SA',
    );
    expect(changeCurrency('text', 'AED')).toBe('text');
  });
});

/**
 * The tester's BHD request: two items (10.005, 20.005), tax 0.005, shipping 1.125, total
 * 31.140, the country and both addresses BH. Valid, no findings.
 */
function bahrainRequest(): Payload {
  const payload = fixture('general');
  delete payload.discount;
  const bhd = (amount: number) => ({ amount, currency: 'BHD' });
  const [item] = payload.items as Payload[];
  const second = { ...item, reference_id: 'item-2', sku: 'SKU-2' };
  payload.items = [
    {
      ...item,
      total_amount: bhd(10.005),
      unit_price: bhd(10.005),
      tax_amount: bhd(0.005),
      discount_amount: bhd(0),
    },
    {
      ...second,
      total_amount: bhd(20.005),
      unit_price: bhd(20.005),
      tax_amount: bhd(0),
      discount_amount: bhd(0),
    },
  ];
  payload.tax_amount = bhd(0.005);
  payload.shipping_amount = bhd(1.125);
  payload.total_amount = bhd(31.14);
  payload.country_code = 'BH';
  (payload.shipping_address as Payload).country_code = 'BH';
  payload.billing_address = { ...(payload.shipping_address as Payload) };
  return payload;
}

// Currency of every amount turned that valid BHD request into an invalid SAR one: each amount
// rounded alone (10.01, 20.01, 0.01, 1.13) while the total stayed 31.14 ("total_amount.amount is
// 31.14, but items … = 31.16 SAR"), and both addresses stayed in BH while the order moved to SA.
describe('changing currency keeps a consistent request consistent', () => {
  it('re-derives a total that added up, and the addresses that were in the old country follow', () => {
    const payload = bahrainRequest();
    expect(validateCheckout(payload, { form: 'general' })).toEqual([]);
    const sar = changeCurrency(payload, 'SAR') as Payload;
    expect(validateCheckout(sar, { form: 'general' })).toEqual([]);
    expect(sar.total_amount).toEqual({ amount: 31.16, currency: 'SAR' });
    expect(sar.country_code).toBe('SA');
    expect((sar.shipping_address as Payload).country_code).toBe('SA');
    expect((sar.billing_address as Payload).country_code).toBe('SA');
  });

  it('leaves alone a total that did not add up, and an address in another country', () => {
    const payload = bahrainRequest();
    payload.total_amount = { amount: '40.000', currency: 'BHD' };
    (payload.billing_address as Payload).country_code = 'KW';
    const change = changeCurrencyOf(payload, 'SAR');
    const sar = change.payload as Payload;
    expect(sar.total_amount).toEqual({ amount: '40.00', currency: 'SAR' });
    expect(change.total).toEqual({ addedUp: false });
    expect((sar.shipping_address as Payload).country_code).toBe('SA');
    expect((sar.billing_address as Payload).country_code).toBe('KW');
    expect(change.countries).toEqual(['country_code', 'shipping_address.country_code']);
  });

  it('says which amounts lost digits, and that the total follows them', () => {
    const change = changeCurrencyOf(bahrainRequest(), 'SAR');
    expect(change.rounded).toEqual([
      { path: 'shipping_amount.amount', from: 1.125, to: 1.13 },
      { path: 'tax_amount.amount', from: 0.005, to: 0.01 },
      { path: 'items[0].total_amount.amount', from: 10.005, to: 10.01 },
      { path: 'items[0].unit_price.amount', from: 10.005, to: 10.01 },
      { path: 'items[0].tax_amount.amount', from: 0.005, to: 0.01 },
      { path: 'items[1].total_amount.amount', from: 20.005, to: 20.01 },
      { path: 'items[1].unit_price.amount', from: 20.005, to: 20.01 },
    ]);
    expect(change.total).toEqual({ addedUp: true, from: 31.14, to: 31.16 });
    expect(currencyChangeWords(change, 'SAR')).toEqual({
      title: 'Every amount is in SAR now',
      lines: [
        'Rounded to 2 decimals: shipping_amount.amount 1.125 → 1.13, tax_amount.amount 0.005 → 0.01, items[0].total_amount.amount 10.005 → 10.01 and 4 more. Changing back does not bring the lost digits back.',
        'total_amount.amount follows them, 31.14 → 31.16, so the total still adds up.',
        'The country follows: country_code, shipping_address.country_code, billing_address.country_code are SA.',
      ],
    });
  });

  it('KWD → OMR → KWD loses the third decimal, and says so on the way', () => {
    const payload = fixture('general');
    delete payload.discount;
    const kwd = withComputedTotal(changeCurrency(payload, 'KWD')) as Payload;
    kwd.tax_amount = { amount: 10.435, currency: 'KWD' };
    const omr = changeCurrencyOf(withComputedTotal(kwd), 'OMR');
    expect(omr.rounded).toContainEqual({ path: 'tax_amount.amount', from: 10.435, to: 10.44 });
    const back = changeCurrency(omr.payload, 'KWD') as Payload;
    expect(back.tax_amount).toEqual({ amount: 10.44, currency: 'KWD' });
    expect(changeCurrencyOf(back, 'SAR').rounded).toEqual([]);
  });
});
