import { describe, expect, it } from 'vitest';
import { validateCheckout } from '../../src/shared/checkout';
import { REQUEST_FIELDS } from '../../src/shared/checkout/catalogue-request-fields';
import { PAIR_TABLE_WORDS } from '../../src/shared/checkout/country-currency-pairs';
import { fixture, setAt } from './helpers/checkout-payloads';

/**
 * One table of country/currency pairs, named two ways: the builder's Country hint said "the
 * console's table, by default SA–SAR…" where the finding and validate said "the emulator's
 * default table". Every reader takes the words from their one owner now.
 */
describe('the country/currency table is named one way', () => {
  it("the builder's Country hint and the finding's rule say the owner's words", () => {
    expect(PAIR_TABLE_WORDS).toBe(
      "the emulator's table (Emulator → Settings, validate --pairs), by default the emulator's default table: SA–SAR, AE–AED, BH–BHD, KW–KWD, OM–OMR",
    );
    const hint = REQUEST_FIELDS.find((field) => field.path === 'country_code')?.help ?? '';
    expect(hint).toContain(PAIR_TABLE_WORDS);
    expect(hint).not.toContain("console's table");
    const payload = fixture('general');
    setAt(payload, 'country_code', 'AE');
    const finding = validateCheckout(payload, { form: 'general' }).find(
      (each) => each.code === 'not_supported_country_currency',
    );
    expect(finding?.rule).toContain(PAIR_TABLE_WORDS);
    expect(finding?.message).toContain("the emulator's default table");
  });
});
