import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  CopyButton,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconCopy,
  IconExternalLink,
  IconListSearch,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { OrderDetail } from '@shared/contract/orders';
import { CHECKOUT_URL_HOLDS_TOKEN_WORDS } from '@shared/merchant-api';
import { MASK_PREFIX } from '@shared/profile';
import {
  findingsWords,
  isCountedFinding,
  LAST_ACTIVITY_LABEL,
  type OrderLifecycle,
} from '@shared/orders/order-lifecycle';
import { SaveAsScenarioButton } from '@features/scenarios';
import { openExternalUrl } from '@ui/open-external';
import { LifecycleStrip } from './lifecycle-strip';
import { OperationEditor } from './operation-editor';
import type { OperationRequest } from './operation-request';
import { OrderActions } from './order-actions';
import { OrderEntriesTable } from './order-entries-table';
import { formatMoney } from '@shared/money-format';
import { orderTotalWords } from '@shared/orders/order-total-words';
import { stateByDefaultWords } from '@shared/orders/operation-availability';
import { createdOrFirstSeen } from '@shared/orders/order-created';
import { lastEvidenceWords, latestRecordMark } from '@shared/orders/last-evidence';
import { emulatorHeldStateNote } from '@shared/orders/emulator-held-state';
import { StateBadge } from './state-badge';
import { orderFindingsColor } from './order-findings-color';
import { findingsBadgeWords, worstSeverity } from '@shared/orders/findings-severity';
import { useEmulatorHeldState } from './use-emulator-held-state';
import { useOrderLifecycle } from './use-order-lifecycle';
import { formatZoned } from '@ui/instant-format';
import { InfoNotice } from '@ui/info-notice';

