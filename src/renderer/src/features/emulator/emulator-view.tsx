import { Accordion, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useResumed } from '@ui/app-store';
import { EMULATOR_SETTINGS_SETTING, WEBHOOK_HEADERS_SETTING } from '@shared/stored-settings';
import { UnreadableSettingAlert } from '@ui/unreadable-setting-alert';
import { EmulatorDeliveriesTable } from './emulator-deliveries-table';
import { EmulatorOrdersTable } from './emulator-orders-table';
import { EmulatorSettingsForm } from './emulator-settings-form';
import { EmulatorSpecSettings } from './emulator-spec-settings';
import { EmulatorStatusCard } from './emulator-status-card';
import { reloadEmulator, useEmulatorStore } from './emulator-store';

/**
 * "3", or, when older ones are stored than the list holds, that it holds the newest; while the
 * tab is cut off from the console, that it is what the tab last heard (pushes are missed).
 */
const countOf = (shown: number, more: boolean, known: boolean) =>
  `${known ? '' : 'last known: '}${more ? `the newest ${shown}; older ones are not listed` : String(shown)}`;

/**
 * The local stand-in for the service: whether it runs and where, its orders (with the
 * customer's buttons and per-order faults), the notifications it owes, and its settings.
 */
export function EmulatorView() {
  const { status, statusKnown, settings, orders, damagedOrders, deliveries, moreOrders, moreDeliveries } =
    useEmulatorStore();
  const resumed = useResumed();
  useEffect(() => {
    reloadEmulator();
  }, [resumed]);
  if (status === null || settings === null)
    return (
      <Group>
        <Loader size="sm" />
        <Text>Loading the emulator…</Text>
      </Group>
    );
  return (
    <Stack gap="md">
      <Title order={3}>Local emulator</Title>
      <EmulatorStatusCard status={status} known={statusKnown} />
      <UnreadableSettingAlert
        setting={EMULATOR_SETTINGS_SETTING}
        unreadable={settings.unreadable}
        testId="unreadable-emulator-settings"
      />
      <UnreadableSettingAlert
        setting={WEBHOOK_HEADERS_SETTING}
        unreadable={settings.webhookHeadersUnreadable}
        testId="unreadable-webhook-headers"
      />
      <Accordion multiple defaultValue={['orders', 'deliveries']} variant="separated">
        <Accordion.Item value="orders">
          {/* The damaged ones count: they are stored orders, named in the list's alert. */}
          <Accordion.Control>
            Orders ({countOf(orders.length + damagedOrders.length, moreOrders, statusKnown)})
          </Accordion.Control>
          <Accordion.Panel>
            <EmulatorOrdersTable
              orders={orders}
              damaged={damagedOrders.map((damaged) => damaged.words)}
              status={status}
              known={statusKnown}
            />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="deliveries">
          <Accordion.Control>
            Notifications ({countOf(deliveries.length, moreDeliveries, statusKnown)})
          </Accordion.Control>
          <Accordion.Panel>
            <EmulatorDeliveriesTable
              deliveries={deliveries}
              orders={orders}
              status={status}
              known={statusKnown}
            />
          </Accordion.Panel>
        </Accordion.Item>
        {/* The forms follow each push of the settings: fields not edited show what is stored, edits stay. */}
        <Accordion.Item value="settings">
          <Accordion.Control>Settings: retries and faults</Accordion.Control>
          <Accordion.Panel>
            <EmulatorSettingsForm settings={settings} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="spec">
          <Accordion.Control>Settings: where the spec is open</Accordion.Control>
          <Accordion.Panel>
            <EmulatorSpecSettings settings={settings} ownUrl={status.url} />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}
