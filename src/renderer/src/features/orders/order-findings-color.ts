import type { OrderFinding } from '@shared/orders/order-lifecycle';
import type { SignalHue } from '@ui/readable-colors';
import { worstSeverityColor } from '@ui/severity-color';

/**
 * The hue of the Orders view's findings box: red only when a finding is an error. It was red
 * whenever a finding's record was not counted, so a box of warnings alone (a body that could not
 * be read, another profile's record) read as an error; each finding's line says whether it counts.
 */
export function orderFindingsColor(findings: readonly Pick<OrderFinding, 'severity'>[]): SignalHue {
  return worstSeverityColor(findings);
}