function CopyableId({ label, value }: { label: string; value: string | null }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="xs" c="dimmed" w={90} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {/* Whole, broken anywhere: a reference is the merchant's, of any length, often with no space. */}
      <Text
        size="xs"
        ff="monospace"
        style={{ overflowWrap: 'anywhere', minWidth: 0 }}
        data-testid={`order-${label.toLowerCase().replace(/ /g, '-')}`}
      >
        {value ?? '—'}
      </Text>
      {value !== null && (
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`} withArrow>
              <ActionIcon
                size="xs"
                variant="subtle"
                onClick={copy}
                aria-label={`Copy ${label.toLowerCase()}`}
              >
                {copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      )}
    </Group>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={`order-fact-${label.toLowerCase().replace(/ /g, '-')}`}>
        {value}
      </Text>
    </div>
  );
}

/** A state the documented default decided, not the amounts (captured or refunded, the total unknown). */
function StateByDefault({ lifecycle }: { lifecycle: OrderLifecycle }) {
  const byDefault = stateByDefaultWords(lifecycle, lifecycle.facts.totalUnknown);
  if (byDefault === null) return null;
  return (
    <InfoNotice title={byDefault.title} data-testid="order-state-by-default">
      Not evidence: {byDefault.why}.
    </InfoNotice>
  );
}

/** What the service's own evidence says that cannot be true of this order: never summed, shown. */
function OrderFindings({ findings }: { findings: OrderLifecycle['findings'] }) {
  if (findings.length === 0) return null;
  return (
    <Alert
      color={orderFindingsColor(findings)}
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={`${findingsBadgeWords(findings.length, worstSeverity(findings))}: ${findingsWords(findings)}`}
      data-testid="order-findings"
    >
      <List size="sm" spacing={2}>
        {findings.map((finding) => (
          <List.Item key={`${finding.recordId}:${finding.code}`} data-testid="order-finding">
            <Anchor href={`#/timeline?id=${finding.recordId}`} size="sm">
              #{finding.recordId}
            </Anchor>{' '}
            {finding.message} ({finding.code}){isCountedFinding(finding) ? '.' : '; not counted.'}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function OrderBody({ detail }: { detail: OrderDetail }) {
  const { lifecycle, records } = detail;
  const { facts } = lifecycle;
  const created = createdOrFirstSeen(facts);
  const [request, setRequest] = useState<OperationRequest | null>(null);
  const emulatorNote = emulatorHeldStateNote(
    lifecycle.state,
    useEmulatorHeldState(lifecycle.orderId),
    records,
    lifecycle,
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0, maxWidth: '100%' }}>
          <Group gap="xs">
            <Title order={4} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {facts.referenceId ?? 'Order without a reference'}
            </Title>
            <StateBadge
              state={lifecycle.state}
              knownFrom={lifecycle.knownFrom}
              byDefault={lifecycle.stateByDefault}
              size="lg"
              testId="order-state"
            />
            {lifecycle.outOfOrder > 0 && (
              <Text size="xs" c="orange">
                {lifecycle.outOfOrder} out-of-order {lifecycle.outOfOrder === 1 ? 'record' : 'records'}
              </Text>
            )}
          </Group>
          {emulatorNote !== null && (
            <Text size="xs" c="orange" maw={560} data-testid="order-emulator-state">
              {emulatorNote}
            </Text>
          )}
          <CopyableId label="Order id" value={lifecycle.orderId} />
          <CopyableId label="Reference id" value={facts.referenceId} />
          <CopyableId label="Checkout id" value={facts.checkoutId} />
        </Stack>
        <Group gap="xs">
          {facts.checkoutUrl !== null && facts.checkoutUrl.includes(MASK_PREFIX) && (
            // Stored masked (the service echoed the profile's token in it): no working link.
            <Text size="xs" c="orange" maw={420} data-testid="order-checkout-url-holds-token">
              {CHECKOUT_URL_HOLDS_TOKEN_WORDS}
            </Text>
          )}
          {facts.checkoutUrl !== null && !facts.checkoutUrl.includes(MASK_PREFIX) && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconExternalLink size={14} />}
              onClick={() => void openExternalUrl(facts.checkoutUrl ?? '')}
            >
              Open checkout page
            </Button>
          )}
          <Button
            component="a"
            href={`#/timeline?order=${encodeURIComponent(lifecycle.orderId)}`}
            size="xs"
            variant="default"
            leftSection={<IconListSearch size={14} />}
          >
            All on the timeline
          </Button>
          <SaveAsScenarioButton orderId={lifecycle.orderId} />
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
        <Fact label="Amount" value={orderTotalWords(facts.amount, facts.currency)} />
        <Fact label="Captured" value={formatMoney(facts.capturedAmount, facts.currency)} />
        <Fact label="Refunded" value={formatMoney(facts.refundedAmount, facts.currency)} />
        {facts.canceledAmount !== null && (
          <Fact label="Canceled" value={formatMoney(facts.canceledAmount, facts.currency)} />
        )}
        <Fact label="Profile" value={facts.profileName ?? '—'} />
        <Fact label={created.word === 'created' ? 'Created' : 'First seen'} value={formatZoned(created.at)} />
        <Fact
          label={LAST_ACTIVITY_LABEL}
          // "First seen" is the fact beside it when there is no evidence: said once, not twice.
          value={lastEvidenceWords(facts, formatZoned, created.word === 'first seen')}
        />
        {facts.latestRecord !== null && (
          // Newer than the last activity but not the service's evidence: said, marked, and it
          // neither dates the order nor moves it in the list. A capture still waiting for its
          // answer reads `service, pending`, never `service` alone beside an older Last evidence.
          <Fact
            label="Latest record"
            value={`#${facts.latestRecord.recordId} (${latestRecordMark(facts.latestRecord)}) ${formatZoned(facts.latestRecord.at)}`}
          />
        )}
        <Fact label="Order number" value={facts.orderNumber ?? '—'} />
        <Fact label="Records" value={String(facts.recordCount)} />
      </SimpleGrid>
      <StateByDefault lifecycle={lifecycle} />
      <OrderFindings findings={lifecycle.findings} />
      <LifecycleStrip lifecycle={lifecycle} />
      <OrderActions lifecycle={lifecycle} onOpen={setRequest} />
      <Card withBorder p="xs">
        <Text size="sm" fw={600} mb="xs">
          Records
        </Text>
        <OrderEntriesTable entries={lifecycle.entries} records={records} />
      </Card>
      {request !== null && (
        <OperationEditor request={request} lifecycle={lifecycle} onClose={() => setRequest(null)} />
      )}
    </Stack>
  );
}

/** The selected order: its facts, strip, actions and records, kept live by `orders.changed`. */
export function OrderDetailPanel({ orderId }: { orderId: string }) {
  const { detail, error, loading } = useOrderLifecycle(orderId);
  if (error !== null)
    return (
      <Alert color="red" title="Could not load the order">
        {error}
      </Alert>
    );
  if (detail === null)
    return loading ? (
      <Group>
        <Loader size="sm" />
        <Text size="sm">Loading the order…</Text>
      </Group>
    ) : null;
  return (
    <Card withBorder data-testid="order-detail">
      <OrderBody detail={detail} />
      <Anchor href="#/orders" size="xs" mt="sm">
        Close
      </Anchor>
    </Card>
  );
}
