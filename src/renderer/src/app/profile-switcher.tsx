import { Box, Group, Tooltip } from '@mantine/core';
import { useShallow } from 'zustand/react/shallow';
import { PROFILE_SLOTS, switchProfileCommand, type AppCommandId } from '@shared/app-commands';
import type { ProfileView } from '@shared/profile';
import { profileProblems } from '@shared/profile-readiness';
import { useProfilesStore, switchProfile, switchProfileSlot } from '@features/profiles';
import { useAppCommandDefaults } from '@ui/app-commands';
import { reachesLive } from '@ui/environment-style';
import { ProfileButton, profileHint } from './profile-button';
import { MoreProfilesButton, ProfileOverflowMenu } from './profile-overflow-menu';
import { useProfileRowFit } from './use-profile-row-fit';

/** The space between two of the row's buttons, in px: the row measures with it too. */
const ROW_GAP = 4;

function useProfileSlotCommands(): void {
  const handlers: Partial<Record<AppCommandId, () => void>> = {};
  for (const slot of PROFILE_SLOTS) handlers[switchProfileCommand(slot)] = () => switchProfileSlot(slot);
  useAppCommandDefaults(handlers);
}

/** Whatever changes a button's width: its name and its marks. */
const buttonsKey = (profiles: ProfileView[]) =>
  profiles
    .map(
      (profile) => `${profile.name}\u0000${reachesLive(profile)}\u0000${profileProblems(profile).length > 0}`,
    )
    .join('\u0001');

/**
 * Every profile one click away in the top bar; Ctrl/Cmd+1…9 (app commands, so the desktop menu
 * and browser-mode hotkeys both reach it) pick the first nine. The row takes the room the title
 * and the top bar's actions leave it, and gives way rather than push them off-screen: the
 * profiles that do not fit (never the active one) go under "+N more", in the same order.
 */
export function ProfileSwitcher({ onLive }: { onLive: boolean }) {
  const { profiles, activeProfileId } = useProfilesStore(
    useShallow((state) => ({ profiles: state.profiles, activeProfileId: state.activeProfileId })),
  );
  useProfileSlotCommands();
  const activeIndex = profiles.findIndex((profile) => profile.id === activeProfileId);
  const {
    rowRef,
    measureRef,
    shown: shownIndices,
    minWidth,
  } = useProfileRowFit(profiles.length, activeIndex, ROW_GAP, buttonsKey(profiles));
  const placed = profiles.map((profile, index) => ({ profile, index }));
  const shown = placed.filter(({ index }) => shownIndices.includes(index));
  const hidden = placed.filter(({ index }) => !shownIndices.includes(index));

  return (
    <Box
      ref={rowRef}
      data-testid="profile-row"
      // The row's basis is 0: it grows into what is left and never claims more; its least
      // (the active profile and "+N more") makes the title shrink first.
      style={{
        flex: '1 1 0',
        minWidth,
        position: 'relative',
        display: 'flex',
        justifyContent: 'flex-end',
        gap: ROW_GAP,
      }}
    >
      <Group gap={ROW_GAP} role="radiogroup" aria-label="Active profile" wrap="nowrap">
        {shown.map(({ profile, index }) => (
          <Tooltip key={profile.id} label={profileHint(profile, index)} multiline maw={360} openDelay={400}>
            <ProfileButton
              profile={profile}
              active={profile.id === activeProfileId}
              onLive={onLive}
              onClick={() => switchProfile(profile.id)}
            />
          </Tooltip>
        ))}
      </Group>
      {hidden.length > 0 && <ProfileOverflowMenu profiles={hidden} onLive={onLive} />}
      {/* Every button as it would be, unseen and out of reach, for the row to measure. Laid out
          from the row's right edge, so what sticks out does so to the left, under the title,
          where it can widen no scrollable area. */}
      <div
        ref={measureRef}
        aria-hidden
        inert
        style={{
          position: 'absolute',
          top: 0,
          right: 0,
          display: 'flex',
          gap: ROW_GAP,
          visibility: 'hidden',
          pointerEvents: 'none',
        }}
      >
        {profiles.map((profile) => (
          <ProfileButton key={profile.id} profile={profile} active={false} onLive={onLive} tabIndex={-1} />
        ))}
        <MoreProfilesButton count={profiles.length} onLive={onLive} tabIndex={-1} />
      </div>
    </Box>
  );
}
