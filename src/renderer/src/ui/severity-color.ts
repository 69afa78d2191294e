import { worstSeverity, type Severity } from '@shared/orders/findings-severity';
import type { SignalHue } from './readable-colors';

export type { Severity };

/**
 * A finding's hue by its severity: red only for an error; a warning orange, as the builder's
 * findings mark it (builder.module.css). A box of warnings drawn red read as an error.
 */
export const SEVERITY_COLOR = { error: 'red', warning: 'orange' } as const satisfies Record<
  Severity,
  SignalHue
>;

/**
 * The hue of findings known by their worst one alone (the Orders list reads the summary's
 * findingsSeverity, not the findings): the same hue the findings themselves give.
 */
export const worstColorOf = (worst: Severity | null): SignalHue => SEVERITY_COLOR[worst ?? 'warning'];

/** The hue of a set of findings: its worst one's. */
export function worstSeverityColor(findings: readonly { severity: Severity }[]): SignalHue {
  return worstColorOf(worstSeverity(findings));
}
