import { Text } from '@mantine/core';
import type { ProfileView } from '@shared/profile';
import { problemsSummary, profileProblems } from '@shared/profile-readiness';
import { chooseAction } from '@ui/confirm-dialog';
import { useNavigation } from '@ui/navigation';
import { failedWith } from './send-failure';
import { useSendStore } from './send-store';

/**
 * Before anything goes out: a profile that cannot work says what to set instead of failing on
 * the wire ("Name lookup failed" for a placeholder host tells a newcomer nothing). A placeholder
 * base URL stops the send; a missing API token asks, since a request without one is a fair
 * negative test (the service's 401).
 */
export async function profileReadyToSend(profile: ProfileView, withdrawn?: AbortSignal): Promise<boolean> {
  const problems = profileProblems(profile);
  if (problems.length === 0) return true;
  if (problems.some((problem) => problem.kind === 'placeholder_base_url')) {
    useSendStore.setState({
      error: failedWith(
        `${profile.name} is not set up, so nothing was sent. ${problemsSummary(problems)} under Profiles: ${problems
          .map((problem) => problem.message)
          .join(' ')}`,
      ),
      needsSetup: profile.id,
      result: null,
      panel: 'response',
    });
    return false;
  }
  // A stored field input refuses (a name too long) is the list's to say; it stops no send.
  if (!problems.some((problem) => problem.kind === 'no_api_token')) return true;
  const choice = await chooseAction({
    title: `Send without an API token?`,
    children: (
      <Text size="sm">
        {profile.name} has no API token, so the request goes without Authorization and the service should
        answer 401. Set the token under Profiles, or send anyway to see how the service refuses.
      </Text>
    ),
    confirmLabel: 'Send anyway',
    cancelLabel: 'Set the token',
    color: 'orange',
    withdrawn,
  });
  if (choice === 'cancel') useNavigation.getState().navigate('profiles', { id: String(profile.id) });
  return choice === 'confirm';
}
