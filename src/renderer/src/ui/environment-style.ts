import { reachesLive } from '@shared/live-address';
import type { Environment, ProfileView } from '@shared/profile';

// Shared with main, where the desktop menu and `profiles list` mark the same profiles.
export { reachesLive };

/** Live is always red, everywhere; the others are calm. */
export const ENVIRONMENT_COLOR: Record<Environment, string> = {
  local: 'teal',
  sandbox: 'blue',
  live: 'red',
};

export const ENVIRONMENT_LABEL: Record<Environment, string> = {
  local: 'Local emulator',
  sandbox: 'Sandbox',
  live: 'Live (production)',
};

type ProfileReach = Pick<ProfileView, 'environment' | 'liveAddress'>;

/** A profile's colour: red wherever its calls reach production, whatever its environment says. */
export function profileColor(profile: ProfileReach): string {
  return reachesLive(profile) ? ENVIRONMENT_COLOR.live : ENVIRONMENT_COLOR[profile.environment];
}
