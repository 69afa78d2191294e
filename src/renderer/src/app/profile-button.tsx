import { Badge, Button, Group, type ButtonProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { appCommandShortcut, PROFILE_SLOTS, switchProfileCommand } from '@shared/app-commands';
import type { ProfileView } from '@shared/profile';
import { profileProblems } from '@shared/profile-readiness';
import { liveMark } from '@shared/live-address';
import { profileColor, reachesLive } from '@ui/environment-style';
import { shortcutLabel } from '@ui/platform';

/** The Ctrl/Cmd+n that picks the profile at this place in the order, or null past the ninth. */
export function profileShortcut(index: number): string | null {
  const slot = PROFILE_SLOTS[index];
  const shortcut = slot === undefined ? null : appCommandShortcut(switchProfileCommand(slot));
  return shortcut === null ? null : shortcutLabel(shortcut);
}

/** What a profile's place in the top bar tells on hover: where it sends, its key, what it lacks. */
export function profileHint(profile: ProfileView, index: number): string {
  const shortcut = profileShortcut(index);
  const problems = profileProblems(profile);
  return `${profile.baseUrl}${shortcut === null ? '' : ` · ${shortcut}`}${
    problems.length === 0 ? '' : ` · needs setup: ${problems.map((problem) => problem.message).join(' ')}`
  }`;
}

/**
 * A profile's marks after its name: "needs setup" when it cannot send yet, and red "live" (or
 * "live address", a profile of another environment on a live profile's address) when its calls
 * reach production. `strong` is for a filled button or the red header, where a light badge
 * would not be readable.
 */
export function ProfileMarks({ profile, strong }: { profile: ProfileView; strong: boolean }) {
  const needsSetup = profileProblems(profile).length > 0;
  const live = liveMark(profile);
  return (
    <Group gap={2} wrap="nowrap">
      {needsSetup && (
        <IconAlertTriangle size={14} aria-label="needs setup" color="var(--mantine-color-orange-6)" />
      )}
      {live !== null && (
        <Badge size="xs" color="red" variant={strong ? 'white' : 'light'}>
          {live}
        </Badge>
      )}
    </Group>
  );
}

/** Whether a profile has marks to show, so none leaves no empty section behind. */
export const hasProfileMarks = (profile: ProfileView) =>
  reachesLive(profile) || profileProblems(profile).length > 0;

interface ProfileButtonProps extends Omit<ButtonProps, 'children'> {
  profile: ProfileView;
  active: boolean;
  onLive: boolean;
  onClick?: () => void;
  tabIndex?: number;
}

/**
 * One profile in the top bar's row, a radio of the "Active profile" group. `onLive` restyles it
 * for the red header of a live profile, where the environment colours would not be readable.
 * The row measures a hidden copy of each (profile-switcher.tsx), so both must be this one.
 */
export function ProfileButton({ profile, active, onLive, ...others }: ProfileButtonProps) {
  const tone = onLive
    ? {
        color: active ? 'red' : 'gray',
        variant: active ? 'white' : 'subtle',
        c: active ? undefined : 'white',
      }
    : { color: profileColor(profile), variant: active ? 'filled' : 'subtle', c: undefined };
  return (
    <Button
      role="radio"
      aria-checked={active}
      size="xs"
      color={tone.color}
      variant={tone.variant}
      c={tone.c}
      data-needs-setup={profileProblems(profile).length > 0}
      // The button keeps its whole name: the row gives way by moving whole profiles to "+N more".
      style={{ flexShrink: 0 }}
      rightSection={
        hasProfileMarks(profile) ? <ProfileMarks profile={profile} strong={active || onLive} /> : undefined
      }
      {...others}
    >
      {profile.name}
    </Button>
  );
}
