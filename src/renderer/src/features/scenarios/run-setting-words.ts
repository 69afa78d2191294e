import type { Environment } from '@shared/profile';
import { profileNameKey } from '@shared/profile-name';

interface ProfileNamed {
  name: string;
  environment: Environment;
}

/**
 * The line under Run all: where a run goes. Before a run, the active profile; while this tab's
 * run is under way, the profile it started on, which it keeps to its end with this console's
 * listener (main holds the listener on it): a profile switched meanwhile was named here as the
 * run's while the run went on on the first one.
 */
export function runSettingWords(active: ProfileNamed | null, runOn: ProfileNamed | null): string {
  const services = (profile: ProfileNamed | null) =>
    `this console's listener${profile?.environment === 'local' ? ' and emulator' : ''}`;
  if (runOn === null)
    return `Runs on the active profile${active === null ? '' : `, ${active.name} (${active.environment})`}, with ${services(active)}. Every run is stored; its records are on the timeline.`;
  const kept = `This run is on ${runOn.name} (${runOn.environment}), the profile it started on, with ${services(runOn)}; the listener stays on ${runOn.name}'s port and token until the run ends.`;
  // The run's profile is known by its name at the start: one renamed since to a name that reads
  // as the same (case, width) is still it, as every lookup by name finds it (profile-name.ts).
  if (active === null || profileNameKey(active.name) === profileNameKey(runOn.name)) return kept;
  return `${kept} The active profile is now ${active.name} (${active.environment}): the next run goes there, and the listener moves to it once this run ends.`;
}
