import { ownValue, type RawFinding } from './findings';
import { valueAt } from './money-paths';

/**
 * A country or currency the service does not take (US and USD) is the spec's one error,
 * `not_supported_country_currency`, not a `not_one_of` on every field that repeats it: one
 * mistake, one error. The pair error stands at country_code, so that field's own `not_one_of`
 * is dropped (it said the same of the same value); total_amount.currency keeps its own, which
 * points at the currency; the echoes (every other Money's currency, each address's country)
 * are dropped. Other findings on those fields stay.
 */
export function withoutPairEchoes(payload: unknown, findings: readonly RawFinding[]): RawFinding[] {
  if (!findings.some((finding) => finding.code === 'not_supported_country_currency')) return [...findings];
  const country = ownValue(payload, 'country_code');
  const currency = ownValue(ownValue(payload, 'total_amount'), 'currency');
  return findings.filter((finding) => {
    if (finding.code !== 'not_one_of') return true;
    const where = finding.path.join('.');
    if (where === 'country_code') return false;
    if (where === 'total_amount.currency') return true;
    const last = finding.path[finding.path.length - 1];
    const value = valueAt(payload, finding.path);
    if (last === 'country_code') return value !== country;
    if (last === 'currency') return value !== currency;
    return true;
  });
}
