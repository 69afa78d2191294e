import { Anchor, Badge, ScrollArea, Table, Text } from '@mantine/core';
import type { EmulatorDelivery, EmulatorOrder, EmulatorStatus } from '@shared/emulator';
import { TableHeader } from '@ui/table-header';
import { emptyWhileDisconnectedWords } from './emulator-last-known';
import { describeFaults } from '@shared/emulator-fault-words';
import { formatShortInstant, instantTitle } from '@ui/instant-format';
import { useToday } from '@ui/use-today';

const STATUS_COLOR: Record<EmulatorDelivery['status'], string> = {
  pending: 'blue',
  delivered: 'teal',
  failed: 'red',
  dropped: 'gray',
  unsent: 'yellow',
};

/**
 * When a delivery goes next. A stopped emulator sends nothing (deliveries are made only while
 * an emulator runs), so a pending one's scheduled time, soon past, would read as a send that
 * happened or was forgotten; it goes once the emulator runs. Stopped because another console
 * holds the port (an error), that console's emulator may send it on time: the time stays.
 */
function nextAttemptWords(
  delivery: EmulatorDelivery,
  status: Pick<EmulatorStatus, 'running' | 'error'>,
  known: boolean,
  today: Date,
): string {
  // Out of order: it goes once the order's next notification has gone (or its hold ends first).
  if (delivery.heldForNext)
    return delivery.nextAttemptAt === null
      ? "after the order's next notification"
      : `after the order's next notification, or at ${formatShortInstant(delivery.nextAttemptAt, today)}`;
  if (known && delivery.status === 'pending' && !status.running && status.error === null)
    return 'once the emulator runs';
  if (delivery.nextAttemptAt === null) return '—';
  return formatShortInstant(delivery.nextAttemptAt, today);
}

/** How wide an order's name may be in a row before it is cut (its whole text on hover). */
export const ORDER_COLUMN_WIDTH = 220;

/**
 * An order as a row names it: its reference (else its id), cut at its end so a long one (300
 * characters) cannot push the row's other columns off the screen, the whole text its title.
 */
export function OrderName({ orderId, referenceId }: { orderId: string; referenceId: string | null }) {
  const name = referenceId ?? orderId;
  return (
    <Text
      size="xs"
      ff={referenceId === null ? 'monospace' : undefined}
      truncate="end"
      title={name}
      data-testid="order-name"
    >
      {name}
    </Text>
  );
}

/** The outbox: every notification owed, its attempts, the last answer and the next retry. */
export function EmulatorDeliveriesTable({
  deliveries,
  orders,
  status,
  known,
}: {
  deliveries: readonly EmulatorDelivery[];
  /** The orders listed beside it: a notification names its order by their reference. */
  orders: readonly Pick<EmulatorOrder, 'orderId' | 'referenceId'>[];
  status: Pick<EmulatorStatus, 'running' | 'error'>;
  /** False while the tab is cut off from the console: the list is only what it last heard. */
  known: boolean;
}) {
  const today = useToday();
  if (deliveries.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="emulator-deliveries-empty">
        {known
          ? 'No notifications yet. They are sent when an order changes state, to its notification URL or else to the registered webhook (Settings: where the spec is open); one with neither is listed here as unsent.'
          : emptyWhileDisconnectedWords('notifications')}
      </Text>
    );
  // Which order each notification is for: its reference where the orders list has it, else its id.
  const references = new Map(orders.map((order) => [order.orderId, order.referenceId]));
  return (
    <ScrollArea.Autosize mah={360} type="auto">
      <Table striped fz="xs" aria-label="Notification deliveries" stickyHeader>
        <TableHeader
          columns={[
            'Queued',
            'Order',
            'Event',
            'Status',
            'Attempts',
            'Last answer',
            'Next attempt',
            'Faults',
          ]}
        />
        <Table.Tbody>
          {deliveries.map((delivery) => (
            <Table.Tr key={delivery.id} data-testid="emulator-delivery" data-status={delivery.status}>
              <Table.Td title={instantTitle(delivery.createdAt)}>
                {formatShortInstant(delivery.createdAt, today)}
              </Table.Td>
              <Table.Td maw={ORDER_COLUMN_WIDTH}>
                <OrderName
                  orderId={delivery.orderId}
                  referenceId={references.get(delivery.orderId) ?? null}
                />
              </Table.Td>
              <Table.Td>
                <Anchor
                  size="xs"
                  ff="monospace"
                  href={`#/timeline?kind=delivery&order=${encodeURIComponent(delivery.orderId)}`}
                >
                  {delivery.eventType}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Badge size="xs" color={STATUS_COLOR[delivery.status]} variant="light">
                  {delivery.status}
                </Badge>
              </Table.Td>
              <Table.Td>
                {delivery.attempts}/{delivery.maxAttempts}
              </Table.Td>
              <Table.Td>
                <Text size="xs" c={delivery.lastError === null ? undefined : 'orange'}>
                  {delivery.lastStatus ?? '—'}
                  {delivery.lastError === null ? '' : ` · ${delivery.lastError}`}
                </Text>
              </Table.Td>
              <Table.Td>{nextAttemptWords(delivery, status, known, today)}</Table.Td>
              <Table.Td>{describeFaults(delivery.faults)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
