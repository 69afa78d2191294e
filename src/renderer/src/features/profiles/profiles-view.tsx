import { Badge, Button, Card, Grid, Group, NavLink, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { confirmAction } from '@ui/confirm-dialog';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  defaultProfileFields,
  successorProfile,
  type ProfileFields,
  type ProfileView,
  DEFAULT_LISTENER_PORT,
} from '@shared/profile';
import { errorMessage } from '@bridge/bridge-error';
import { useAppCommand } from '@ui/app-commands';
import { leaveViewThen } from '@ui/leave-guard';
import { ENVIRONMENT_COLOR, profileColor } from '@ui/environment-style';
import { useNavigation } from '@ui/navigation';
import { ProfileForm } from './profile-form';
import { askNameRecords, sayNameRecords } from './profile-name-records';
import { DamagedAlert, DamagedBadge, SetupAlert, SetupBadge } from './profile-setup';
import { useProfilesStore } from './profiles-store';

/** A profile's editable fields, without what the view adds (id, masked tokens, active, dates). */
function fieldsOf(profile: ProfileView): ProfileFields {
  const {
    id: _id,
    apiToken: _apiToken,
    notificationToken: _notificationToken,
    isActive: _isActive,
    liveAddress: _liveAddress,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    listenerPort,
    ...fields
  } = profile;
  // A damaged port is unknown (null): the form holds the default, its box shown empty and
  // flagged until a port is typed there (profile-form.tsx), so the default is never saved unchosen.
  return { ...fields, listenerPort: listenerPort ?? DEFAULT_LISTENER_PORT };
}

