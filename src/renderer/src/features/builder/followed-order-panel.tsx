import { Anchor, Box, Button, Group, Loader, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { TimelineSummary } from '@shared/events';
import type { NotificationPlan } from '@shared/merchant-api';
import { profileNamed } from '@shared/profile-name';
import { emulatorHeldStateNote } from '@shared/orders/emulator-held-state';
import { VerdictBadge } from '@features/jwt';
import { LifecycleStrip, StateBadge, useEmulatorHeldState, useOrderLifecycle } from '@features/orders';
import { provenanceMark, RowProvenance } from '@features/timeline';
import { TableHeader } from '@ui/table-header';
import { useNavigation } from '@ui/navigation';
import { useProfilesStore } from '@features/profiles';
import { awaitingWebhookWords, awaitingWordsShown } from './awaiting-webhook-words';
import { deliveredElsewhere, deliveredElsewhereWords } from './delivered-elsewhere';
import { useFollowedOrder } from './followed-order';
import { formatShortInstant, instantTitle } from '@ui/instant-format';
import { useToday } from '@ui/use-today';

/**
 * Room for the compact strip with one line of words a step: it measures 52.8 px at 1280, 1440 and
 * 1920 px wide (two lines, 69.6 px, below about 1100 px, where the room grows with it).
 */
const COMPACT_STRIP_ROOM = 54;

/**
 * The order the last send created, live: its state and lifecycle strip as the records arrive,
 * and every webhook about it with the listener's verdicts, each one click from its record; and
 * each of the emulator's deliveries that something other than this console's listener answered.
 */
export function FollowedOrderPanel({
  orderId,
  notification,
}: {
  orderId: string;
  /** Where the send that created it told the service to send its notifications, when known. */
  notification?: NotificationPlan | undefined;
}) {
  const today = useToday();
  const { detail, error, loading } = useOrderLifecycle(orderId);
  const awaiting = awaitingWebhookWords(notification);
  const followed = useFollowedOrder((state) => (state.order?.orderId === orderId ? state.webhooks : null));
  // The pushed webhooks while they arrive; the stored ones too (after a reload, from the order's records).
  const stored = detail?.records.filter((record) => record.kind === 'webhook') ?? [];
  const byId = new Map([...stored, ...(followed ?? [])].map((record) => [record.id, record]));
  const webhooks = [...byId.values()].sort((a, b) => a.id - b.id);
  const elsewhere = deliveredElsewhere(detail?.records ?? []);
  // Orders' note, in its words: "The order now new" beside an order_approved judged against
  // another profile's token (Sandbox made active after the send) said nothing of why.
  const held = useEmulatorHeldState(orderId);
  const heldNote =
    detail === null || elsewhere.length > 0
      ? null
      : emulatorHeldStateNote(detail.lifecycle.state, held, detail.records, detail.lifecycle);
  // A damaged emulator row's note says only that its state cannot be read, not why no webhook came.
  const heldSaysWhy = heldNote !== null && typeof held === 'string';
  const awaitingShown = awaitingWordsShown(awaiting, elsewhere.length > 0 || heldSaysWhy);
  return (
    <Stack gap="xs" data-testid="followed-order">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          The order now
        </Text>
        {detail !== null && (
          <StateBadge
            state={detail.lifecycle.state}
            knownFrom={detail.lifecycle.knownFrom}
            testId="followed-order-state"
          />
        )}
        {loading && <Loader size="xs" />}
      </Group>
      {error !== null && (
        <Text size="sm" c="red">
          {error}
        </Text>
      )}
      {heldNote !== null && (
        <Text size="sm" c="orange" data-testid="followed-order-emulator-state">
          {heldNote}
        </Text>
      )}
      {/* The strip's room kept while it loads: arriving a moment after the answer, it pushed the
          "Open checkout page" button down under the pointer on its way to it. The room is a
          minimum the strip fits in, not the skeleton's height: a skeleton of 53 px gave way to a
          strip of 52.8, and the button moved 0.2 px up under the pointer (CI, stop 54). */}
      {(detail !== null || error === null) && (
        <Box mih={COMPACT_STRIP_ROOM} data-testid="followed-order-strip-room">
          {detail !== null ? (
            <LifecycleStrip lifecycle={detail.lifecycle} compact />
          ) : (
            <Skeleton h={COMPACT_STRIP_ROOM} radius="md" />
          )}
        </Box>
      )}
      {elsewhere.map((delivery) => (
        <Text key={delivery.id} size="sm" c="orange" data-testid="followed-delivered-elsewhere">
          {deliveredElsewhereWords(delivery)}{' '}
          <Anchor href={`#/timeline?id=${delivery.id}`} size="sm">
            Delivery #{delivery.id}
          </Anchor>
        </Text>
      ))}
      {webhooks.length === 0 ? (
        // Not "Pay on the checkout page" of an order paid whose webhook went elsewhere or was
        // never sent (said above).
        awaitingShown && (
          <Text size="sm" c={awaiting.canArrive ? 'dimmed' : 'orange'} data-testid="followed-webhooks-empty">
            {awaiting.text}
            {!awaiting.canArrive && <OpenSendingProfile />}
          </Text>
        )
      ) : (
        <Table fz="sm" verticalSpacing={2} withTableBorder data-testid="followed-webhooks">
          <TableHeader
            columns={[
              { label: 'Arrived', w: 110 },
              'Event',
              { label: 'Verdicts', w: 170 },
              { label: 'Record', w: 80 },
            ]}
          />
          <Table.Tbody>
            {webhooks.map((webhook) => (
              <Table.Tr key={webhook.id} data-testid="followed-webhook">
                <Table.Td ff="monospace" title={instantTitle(webhook.at)}>
                  {formatShortInstant(webhook.at, today)}
                </Table.Td>
                <Table.Td ff="monospace">
                  {/* The console's own webhook (crafted, replayed, forwarded) marked as the Timeline marks it. */}
                  <WebhookMark webhook={webhook} />
                  {webhook.eventType ?? '—'}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {webhook.tokenVerdict !== null && (
                      <VerdictBadge kind="token" verdict={webhook.tokenVerdict} size="xs" />
                    )}
                    {webhook.bodyVerdict !== null && (
                      <VerdictBadge
                        kind="body"
                        verdict={webhook.bodyVerdict}
                        findings={webhook.bodyFindings}
                        size="xs"
                      />
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Anchor href={`#/timeline?id=${webhook.id}`} size="sm">
                    #{webhook.id}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** Whose doing a webhook is, when not the service's: the Timeline row's mark, by the same rule. */
function WebhookMark({ webhook }: { webhook: TimelineSummary }) {
  const mark = provenanceMark([webhook], ['webhook']);
  return mark === null ? null : <RowProvenance {...mark} />;
}

/** The profile the followed order was sent with, one click away: its public listener URL is set there. */
function OpenSendingProfile() {
  const profileName = useFollowedOrder((state) => state.order?.profileName ?? null);
  const profile = useProfilesStore((state) => profileNamed(profileName, state.profiles));
  const navigate = useNavigation((state) => state.navigate);
  if (profile === undefined) return null;
  return (
    <Button
      size="xs"
      variant="light"
      color="orange"
      mt={4}
      display="block"
      onClick={() => navigate('profiles', { id: String(profile.id) })}
    >
      Open the profile {profile.name}
    </Button>
  );
}
