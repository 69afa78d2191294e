import { Badge, Tooltip } from '@mantine/core';
import type { ProfileView } from '@shared/profile';
import { problemsSummary, profileProblems } from '@shared/profile-readiness';
import { profileColor } from '@ui/environment-style';
import { useNavigation } from '@ui/navigation';
import { activeProfileWords } from './active-profile-words';

/**
 * The active profile beside the title: its name, its environment when the name does not
 * already say it (activeProfileWords), and "needs setup" when it cannot send yet (a click opens
 * it in Profiles).
 */
export function ActiveProfileBadges({ profile, onLive }: { profile: ProfileView; onLive: boolean }) {
  const navigate = useNavigation((state) => state.navigate);
  const problems = profileProblems(profile);
  const words = activeProfileWords(profile);
  return (
    <>
      {/* In a top bar too narrow for everything it shortens first (the full words on hover),
          before the title: the profile row beside it shows the active profile whole. Its one
          column may then be narrower than the words, so they end in "…" rather than spill. */}
      <Badge
        data-testid="active-profile"
        color={profileColor(profile)}
        variant={onLive ? 'white' : 'light'}
        title={words}
        miw={48}
        style={{ flexShrink: 100, gridTemplateColumns: 'minmax(0, 1fr)' }}
      >
        {words}
      </Badge>
      {problems.length > 0 && (
        <Tooltip label={problems.map((problem) => problem.message).join(' ')} multiline w={320} withArrow>
          <Badge
            component="button"
            type="button"
            color="orange"
            variant={onLive ? 'white' : 'filled'}
            style={{ cursor: 'pointer', flexShrink: 0 }}
            onClick={() => navigate('profiles', { id: String(profile.id) })}
            aria-label={`${profile.name} needs setup: ${problemsSummary(problems)}`}
            data-testid="active-profile-needs-setup"
          >
            needs setup
          </Badge>
        </Tooltip>
      )}
    </>
  );
}
