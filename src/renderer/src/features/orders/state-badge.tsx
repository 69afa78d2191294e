import { Badge } from '@mantine/core';
import { NO_STATE_WHY, NO_STATE_WORD, type KnownFrom } from '@shared/orders/order-known-from';
import { stateByDefaultWords } from '@shared/orders/operation-availability';
import type { OrderState } from '@shared/orders/order-states';
import { STATE_COLOR, STATE_LABEL, WHOLE_BADGE } from '@ui/order-format';

/**
 * The current known state of an order; with none, why: "unknown" when nothing the service sent
 * says one, "imported only" or "console only" when no record is the service's own here. A state
 * the documented default decided (captured or refunded with the total unknown) says so.
 */
export function StateBadge({
  state,
  knownFrom = 'service',
  byDefault = false,
  size = 'sm',
  testId,
}: {
  state: OrderState | null;
  /** What the order is known from (an order's badge); entries' states leave it out. */
  knownFrom?: KnownFrom;
  /** The documented default decided the state (OrderLifecycle.stateByDefault); entries' states leave it out. */
  byDefault?: boolean;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  testId?: string;
}) {
  if (state === null) {
    return (
      <Badge
        styles={WHOLE_BADGE}
        size={size}
        color="gray"
        variant={knownFrom === 'service' ? 'outline' : 'dot'}
        title={`No state: ${NO_STATE_WHY[knownFrom]}`}
        data-testid={testId}
        data-known-from={knownFrom}
      >
        {NO_STATE_WORD[knownFrom]}
      </Badge>
    );
  }
  const marked = stateByDefaultWords({ state, stateByDefault: byDefault });
  return (
    <Badge
      styles={WHOLE_BADGE}
      size={size}
      color={STATE_COLOR[state]}
      variant="light"
      title={marked === null ? undefined : `By default, not evidence: ${marked.why}`}
      data-testid={testId}
      data-by-default={marked === null ? undefined : true}
    >
      {marked?.short ?? STATE_LABEL[state]}
    </Badge>
  );
}
