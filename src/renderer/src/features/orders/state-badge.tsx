import { Badge } from '@mantine/core';
import type { OrderState } from '@shared/orders/order-states';
import { STATE_COLOR, STATE_LABEL, WHOLE_BADGE } from '@ui/order-format';

/** The current known state of an order, or "unknown" when nothing seen says one. */
export function StateBadge({
  state,
  size = 'sm',
  testId,
}: {
  state: OrderState | null;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  testId?: string;
}) {
  if (state === null) {
    return (
      <Badge styles={WHOLE_BADGE} size={size} color="gray" variant="outline" data-testid={testId}>
        unknown
      </Badge>
    );
  }
  return (
    <Badge styles={WHOLE_BADGE} size={size} color={STATE_COLOR[state]} variant="light" data-testid={testId}>
      {STATE_LABEL[state]}
    </Badge>
  );
}
