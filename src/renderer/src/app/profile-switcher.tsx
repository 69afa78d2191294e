import { Badge, Button, Group, Tooltip } from '@mantine/core';
import { useShallow } from 'zustand/react/shallow';
import {
  appCommandShortcut,
  PROFILE_SLOTS,
  switchProfileCommand,
  type AppCommandId,
} from '../../../shared/app-commands';
import { useProfilesStore } from '../features/profiles/profiles-store';
import { useAppCommandDefaults } from './app-commands';
import { ENVIRONMENT_COLOR } from './environment-style';
import { shortcutLabel } from './platform';
import { switchProfile, switchProfileSlot } from './switch-profile';

function useProfileSlotCommands(): void {
  const handlers: Partial<Record<AppCommandId, () => void>> = {};
  for (const slot of PROFILE_SLOTS) handlers[switchProfileCommand(slot)] = () => switchProfileSlot(slot);
  useAppCommandDefaults(handlers);
}

/**
 * Every profile one click away in the top bar; Ctrl/Cmd+1…9 (app commands, so the desktop menu
 * and browser-mode hotkeys both reach it) pick the first nine. `onLive` restyles it for the red
 * header of a live profile, where the environment colours would not be readable.
 */
export function ProfileSwitcher({ onLive }: { onLive: boolean }) {
  const { profiles, activeProfileId } = useProfilesStore(
    useShallow((state) => ({ profiles: state.profiles, activeProfileId: state.activeProfileId })),
  );
  useProfileSlotCommands();

  return (
    <Group gap={4} role="radiogroup" aria-label="Active profile" wrap="nowrap">
      {profiles.map((profile, index) => {
        const active = profile.id === activeProfileId;
        const slot = PROFILE_SLOTS[index];
        const shortcut = slot === undefined ? null : appCommandShortcut(switchProfileCommand(slot));
        const tone = onLive
          ? {
              color: active ? 'red' : 'gray',
              variant: active ? 'white' : 'subtle',
              c: active ? undefined : 'white',
            }
          : {
              color: ENVIRONMENT_COLOR[profile.environment],
              variant: active ? 'filled' : 'subtle',
              c: undefined,
            };
        return (
          <Tooltip
            key={profile.id}
            label={`${profile.baseUrl}${shortcut === null ? '' : ` · ${shortcutLabel(shortcut)}`}`}
            openDelay={400}
          >
            <Button
              role="radio"
              aria-checked={active}
              size="xs"
              color={tone.color}
              variant={tone.variant}
              c={tone.c}
              onClick={() => switchProfile(profile.id)}
              rightSection={
                profile.environment === 'live' ? (
                  <Badge size="xs" color="red" variant={active || onLive ? 'white' : 'light'}>
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
