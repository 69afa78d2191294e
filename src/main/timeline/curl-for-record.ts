import { buildCurlCommand, type CurlCommand } from '../../shared/curl';
import { maskSecret } from '../../shared/profile';
import { ConsoleError } from '../console-error';
import type { ProfileService } from '../profiles/profile-service';
import type { EventsRepository } from '../store/events-repository';
import { everyProfileSecret } from './record-secrets';

export interface CurlForRecord {
  /**
   * The stored record as a cURL command. With `withToken`, a notification record keeps the JWT
   * it carried and an outbound request gets its profile's *current* API token (the stored one
   * is masked): that command holds a secret and must only go to a terminal or the clipboard.
   * A profile token echoed anywhere else in the record stays REDACTED unless `exactBytes`
   * (the command line's explicit ask for the stored bytes as they are).
   */
  commandFor(id: number, withToken: boolean, exactBytes?: boolean): CurlCommand;
}

/** Main's side of "Copy as cURL": the only place an API token is put into a command. */
export function createCurlForRecord({
  events,
  profiles,
}: {
  events: EventsRepository;
  profiles: ProfileService;
}): CurlForRecord {
  return {
    commandFor(id, withToken, exactBytes = false) {
      const detail = events.getDetail(id);
      if (detail === undefined) throw ConsoleError.notFound(`Timeline record ${id}`);
      // Without the token, every secret goes as in an export: by meaning, and any profile token
      // echoed in a header or the body (a note holding the API token was printed whole). The
      // builder redacts the record itself, so it knows when a raw request's bytes held a token.
      const secrets = everyProfileSecret(profiles);
      if (!withToken) return buildCurlCommand(detail, { tokens: 'redacted', secrets });
      // With it, the token asked for is the one a header carries; a profile token echoed in
      // the body or elsewhere is not what was asked for, and stays REDACTED unless exactBytes.
      const included = { tokens: 'included', secrets, exactBytes } as const;
      if (detail.kind !== 'request') return buildCurlCommand(detail, included);

      const sentWith = detail.requestHeaders.find(([name]) => name.toLowerCase() === 'authorization');
      // Sent without a token (the profile had none then): nothing to add, nothing to redact.
      if (sentWith === undefined) return buildCurlCommand(detail, { tokens: 'redacted', secrets });
      // A value typed in the request editor (a wrong token, on purpose) is stored masked: it
      // cannot be put back, and the profile's token would not be what was sent.
      if (detail.details['authorization'] === 'text') {
        const built = buildCurlCommand(detail, { tokens: 'redacted', secrets });
        built.notes.push(
          'Its Authorization value was typed in the request editor and is stored masked; write it back in yourself.',
        );
        return built;
      }
      if (detail.profileId === null) {
        throw new ConsoleError('failed', `Record ${id} names no profile, so there is no API token to add.`);
      }
      let profileName: string;
      let apiToken: string | null;
      try {
        profileName = profiles.get(detail.profileId).fields.name;
        apiToken = profiles.secretsOf(detail.profileId).apiToken;
      } catch {
        throw new ConsoleError(
          'not_found',
          `Record ${id} was sent by profile "${detail.profileName ?? detail.profileId}", which no longer exists, so there is no API token to add.`,
        );
      }
      if (apiToken === null) {
        throw new ConsoleError(
          'failed',
          `Profile "${profileName}" has no API token now; set one (Profiles, or \`checkout-console profiles set\`) to copy this request with it.`,
        );
      }
      const built = buildCurlCommand(detail, { ...included, apiToken });
      const stored = sentWith[1].replace(/^Bearer\s+/i, '');
      if (stored !== maskSecret(apiToken).masked) {
        built.notes.push(
          `Profile "${profileName}"'s API token has changed since this request was sent (then ${stored}); the command uses the current one.`,
        );
      }
      return built;
    },
  };
}
