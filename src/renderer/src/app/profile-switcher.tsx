import { Badge, Button, Group, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useShallow } from 'zustand/react/shallow';
import { errorMessage } from '../bridge/bridge-error';
import { useProfilesStore } from '../features/profiles/profiles-store';
import { ENVIRONMENT_COLOR } from './environment-style';

const SHORTCUT_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** Every profile one click away in the top bar; Ctrl/Cmd+1…9 picks the first nine. */
export function ProfileSwitcher() {
  const { profiles, activeProfileId, activate } = useProfilesStore(
    useShallow((state) => ({
      profiles: state.profiles,
      activeProfileId: state.activeProfileId,
      activate: state.activate,
    })),
  );

  const switchTo = (id: number) => {
    if (id === activeProfileId) return;
    activate(id).catch((error: unknown) =>
      notifications.show({ color: 'red', title: 'Could not switch profile', message: errorMessage(error) }),
    );
  };

  useHotkeys(
    SHORTCUT_KEYS.map((key, index) => [
      `mod+${key}`,
      () => {
        const profile = profiles[index];
        if (profile !== undefined) switchTo(profile.id);
      },
    ]),
  );

  return (
    <Group gap={4} role="radiogroup" aria-label="Active profile" wrap="nowrap">
      {profiles.map((profile, index) => {
        const active = profile.id === activeProfileId;
        const color = ENVIRONMENT_COLOR[profile.environment];
        return (
          <Tooltip
            key={profile.id}
            label={`${profile.baseUrl}${index < 9 ? ` · Ctrl/Cmd+${index + 1}` : ''}`}
            openDelay={400}
          >
            <Button
              role="radio"
              aria-checked={active}
              size="xs"
              color={color}
              variant={active ? 'filled' : 'subtle'}
              onClick={() => switchTo(profile.id)}
              rightSection={
                profile.environment === 'live' ? (
                  <Badge size="xs" color="red" variant={active ? 'white' : 'light'}>
                    live
                  </Badge>
                ) : undefined
              }
            >
              {profile.name}
            </Button>
          </Tooltip>
        );
      })}
    </Group>
  );
}
