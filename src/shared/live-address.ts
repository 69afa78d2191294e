import { z } from 'zod';
import { reachSameAddress } from './reached-address';

/** A live profile's address that a URL reaches: which profile, which of its fields, as stored. */
export const liveAddressSchema = z.object({
  profileName: z.string(),
  field: z.enum(['base URL', 'public listener URL']),
  url: z.string(),
  /**
   * The server both reach (the address's origin: scheme, host, port). What is compared is the
   * server, not the path, so a call to /checkout reaches a live base URL of /live: said as the
   * server, a refusal names where the call really goes.
   */
  server: z.string(),
});
export type LiveAddress = z.infer<typeof liveAddressSchema>;

/** What of a profile tells its live addresses (a view or a stored profile's fields). */
interface ProfileAddresses {
  name: string;
  environment: string;
  baseUrl: string;
  publicListenerUrl: string | null;
}

/**
 * The live profile's address `url` reaches (its base URL or public listener URL), or null: the
 * one test of "is this a live address" — a replay's target, a service call's URL (main's live
 * guard), a profile's base URL (its view, the profile form). Compared as the server reached, not
 * as text: `localhost`, `127.0.0.1`, `[::1]`, `[::ffff:127.0.0.1]` and `localhost.` on one port
 * are one address (reached-address.ts). Shared, so the window asks what main will refuse.
 */
export function liveAddressReachedBy(url: string, profiles: readonly ProfileAddresses[]): LiveAddress | null {
  for (const profile of profiles) {
    if (profile.environment !== 'live') continue;
    const addresses = [
      { field: 'base URL', url: profile.baseUrl },
      { field: 'public listener URL', url: profile.publicListenerUrl },
    ] as const;
    for (const address of addresses)
      if (address.url !== null && reachSameAddress(url, address.url))
        return {
          profileName: profile.name,
          field: address.field,
          url: address.url,
          server: URL.parse(address.url)?.origin ?? address.url,
        };
  }
  return null;
}

/** What of a profile tells whether its calls reach production (a view, a menu's profile). */
interface ProfileReach {
  environment: string;
  liveAddress: LiveAddress | null;
}

/**
 * Whether a profile's calls reach production: a live profile, or one of another environment whose
 * base URL is a live profile's address (a duplicate of Live switched to Sandbox keeps Live's URL
 * and token). Main's live guard asks for both alike; every place that lists profiles (the top
 * bar, the Profiles view, the desktop's Profile menu, `profiles list`) marks both alike.
 */
export function reachesLive(profile: ProfileReach): boolean {
  return profile.environment === 'live' || profile.liveAddress !== null;
}

/**
 * The word that marks such a profile wherever it is listed: "live" for a live profile, "live
 * address" for one whose environment says otherwise (its environment alone would look calm).
 */
export function liveMark(profile: ProfileReach): 'live' | 'live address' | null {
  if (!reachesLive(profile)) return null;
  return profile.environment === 'live' ? 'live' : 'live address';
}

/**
 * A profile's environment as a line of text lists it (the desktop's Profile menu, `profiles
 * list`): "sandbox, live address" where the environment alone would look calm.
 */
export function environmentWithLiveMark(profile: ProfileReach): string {
  const mark = liveMark(profile);
  return mark === 'live address' ? `${profile.environment}, ${mark}` : profile.environment;
}
