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
