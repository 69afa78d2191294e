import type { Environment, ProfileView } from '@shared/profile';

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

/**
 * Whether a profile's calls reach production: a live profile, or one of another environment whose
 * base URL is a live profile's address (a duplicate of Live switched to Sandbox keeps Live's URL
 * and token). Main's live guard asks for both alike; every screen marks both alike.
 */
export function reachesLive(profile: ProfileReach): boolean {
  return profile.environment === 'live' || profile.liveAddress !== null;
}

/** A profile's colour: red wherever its calls reach production, whatever its environment says. */
export function profileColor(profile: ProfileReach): string {
  return reachesLive(profile) ? ENVIRONMENT_COLOR.live : ENVIRONMENT_COLOR[profile.environment];
}
