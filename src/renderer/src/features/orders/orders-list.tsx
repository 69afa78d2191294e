import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { LAST_ACTIVITY_LABEL, type OrderSummary } from '@shared/orders/order-lifecycle';
import { createdOrFirstSeen } from '@shared/orders/order-created';
import { lastEvidenceWords } from '@shared/orders/last-evidence';
import { WHOLE_BADGE } from '@ui/order-format';
import { orderTotalWords } from '@shared/orders/order-total-words';
import { badgeColors } from '@ui/readable-colors';
import { worstColorOf } from '@ui/severity-color';
import { findingsBadgeWords, findingsSeverityWords } from '@shared/orders/findings-severity';
import { StateBadge } from './state-badge';
import { useVirtualRows } from './use-virtual-rows';
import { formatShortInstant, instantTitle } from '@ui/instant-format';
import { useToday } from '@ui/use-today';

const ROW_HEIGHT = 68;

function OrderRow({
  order,
  selected,
  onSelect,
}: {
  order: OrderSummary;
  selected: boolean;
  onSelect: () => void;
}) {
  const today = useToday();
  const profileWords = order.profileName ?? 'no profile';
  const created = createdOrFirstSeen(order);
  return (
    <UnstyledButton
      onClick={onSelect}
      data-testid="order-row"
      data-order-id={order.orderId}
      aria-current={selected ? 'true' : undefined}
      aria-label={`Order ${order.referenceId ?? order.orderId}`}
      p="xs"
      w="100%"
      h={ROW_HEIGHT - 4}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: selected ? 'var(--mantine-primary-color-light)' : undefined,
        border: '1px solid var(--mantine-color-default-border)',
        // The focus ring is drawn inside the card, as the Profiles list's: outside it (Mantine's
        // 2 px offset), the list's scroll container, as wide as the cards, cut its sides off.
        outlineOffset: -2,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {/* Each line is cut at its end in a row of fixed height: its whole text is its title. */}
        <Text size="sm" fw={600} truncate="end" title={order.referenceId ?? undefined}>
          {order.referenceId ?? 'no reference'}
        </Text>
        <Group gap={4} wrap="nowrap">
          {order.findings > 0 && (
            // The worst finding's hue, as the order's findings box: red only for an error.
            <Badge
              size="xs"
              variant="filled"
              style={badgeColors(worstColorOf(order.findingsSeverity), 'filled')}
              styles={WHOLE_BADGE}
              title={findingsSeverityWords(order.findings, order.findingsSeverity)}
              data-testid="order-findings-count"
            >
              {findingsBadgeWords(order.findings, order.findingsSeverity)}
            </Badge>
          )}
          <StateBadge
            state={order.state}
            knownFrom={order.knownFrom}
            byDefault={order.stateByDefault}
            size="xs"
          />
        </Group>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" ff="monospace" c="dimmed" truncate="end">
          {order.orderId}
        </Text>
        <Text size="xs" fw={500} style={{ whiteSpace: 'nowrap' }} data-testid="order-row-amount">
          {orderTotalWords(order.amount, order.currency)}
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text
          size="xs"
          c="dimmed"
          truncate="end"
          title={`${profileWords} · ${created.word} ${instantTitle(created.at)}`}
        >
          {profileWords} · {created.word} {formatShortInstant(created.at, today)}
        </Text>
        <Text
          size="xs"
          c="dimmed"
          style={{ whiteSpace: 'nowrap' }}
          title={`${LAST_ACTIVITY_LABEL} ${lastEvidenceWords(order, instantTitle)}`}
        >
          {/* Dated by its first record when it has no evidence (its place here), never called evidence. */}
          {order.lastEvidenceAt === null
            ? 'no evidence'
            : `last ${formatShortInstant(order.lastEvidenceAt, today)}`}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

export interface OrdersListProps {
  items: readonly OrderSummary[];
  selectedId: string | null;
  onSelect: (orderId: string) => void;
  /** Called when the last rows come into view and more pages exist. */
  onEndReached: () => void;
  hasMore: boolean;
}

/** The orders, newest activity first, virtualised: only the rows in view are in the DOM. */
export function OrdersList({ items, selectedId, onSelect, onEndReached, hasMore }: OrdersListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const { items: rows, totalSize } = useVirtualRows({
    count: items.length,
    scroller,
    rowHeight: ROW_HEIGHT,
    overscan: 8,
  });
  const lastIndex = rows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && lastIndex >= items.length - 5) onEndReached();
  }, [hasMore, lastIndex, items.length, onEndReached]);

  return (
    <div
      ref={scroller}
      role="list"
      aria-label="Orders"
      style={{ height: 'calc(100vh - 260px)', minHeight: 240, overflowY: 'auto' }}
    >
      <div style={{ height: totalSize, position: 'relative' }}>
        {rows.map((row) => {
          const order = items[row.index];
          if (order === undefined) return null;
          return (
            <Stack
              key={order.orderId}
              role="listitem"
              gap={0}
              style={{ position: 'absolute', top: row.start, left: 0, right: 0, height: ROW_HEIGHT }}
            >
              <OrderRow
                order={order}
                selected={order.orderId === selectedId}
                onSelect={() => onSelect(order.orderId)}
              />
            </Stack>
          );
        })}
      </div>
    </div>
  );
}
