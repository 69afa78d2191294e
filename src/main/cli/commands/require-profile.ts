import { ConsoleError } from '../../console-error';
import type { ProfileService } from '../../profiles/profile-service';

/** The profile a command names, or an error listing the known ones. */
export function requireProfile(profiles: ProfileService, name: string) {
  const profile = profiles.findByName(name);
  if (profile === undefined) {
    const known = profiles
      .snapshot()
      .profiles.map((p) => p.name)
      .join(', ');
    throw new ConsoleError('not_found', `No profile named "${name}". Known profiles: ${known}.`);
  }
  return profile;
}
