import type { SignalHue } from './readable-colors';

export type Severity = 'error' | 'warning';

/**
 * A finding's hue by its severity: red only for an error; a warning orange, as the builder's
 * findings mark it (builder.module.css). A box of warnings drawn red read as an error.
 */
export const SEVERITY_COLOR = { error: 'red', warning: 'orange' } as const satisfies Record<
  Severity,
  SignalHue
>;

/** The hue of a set of findings: its worst one's. */
export function worstSeverityColor(findings: readonly { severity: Severity }[]): SignalHue {
  return findings.some((finding) => finding.severity === 'error')
    ? SEVERITY_COLOR.error
    : SEVERITY_COLOR.warning;
}
