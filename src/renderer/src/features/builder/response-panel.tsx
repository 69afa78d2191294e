import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconReceipt } from '@tabler/icons-react';
import type { LastSend, UnansweredSend } from '@shared/drafts';
import { CHECKOUT_URL_HOLDS_TOKEN_WORDS, type CheckoutCreated } from '@shared/merchant-api';
import { useNavigation } from '@ui/navigation';
import { openExternalUrl } from '@ui/open-external';
import { TableHeader } from '@ui/table-header';
import { ExchangeAnswer } from '@features/orders';
import { useBuilderStore } from './builder-store';
import { FollowedOrderPanel } from './followed-order-panel';
import { SendAgainHint } from './reference-sent-before';
import { cancelSend } from './send-checkout';
import { useSendStore } from './send-store';
import { formatDateTime } from '@ui/instant-format';

const CREATED_FIELDS: (keyof CheckoutCreated)[] = ['order_id', 'checkout_id', 'status', 'checkout_url'];

/** The answer to the last send: the created session with copy buttons and its page, or the error, structured. */
export function ResponsePanel() {
  const { requestKey, result, error, sentWithErrors, sentRaw, needsSetup, restored, restoredUnanswered } =
    useSendStore();
  const lastSend = useBuilderStore((state) => state.lastSend);
  // The profile the send in flight went to: the top bar may show another by now (a switch while
  // it waits), under whose banner a bare "Sending…" read as that one's.
  const sendingTo = useBuilderStore((state) => state.unansweredSend?.profileName ?? null);
  const navigate = useNavigation((state) => state.navigate);
  if (requestKey !== null)
    return (
      <Group p="sm" gap="sm">
        <Loader size="sm" />
        <Text size="sm" data-testid="sending-to">
          {sendingTo === null ? 'Sending…' : `Sending to ${sendingTo}…`}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={cancelSend}>
          Cancel request
        </Button>
      </Group>
    );
  if (error !== null)
    return (
      <Alert m="sm" color={error.byChoice ? 'gray' : 'red'} title={error.title} data-testid="send-error">
        {error.words}
        {needsSetup !== null && (
          <Button
            size="xs"
            variant="light"
            color="red"
            mt="xs"
            display="block"
            onClick={() => navigate('profiles', { id: String(needsSetup) })}
          >
            Open the profile
          </Button>
        )}
      </Alert>
    );
  if (result === null && restoredUnanswered !== null) return <UnansweredSendNote send={restoredUnanswered} />;
  if (result === null)
    return restored !== null ? (
      <RestoredSend lastSend={restored} />
    ) : (
      <Text p="sm" size="sm" c="dimmed">
        Nothing sent yet. Ctrl+Enter (⌘+Enter) sends the payload to the active profile.
      </Text>
    );
  const created = result.checkout;
  return (
    <Stack gap="sm" p="sm" data-testid="send-response">
      {lastSend !== null && <SentTo profileName={lastSend.profileName} answered={result.status !== null} />}
      {(sentWithErrors > 0 || sentRaw) && (
        <Badge color="orange" variant="light">
          {sentRaw
            ? 'Sent as raw text (not JSON)'
            : `Sent with ${sentWithErrors} ${sentWithErrors === 1 ? 'error' : 'errors'}`}
        </Badge>
      )}
      {/* The order as it is now comes first: the answer below says "new", as it was when created. */}
      {created !== null && (
        <FollowedOrderPanel orderId={created.order_id} notification={result.notification} />
      )}
      {created !== null && (
        <>
          <Table withTableBorder fz="sm" verticalSpacing={4} data-testid="checkout-created">
            <Table.Tbody>
              {CREATED_FIELDS.map((name) => (
                <Table.Tr key={name}>
                  <Table.Td w={120} ff="monospace" c="dimmed">
                    {name}
                  </Table.Td>
                  <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }} data-testid={`created-${name}`}>
                    {created[name]}
                  </Table.Td>
                  <Table.Td w={36}>
                    <CopyButton value={created[name]}>
                      {({ copied, copy }) => (
                        <Tooltip label={copied ? 'Copied' : `Copy ${name}`} withArrow>
                          <ActionIcon size="sm" variant="subtle" onClick={copy} aria-label={`Copy ${name}`}>
                            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </CopyButton>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {result.checkoutUrlHoldsToken === true && (
            <Text size="sm" c="orange" data-testid="checkout-url-holds-token">
              {CHECKOUT_URL_HOLDS_TOKEN_WORDS}
            </Text>
          )}
          <Group gap="sm">
            {result.checkoutUrlHoldsToken !== true && (
              <Button
                leftSection={<IconExternalLink size={16} />}
                onClick={() => void openExternalUrl(created.checkout_url)}
              >
                Open checkout page
              </Button>
            )}
            <Button
              variant="light"
              leftSection={<IconReceipt size={16} />}
              onClick={() => navigate('orders', { id: created.order_id })}
            >
              Open the order
            </Button>
          </Group>
        </>
      )}
      {/* Under the buttons: it arrives with the answer, and moves nothing above it if it goes. */}
      <SendAgainHint />
      <ExchangeAnswer result={result} />
      {result.serviceError !== null && result.serviceError.errors.length > 0 && (
        <ServiceErrorEntries entries={result.serviceError.errors} />
      )}
    </Stack>
  );
}

/**
 * Which profile answered: an answer never reads as another profile's (its record is linked
 * below it). A send that got none says so, not "Answer from" above a NO ANSWER badge.
 */
function SentTo({ profileName, answered }: { profileName: string; answered: boolean }) {
  return (
    <Text size="xs" c="dimmed" data-testid="sent-to">
      {answered ? `Answer from ${profileName}` : `Sent to ${profileName}: no answer`}
    </Text>
  );
}

/**
 * The last send when it was made before this page was opened (a reload, another tab): where
 * its answer is, and the order it created, followed as before.
 */
function RestoredSend({ lastSend }: { lastSend: LastSend }) {
  const navigate = useNavigation((state) => state.navigate);
  const { orderId, checkoutUrl } = lastSend;
  return (
    <Stack gap="sm" p="sm" data-testid="restored-send">
      <Text size="sm">
        Sent before this page was opened: {lastSend.status === null ? 'no answer' : `${lastSend.status}`} from{' '}
        {lastSend.profileName} at {formatDateTime(lastSend.at)}. The answer is{' '}
        <Anchor href={`#/timeline?id=${lastSend.recordId}`}>record #{lastSend.recordId}</Anchor> on the
        timeline.
      </Text>
      {orderId !== null && <FollowedOrderPanel orderId={orderId} />}
      {orderId !== null && (
        <Group gap="sm">
          {checkoutUrl !== null && (
            <Button
              leftSection={<IconExternalLink size={16} />}
              onClick={() => void openExternalUrl(checkoutUrl)}
            >
              Open checkout page
            </Button>
          )}
          <Button
            variant="light"
            leftSection={<IconReceipt size={16} />}
            onClick={() => navigate('orders', { id: orderId })}
          >
            Open the order
          </Button>
        </Group>
      )}
      <SendAgainHint />
    </Stack>
  );
}

/**
 * A send whose page closed (or reloaded) before its answer came: it went, so "Nothing sent yet"
 * would be untrue; its answer, or its failure, is its record on the timeline.
 */
function UnansweredSendNote({ send }: { send: UnansweredSend }) {
  return (
    <Text p="sm" size="sm" data-testid="unanswered-send">
      Sent to {send.profileName} at {formatDateTime(send.at)}, before this page was opened; the page that sent
      it closed before the answer came. The answer, or why none came, is on{' '}
      <Anchor href="#/timeline">the timeline</Anchor>.
    </Text>
  );
}

/** The `errors` entries of the spec's error body, one row each (the emulator adds the field path). */
function ServiceErrorEntries({ entries }: { entries: readonly Record<string, unknown>[] }) {
  const columns = [...new Set(entries.flatMap((entry) => Object.keys(entry)))];
  return (
    <Table withTableBorder fz="xs" data-testid="service-error-entries">
      <TableHeader columns={columns} />
      <Table.Tbody>
        {entries.map((entry, index) => (
          <Table.Tr key={index}>
            {columns.map((column) => (
              <Table.Td key={column} ff="monospace">
                {typeof entry[column] === 'string' ? entry[column] : JSON.stringify(entry[column] ?? null)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
