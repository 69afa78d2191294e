import { isPlainObject, ownValue, type RawFinding } from './findings';

/**
 * A request without the top-level `country_code`. The spec's row says required "yes" and
 * "Default SA" at once, so how the service reads a missing one is ambiguous: a setting
 * (Emulator → Settings, `validate --missing-country-code`), never a silent guess. `refuse`
 * (default, the required column's "yes"): the `required` error; `take_sa`: judged as SA, the
 * stated default, its pair with the order's currency checked as a given country's would be.
 * An address's `country_code` has no default in the spec and is not touched.
 */
export const MISSING_COUNTRY_CODE_CHOICES = ['refuse', 'take_sa'] as const;
export type MissingCountryCodeChoice = (typeof MISSING_COUNTRY_CODE_CHOICES)[number];
export const DEFAULT_MISSING_COUNTRY_CODE: MissingCountryCodeChoice = 'refuse';

/** The request as judged: with `country_code` SA where it is left out and the choice takes SA. */
export function withMissingCountry(payload: unknown, choice: MissingCountryCodeChoice | undefined): unknown {
  if (choice !== 'take_sa' || !isPlainObject(payload) || ownValue(payload, 'country_code') !== undefined)
    return payload;
  return { ...payload, country_code: 'SA' };
}

/**
 * A finding at `country_code` of a request that left it out and was judged as SA says so: the
 * SA it names was not sent (the pair error would otherwise read as if it had been).
 */
export function sayingCountryTaken(findings: readonly RawFinding[], taken: boolean): RawFinding[] {
  if (!taken) return [...findings];
  return findings.map((finding) =>
    finding.path.length === 1 && finding.path[0] === 'country_code'
      ? {
          ...finding,
          message: `${finding.message} (country_code is not given; SA is taken, as the emulator's Missing country_code setting says.)`,
        }
      : finding,
  );
}
