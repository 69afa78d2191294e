import { Button, Group, Kbd, Menu, Stack, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ProfileView } from '@shared/profile';
import { switchProfile } from '@features/profiles';
import { hasProfileMarks, ProfileMarks, profileShortcut } from './profile-button';

export interface PlacedProfile {
  profile: ProfileView;
  /** Its place in the order: the one Ctrl/Cmd+1…9 and the profile list use. */
  index: number;
}

/** The words on the button, the measured copy's too (with the most it could say). */
export const moreProfilesLabel = (count: number) => `+${count} more`;

/** The "+N more" button, alike in the row and in its measured copy. */
export function MoreProfilesButton({
  count,
  onLive,
  ...others
}: {
  count: number;
  onLive: boolean;
  tabIndex?: number;
}) {
  return (
    <Button
      size="xs"
      // Outlined on the red header, so it does not read as a second active profile (white).
      variant={onLive ? 'outline' : 'default'}
      color={onLive ? 'white' : undefined}
      rightSection={<IconChevronDown size={14} />}
      aria-label={`${moreProfilesLabel(count)} profiles`}
      style={{ flexShrink: 0 }}
      {...others}
    >
      {moreProfilesLabel(count)}
    </Button>
  );
}

/**
 * The profiles the top bar's row has no room for, one click (or Enter, then the arrow keys)
 * away: each with where it sends, its marks and its Ctrl/Cmd+n. The active profile is never
 * here (the row always shows it), so choosing one switches to it.
 */
export function ProfileOverflowMenu({ profiles, onLive }: { profiles: PlacedProfile[]; onLive: boolean }) {
  return (
    // Held to the room below the top bar (size), scrolling past it: a short window (a zoomed
    // one) would otherwise put the last profiles where neither the mouse nor the page reaches.
    <Menu
      position="bottom-end"
      shadow="md"
      width={320}
      middlewares={{ flip: true, shift: true, size: { padding: 8 } }}
    >
      <Menu.Target>
        <MoreProfilesButton count={profiles.length} onLive={onLive} />
      </Menu.Target>
      <Menu.Dropdown style={{ overflowY: 'auto' }}>
        <Menu.Label>More profiles</Menu.Label>
        {profiles.map(({ profile, index }) => {
          const shortcut = profileShortcut(index);
          return (
            <Menu.RadioItem
              key={profile.id}
              value={String(profile.id)}
              checked={false}
              closeMenuOnClick
              onChange={() => switchProfile(profile.id)}
              rightSection={shortcut === null ? undefined : <Kbd size="xs">{shortcut}</Kbd>}
            >
              <Stack gap={0}>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" truncate>
                    {profile.name}
                  </Text>
                  {hasProfileMarks(profile) && <ProfileMarks profile={profile} strong={false} />}
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {profile.baseUrl}
                </Text>
              </Stack>
            </Menu.RadioItem>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
