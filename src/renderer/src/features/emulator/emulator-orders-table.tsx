import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink } from '@tabler/icons-react';
import { NO_FAULTS, type EmulatorOrder, type EmulatorStatus, type Faults } from '@shared/emulator';
import { CUSTOMER_ACTIONS, type CustomerAction } from '@shared/orders/order-states';
import { formatMoney } from '@shared/money-format';
import { describeRelative } from '@shared/relative-time';
import { openExternalUrl } from '@ui/open-external';
import { errorMessage } from '@bridge/bridge-error';
import { StateBadge } from '@features/orders';
import { useNow } from '@ui/use-now';
import { TableHeader } from '@ui/table-header';
import { emptyWhileDisconnectedWords } from './emulator-last-known';
import { describeFaults } from '@shared/emulator-fault-words';
import { ORDER_COLUMN_WIDTH } from './emulator-deliveries-table';
import { OrderFaultsEditor } from './faults-editor';
import { useEmulatorStore } from './emulator-store';
import { blockedButton, NeedsConsole, useUnsendable } from './needs-console';
import { formatShortInstant } from '@ui/instant-format';
import { DamagedRecordsAlert } from '@ui/damaged-records-alert';
import { countOf } from '@shared/count-words';
import { useToday } from '@ui/use-today';

const ACTION_LABEL: Record<CustomerAction, string> = {
  pay: 'Pay',
  decline: 'Decline',
  cancel: 'Cancel',
  expire: 'Expire',
};

function act(orderId: string, action: CustomerAction) {
  useEmulatorStore
    .getState()
    .customerAction({ orderId, action })
    .catch((error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) }));
}

function setOptions(orderId: string, options: { faults?: Faults | null; legacyApproved?: boolean }) {
  useEmulatorStore
    .getState()
    .setOrderOptions({ orderId, ...options })
    .catch((error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) }));
}

/**
 * The empty list's words, connected: what makes an order appear here. Not started for a reason
 * (its port held, a base URL it cannot stand behind), Start tries the same again and meets it,
 * so the words name the one button the status card offers that can work: the free port.
 */
function emptyOrdersWords(status: Pick<EmulatorStatus, 'running' | 'profileName' | 'error'>): string {
  const profile = status.profileName ?? 'Local';
  if (status.running)
    return `No orders yet. Send a checkout to the ${profile} profile (the Builder's Send) and it appears here.`;
  if (status.error === null)
    return `No orders yet. The emulator is stopped: start it above, then a checkout sent to the ${profile} profile appears here (until then a send to ${profile} does not reach it).`;
  const follows =
    status.profileName === null
      ? "the local profile's base URL follows"
      : `the base URL of profile ${status.profileName} follows`;
  return `No orders yet. The emulator is not running, for the reason said above (Start tries the same again). "Start on a free port" above can start it (${follows}); then a checkout sent to the ${profile} profile appears here. Until then a send to ${profile} does not reach this emulator.`;
}

/**
 * A new order's time to expiry, ticking each second. Its own component, so that the tick
 * re-renders this cell alone: a tick of the whole table re-rendered every row (buttons, switches,
 * popovers), and with 200 orders that kept the tab's main thread busy without a pause under load.
 */
function ExpiryCountdown({ expiresAt }: { expiresAt: string }) {
  const now = useNow(1000);
  const expiresMs = Date.parse(expiresAt);
  return (
    <Text size="xs" c={expiresMs - now < 5 * 60_000 ? 'orange' : undefined}>
      {describeRelative(expiresMs, now)}
    </Text>
  );
}

/**
 * The orders main cannot read, each named by its id in main's sentence: left out of the table
 * unsaid, they seemed never to have been. No button is offered: nothing moves such an order.
 */
function DamagedOrdersAlert({ damaged }: { damaged: readonly string[] }) {
  return (
    <DamagedRecordsAlert
      sentences={damaged}
      color="red"
      title={`${countOf(damaged.length, 'stored order')} cannot be read`}
      lead="Not in the list of orders: no customer action, fault or expiry is made on an order whose stored row cannot be read."
      testId="emulator-orders-damaged"
    />
  );
}