/** Add, edit, duplicate, delete and activate profiles. */
export function ProfilesView() {
  const { profiles, activeProfileId, create, update, duplicate, remove, activate } = useProfilesStore(
    useShallow((state) => ({
      profiles: state.profiles,
      activeProfileId: state.activeProfileId,
      create: state.create,
      update: state.update,
      duplicate: state.duplicate,
      remove: state.remove,
      activate: state.activate,
    })),
  );
  // `#/profiles?new=1` (the "New profile" command from another view) opens the empty form.
  // `#/profiles?id=3` (Send's "Open the profile") opens that one.
  const newRequested = useNavigation((state) => state.params.get('new') === '1');
  const idRequested = useNavigation((state) => Number(state.params.get('id') ?? Number.NaN));
  const [selectedId, setSelectedId] = useState<number | 'new' | null>(
    newRequested ? 'new' : Number.isInteger(idRequested) ? idRequested : null,
  );
  // Another profile's form replaces this one's: edits not saved are asked about first.
  const select = (id: number | 'new') => leaveViewThen(() => setSelectedId(id));
  useAppCommand('new-profile', () => select('new'));
  useEffect(() => {
    if (newRequested || Number.isInteger(idRequested))
      useNavigation.getState().replaceParams(new URLSearchParams());
  }, [newRequested, idRequested]);
  const selected =
    selectedId === 'new'
      ? null
      : (profiles.find((p) => p.id === selectedId) ??
        profiles.find((p) => p.id === activeProfileId) ??
        profiles[0] ??
        null);
  const editing = selectedId === 'new' ? null : selected;
  /** The profile whose form is shown, marked in the list; none while a new one is written. */
  const shownId = editing?.id ?? null;

  // The form re-mounts (fresh default values) when another profile is picked. A change to the
  // stored one is the form's to handle: it must not drop what the user is typing.
  const formKey = editing === null ? 'new' : String(editing.id);
  // One object per stored profile: the form follows it when another window or a terminal changes it.
  const initialFields = useMemo(
    () => (editing === null ? defaultProfileFields('sandbox', '') : fieldsOf(editing)),
    [editing],
  );

  const fail = (title: string) => (error: unknown) =>
    notifications.show({ color: 'red', title, message: errorMessage(error) });

  const confirmRemove = async (id: number, name: string) => {
    // Deleting the active profile makes another active: said before, and after (as main chose).
    const successor = id === activeProfileId ? successorProfile(profiles, id) : null;
    const confirmed = await confirmAction({
      title: `Delete profile "${name}"?`,
      children: (
        <Stack gap="xs">
          {/* Not deleted: kept sealed as former secrets (docs/security.md), so the records that echo
              them stay masked; only the service can stop them working. */}
          <Text size="sm">
            Its tokens are kept sealed, only to mask them in records that echo them; they still work at the
            service until you revoke them there. Its history stays in the timeline.
          </Text>
          {successor !== null && (
            <Text size="sm" data-testid="profile-successor">
              It is the active profile: {successor.name} ({successor.environment}) becomes active.
            </Text>
          )}
        </Stack>
      ),
      confirmLabel: 'Delete profile',
      color: 'red',
    });
    if (!confirmed) return;
    remove(id).then((nowActive) => {
      setSelectedId(null);
      if (nowActive !== null)
        notifications.show({
          color: profileColor(nowActive),
          title: `Active profile: ${nowActive.name}`,
          message: `"${name}" was the active profile; ${nowActive.name} (${nowActive.environment}) is active now.`,
        });
    }, fail('Could not delete the profile'));
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={3}>Profiles</Title>
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => select('new')}>
              New profile
            </Button>
          </Group>
          {/* Scrolls down only: its content, a table by default, would widen to the longest address. */}
          <ScrollArea.Autosize
            mah="70vh"
            scrollbars="y"
            styles={{ content: { display: 'block', minWidth: 0 } }}
          >
            <nav aria-label="Profiles">
              {/* Buttons, not bare <a>s (which Tab skips): picking one shows its form in this view,
                  reached with Tab and opened with Enter or Space. Their content is phrasing only
                  (spans), as a button's must be. */}
              {profiles.map((profile) => (
                <NavLink
                  key={profile.id}
                  component="button"
                  active={shownId === profile.id}
                  aria-current={shownId === profile.id ? 'true' : undefined}
                  onClick={() => select(profile.id)}
                  label={profile.name}
                  // The address has the row's whole width, and the badges a line of their own under
                  // it: beside three badges it was cut to "https://api-s…" at 1280 px. The focus ring
                  // is drawn inside the row: outside it, the scroll area cut its sides off.
                  styles={{ root: { outlineOffset: -2 }, body: { minWidth: 0 } }}
                  description={
                    <Stack component="span" gap={4} mt={2}>
                      {/* One line where it fits; a longer one wraps rather than being cut. Broken
                          anywhere, not at its hyphen, which reads as two addresses. On the selected
                          row, the page's text colour: grey on its tint read 2.02:1 (2.73:1 dark), and
                          NavLink's own (its indigo, faded to 0.9) 4.42:1, under WCAG AA's 4.5:1. */}
                      <Text
                        component="span"
                        size="xs"
                        c={shownId === profile.id ? 'var(--mantine-color-text)' : 'dimmed'}
                        title={profile.baseUrl}
                        display="block"
                        style={{ wordBreak: 'break-all' }}
                        data-testid="profile-base-url"
                      >
                        {profile.baseUrl}
                      </Text>
                      <Group component="span" gap={4}>
                        <DamagedBadge profile={profile} />
                        <SetupBadge profile={profile} />
                        {profile.id === activeProfileId && (
                          <Badge component="span" size="xs" variant="outline">
                            active
                          </Badge>
                        )}
                        <Badge component="span" size="xs" color={ENVIRONMENT_COLOR[profile.environment]}>
                          {profile.environment}
                        </Badge>
                        {/* Only its form said so: in the list a Sandbox on Live's address looked calm. */}
                        {profile.environment !== 'live' && profile.liveAddress !== null && (
                          <Badge
                            component="span"
                            size="xs"
                            color="red"
                            variant="filled"
                            title={`Its base URL is the ${profile.liveAddress.field} of the LIVE profile "${profile.liveAddress.profileName}": its calls reach production`}
                            data-testid="profile-live-address"
                          >
                            live address
                          </Badge>
                        )}
                      </Group>
                    </Stack>
                  }
                />
              ))}
            </nav>
          </ScrollArea.Autosize>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card withBorder padding="lg">
          <Group justify="space-between" mb="md">
            <Title order={4}>{editing === null ? 'New profile' : editing.name}</Title>
            {editing !== null && (
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="light"
                  disabled={editing.id === activeProfileId}
                  onClick={() => activate(editing.id).catch(fail('Could not switch profile'))}
                >
                  {editing.id === activeProfileId ? 'Active' : 'Make active'}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconCopy size={14} />}
                  onClick={() =>
                    leaveViewThen(() => {
                      duplicate(editing.id).then((copy) => {
                        setSelectedId(copy.id);
                        // The copy's name is chosen here ("Sandbox copy"): a removed copy's
                        // records may carry it. Asked as a new profile's (the copy has none yet).
                        void askNameRecords(copy.name, null).then((records) =>
                          sayNameRecords(records, copy.name),
                        );
                      }, fail('Could not duplicate'));
                    })
                  }
                >
                  Duplicate
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => void confirmRemove(editing.id, editing.name)}
                >
                  Delete
                </Button>
              </Group>
            )}
          </Group>
          {editing !== null && <DamagedAlert profile={editing} />}
          {editing !== null && <SetupAlert profile={editing} />}
          <ProfileForm
            key={formKey}
            profile={editing}
            initialFields={initialFields}
            onSubmit={(change, secrets) =>
              'fields' in change
                ? create({ fields: change.fields, ...secrets })
                : editing === null
                  ? Promise.reject(new Error('The profile is no longer selected.'))
                  : // Only what was edited, checked against it as read: a change made elsewhere is not undone.
                    update({
                      id: editing.id,
                      fields: change.patch,
                      ...secrets,
                      ...(change.expected === undefined ? {} : { expected: change.expected }),
                    })
            }
            onSaved={(saved) => setSelectedId(saved.id)}
          />
        </Card>
      </Grid.Col>
    </Grid>
  );
}
