import { Anchor, Group, Paper, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Fragment } from 'react';
import { LifecycleStrip, StateBadge, useOrderLifecycle } from '@features/orders';
import { formatShortInstant } from '@ui/instant-format';
import { useToday } from '@ui/use-today';

/**
 * The timeline filtered by one order: the order's strip, then every one of its records in time
 * order with the state after each (a click opens the record). Kept current by the same
 * `orders.changed` pushes as the Orders view.
 */
export function OrderLifecyclePanel({ orderId, onOpen }: { orderId: string; onOpen: (id: number) => void }) {
  const today = useToday();
  const { detail, error, loading } = useOrderLifecycle(orderId);
  if (loading && detail === null) return null;
  if (error !== null)
    return (
      <Text size="xs" c="red">
        The lifecycle of order {orderId} could not be loaded: {error}
      </Text>
    );
  if (detail === null) return null;
  const { lifecycle } = detail;
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="timeline-order-lifecycle">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={600}>
              Order {lifecycle.facts.referenceId ?? orderId}
            </Text>
            <StateBadge state={lifecycle.state} knownFrom={lifecycle.knownFrom} size="xs" />
          </Group>
          <Anchor size="xs" href={`#/orders?id=${encodeURIComponent(orderId)}`}>
            Open in Orders
          </Anchor>
        </Group>
        <LifecycleStrip lifecycle={lifecycle} />
        <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars>
          <Group gap={4} wrap="nowrap" role="list" aria-label={`Records of order ${orderId}, oldest first`}>
            {lifecycle.entries.map((entry, index) => (
              <Fragment key={entry.recordId}>
                {index > 0 && <IconChevronRight size={12} aria-hidden color="var(--mantine-color-dimmed)" />}
                <UnstyledButton
                  role="listitem"
                  onClick={() => onOpen(entry.recordId)}
                  title={entry.evidence}
                  aria-label={`${entry.what} at ${formatShortInstant(entry.at, today)}: state after ${entry.stateAfter ?? 'unknown'}`}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  <Stack gap={0} align="center">
                    <Text size="xs" ff="monospace">
                      {entry.what}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <Text size="xs" c="dimmed">
                        {formatShortInstant(entry.at, today)}
                      </Text>
                      <StateBadge state={entry.stateAfter} size="xs" />
                    </Group>
                  </Stack>
                </UnstyledButton>
              </Fragment>
            ))}
          </Group>
        </ScrollArea>
      </Stack>
    </Paper>
  );
}
