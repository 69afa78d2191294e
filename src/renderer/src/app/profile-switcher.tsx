import { Badge, Button, Group, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useShallow } from 'zustand/react/shallow';
import {
  appCommandShortcut,
  PROFILE_SLOTS,
  switchProfileCommand,
  type AppCommandId,
} from '@shared/app-commands';
import { profileProblems } from '@shared/profile-readiness';
import { useProfilesStore, switchProfile, switchProfileSlot } from '@features/profiles';
import { useAppCommandDefaults } from '@ui/app-commands';
import { profileColor, reachesLive } from '@ui/environment-style';
import { shortcutLabel } from '@ui/platform';

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
        const problems = profileProblems(profile);
        // A profile of another environment on a live profile's address is marked as Live is.
        const live = reachesLive(profile);
        const tone = onLive
          ? {
              color: active ? 'red' : 'gray',
              variant: active ? 'white' : 'subtle',
              c: active ? undefined : 'white',
            }
          : {
              color: profileColor(profile),
              variant: active ? 'filled' : 'subtle',
              c: undefined,
            };
        return (
          <Tooltip
            key={profile.id}
            label={`${profile.baseUrl}${shortcut === null ? '' : ` · ${shortcutLabel(shortcut)}`}${
              problems.length === 0
                ? ''
                : ` · needs setup: ${problems.map((problem) => problem.message).join(' ')}`
            }`}
            multiline
            maw={360}
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
              data-needs-setup={problems.length > 0}
              rightSection={
                live || problems.length > 0 ? (
                  <Group gap={2} wrap="nowrap">
                    {problems.length > 0 && (
                      <IconAlertTriangle
                        size={14}
                        aria-label="needs setup"
                        color="var(--mantine-color-orange-6)"
                      />
                    )}
                    {live && (
                      <Badge size="xs" color="red" variant={active || onLive ? 'white' : 'light'}>
                        {profile.environment === 'live' ? 'live' : 'live address'}
                      </Badge>
                    )}
                  </Group>
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
