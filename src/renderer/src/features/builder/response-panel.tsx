import {
  ActionIcon,
  Alert,
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
import type { CheckoutCreated } from '@shared/merchant-api';
import { useNavigation } from '@ui/navigation';
import { openExternalUrl } from '@ui/open-external';
import { TableHeader } from '@ui/table-header';
import { ExchangeAnswer } from '@features/orders';
import { FollowedOrderPanel } from './followed-order-panel';
import { cancelSend } from './send-checkout';
import { useSendStore } from './send-store';

const CREATED_FIELDS: (keyof CheckoutCreated)[] = ['order_id', 'checkout_id', 'status', 'checkout_url'];

/** The answer to the last send: the created session with copy buttons and its page, or the error, structured. */
export function ResponsePanel() {
  const { requestKey, result, error, sentWithErrors, sentRaw, needsSetup } = useSendStore();
  const navigate = useNavigation((state) => state.navigate);
  if (requestKey !== null)
    return (
      <Group p="sm" gap="sm">
        <Loader size="sm" />
        <Text size="sm">Sending…</Text>
        <Button size="xs" variant="light" color="red" onClick={cancelSend}>
          Cancel request
        </Button>
      </Group>
    );
  if (error !== null)
    return (
      <Alert m="sm" color="red" title="Not sent" data-testid="send-error">
        {error}
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
  if (result === null)
    return (
      <Text p="sm" size="sm" c="dimmed">
        Nothing sent yet. Ctrl+Enter (⌘+Enter) sends the payload to the active profile.
      </Text>
    );
  const created = result.checkout;
  return (
    <Stack gap="sm" p="sm" data-testid="send-response">
      {(sentWithErrors > 0 || sentRaw) && (
        <Badge color="orange" variant="light">
          {sentRaw
            ? 'Sent as raw text (not JSON)'
            : `Sent with ${sentWithErrors} ${sentWithErrors === 1 ? 'error' : 'errors'}`}
        </Badge>
      )}
      {/* The order as it is now comes first: the answer below says "new", as it was when created. */}
      {created !== null && <FollowedOrderPanel orderId={created.order_id} />}
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
          <Group gap="sm">
            <Button
              leftSection={<IconExternalLink size={16} />}
              onClick={() => void openExternalUrl(created.checkout_url)}
            >
              Open checkout page
            </Button>
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
      <ExchangeAnswer result={result} />
      {result.serviceError !== null && result.serviceError.errors.length > 0 && (
        <ServiceErrorEntries entries={result.serviceError.errors} />
      )}
    </Stack>
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