/** The emulator's orders: state, expiry, the checkout page, the customer's actions, per-order faults. */
export function EmulatorOrdersTable({
  orders,
  damaged,
  status,
  known,
}: {
  orders: readonly EmulatorOrder[];
  /** The sentence naming each damaged order among the newest (docs/data-safety.md). */
  damaged: readonly string[];
  /**
   * Stopped, a send to its profile does not reach it, and not started for a reason, Start meets
   * the reason again: the empty list must not promise otherwise.
   */
  status: Pick<EmulatorStatus, 'running' | 'profileName' | 'error'>;
  /** False while the tab is cut off from the console: the list is only what it last heard. */
  known: boolean;
}) {
  const today = useToday();
  // Cut off, the rows stay as last heard; what they would send is offered again once connected.
  const unsendable = useUnsendable();
  // "No orders yet" beside a damaged one would be untrue: the alert is the whole list then.
  if (orders.length === 0)
    return damaged.length > 0 ? (
      <DamagedOrdersAlert damaged={damaged} />
    ) : (
      <Text size="sm" c="dimmed" data-testid="emulator-orders-empty">
        {known ? emptyOrdersWords(status) : emptyWhileDisconnectedWords('orders')}
      </Text>
    );
  return (
    <Stack gap="xs">
      <DamagedOrdersAlert damaged={damaged} />
      <ScrollArea.Autosize mah={420} type="auto">
        <Table striped highlightOnHover fz="xs" aria-label="Emulator orders" stickyHeader>
          <TableHeader columns={['Order', 'State', 'Total', 'Expires', 'Customer', 'Notifications']} />
          <Table.Tbody>
            {orders.map((order) => {
              return (
                <Table.Tr key={order.orderId} data-testid="emulator-order" data-order-id={order.orderId}>
                  <Table.Td maw={ORDER_COLUMN_WIDTH}>
                    {/* Cut at its end: a 300-character reference pushed State, Total, Expires and
                      the customer's buttons off a 1280-pixel screen. The whole text is its title. */}
                    <Stack gap={0}>
                      <Anchor
                        size="xs"
                        href={`#/orders?id=${encodeURIComponent(order.orderId)}`}
                        fw={600}
                        truncate="end"
                        title={order.referenceId ?? order.orderId}
                        data-testid="order-name"
                      >
                        {order.referenceId ?? order.orderId}
                      </Anchor>
                      <Text size="xs" c="dimmed" ff="monospace" truncate="end" title={order.orderId}>
                        {order.orderId}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <StateBadge state={order.state} size="xs" />
                  </Table.Td>
                  {/* Amount and currency on one line: "102.500 / KWD" broke in two at 1280 (t74). */}
                  <Table.Td
                    ff="monospace"
                    style={{ whiteSpace: 'nowrap' }}
                    data-testid="emulator-order-total"
                  >
                    {formatMoney(order.totalAmount, order.currency)}
                  </Table.Td>
                  <Table.Td>
                    {order.state === 'new' && !known ? (
                      // Cut off, "new" is only what was last heard: a countdown reaching "2 minutes
                      // ago" would say it expired, though it may have been paid since. The time is
                      // what is known.
                      <Text
                        size="xs"
                        c="dimmed"
                        title="The expiry as last heard; whether the order is still new is not known while cut off"
                      >
                        at {formatShortInstant(order.expiresAt, today)}
                      </Text>
                    ) : order.state === 'new' ? (
                      <ExpiryCountdown expiresAt={order.expiresAt} />
                    ) : (
                      <Text size="xs" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        aria-label={`Open the checkout page of ${order.referenceId ?? order.orderId}`}
                        onClick={() => void openExternalUrl(order.checkoutUrl)}
                      >
                        <IconExternalLink size={14} />
                      </ActionIcon>
                      {CUSTOMER_ACTIONS.map((action) => (
                        <NeedsConsole key={action} reason={unsendable}>
                          <Button
                            size="compact-xs"
                            variant={action === 'pay' ? 'light' : 'subtle'}
                            color={action === 'pay' ? 'teal' : action === 'decline' ? 'red' : 'gray'}
                            disabled={unsendable === null && order.state !== 'new'}
                            {...blockedButton(unsendable)}
                            onClick={() => {
                              if (unsendable === null) act(order.orderId, action);
                            }}
                          >
                            {ACTION_LABEL[action]}
                          </Button>
                        </NeedsConsole>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {/* Wraps at narrow widths so the faults button is never cut ("Faults: emulator defaul"). */}
                    <Group gap="xs">
                      {/* Cut off, the faults last heard stay in the label; the editor would send each change. */}
                      {unsendable !== null ? (
                        <NeedsConsole reason={unsendable}>
                          <Button size="compact-xs" variant="default" {...blockedButton(unsendable)}>
                            Faults: {describeFaults(order.faults)}
                          </Button>
                        </NeedsConsole>
                      ) : (
                        <Popover width={340} position="bottom-end" withArrow shadow="md">
                          <Popover.Target>
                            <Button size="compact-xs" variant="default">
                              Faults: {describeFaults(order.faults)}
                            </Button>
                          </Popover.Target>
                          <Popover.Dropdown>
                            <Stack gap="xs">
                              <Switch
                                size="xs"
                                label="Own faults for this order"
                                checked={order.faults !== null}
                                onChange={(event) =>
                                  setOptions(order.orderId, {
                                    faults: event.currentTarget.checked ? NO_FAULTS : null,
                                  })
                                }
                              />
                              {order.faults !== null && (
                                <OrderFaultsEditor
                                  faults={order.faults}
                                  onChange={(faults) => setOptions(order.orderId, { faults })}
                                />
                              )}
                            </Stack>
                          </Popover.Dropdown>
                        </Popover>
                      )}
                      <NeedsConsole reason={unsendable}>
                        <Switch
                          size="xs"
                          label="Legacy approved"
                          checked={order.legacyApproved}
                          disabled={unsendable !== null}
                          onChange={(event) =>
                            setOptions(order.orderId, { legacyApproved: event.currentTarget.checked })
                          }
                        />
                      </NeedsConsole>
                      {order.notificationUrl === null && (
                        <Badge size="xs" color="gray" variant="outline">
                          no notification URL
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}
