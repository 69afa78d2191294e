import type { EventKind, TimelineDetail } from '../../shared/events';
import {
  credentialOf,
  isCredentialHeader,
  maskWith,
  queryTokensOf,
  redactExchange,
} from '../../shared/secrets/redact-secrets';
import { ConsoleError } from '../console-error';
import type { ProfileService } from '../profiles/profile-service';
import type { EventsRepository } from '../store/events-repository';

/** Records whose tokens are notification JWTs that arrived with them (never a profile secret). */
export const NOTIFICATION_KINDS: readonly EventKind[] = ['webhook', 'delivery', 'replay', 'forward'];

export type TokenPlace = 'header' | 'query';

export interface RecordSecrets {
  /** The record as every screen gets it: each secret masked (`••••abcd`), by meaning. */
  shown(id: number): TimelineDetail;
  /** The record with the notification tokens it carried, for an explicit Reveal. */
  revealed(id: number): TimelineDetail;
  /**
   * The notification token a record carried (header first, as the service sends both), for an
   * explicit Copy or the JWT inspector. An outbound request's API token is a profile secret:
   * never returned (it is stored masked anyway); `apiTokenOf` is for main's own clipboard.
   */
  notificationToken(id: number, place?: TokenPlace): { token: string | null; problem: string | null };
  /** The profile's current API token for a request record (main writes it to the clipboard). */
  apiTokenOf(id: number): string;
  /** Every profile token main holds, so an echo of one is masked wherever it appears. */
  profileSecrets(): string[];
}

/**
 * Every profile token main holds (API and notification tokens of every profile, and those they
 * had before), and the registered webhook's header values, now and before: what no screen,
 * report or file may show, wherever it is echoed. One list for the timeline's masking,
 * exports, `history --json` and `curl`.
 */
export function everyProfileSecret(profiles: ProfileService): string[] {
  const current = profiles.snapshot().profiles.flatMap((profile) => {
    const { apiToken, notificationToken } = profiles.secretsOf(profile.id);
    return [apiToken, notificationToken].filter((secret): secret is string => secret !== null);
  });
  // A rotated or removed profile's token is still in the records that echo it.
  return [...new Set([...current, ...profiles.webhookHeaders.values(), ...profiles.formerSecrets()])];
}

export function createRecordSecrets({
  events,
  profiles,
}: {
  events: EventsRepository;
  profiles: ProfileService;
}): RecordSecrets {
  const detailOf = (id: number): TimelineDetail => {
    const detail = events.getDetail(id);
    if (detail === undefined) throw ConsoleError.notFound(`Timeline record ${id}`);
    return detail;
  };
  const profileSecrets = () => everyProfileSecret(profiles);
  return {
    shown(id) {
      const { exchange, redacted } = redactExchange(detailOf(id), maskWith, profileSecrets());
      return { ...exchange, secretsMasked: redacted };
    },
    revealed(id) {
      // Profile tokens stay masked even here: only the tokens that came with the record show.
      const detail = detailOf(id);
      const { exchange } = redactExchange(
        { ...detail, query: null, url: null, requestHeaders: [], requestBody: null },
        maskWith,
        profileSecrets(),
      );
      return { ...detail, responseHeaders: exchange.responseHeaders, responseBody: exchange.responseBody };
    },
    notificationToken(id, place) {
      const detail = detailOf(id);
      if (!NOTIFICATION_KINDS.includes(detail.kind)) {
        throw ConsoleError.invalid(
          'id',
          `Record ${id} is a ${detail.kind}; only webhooks, deliveries, replays and forwards carry notification tokens.`,
        );
      }
      // By meaning, as redaction finds them: a credential header with or without its scheme,
      // serviceToken in any spelling.
      const credential = detail.requestHeaders.find(([name]) => isCredentialHeader(name))?.[1];
      const header = credential === undefined ? null : credentialOf(credential);
      const query = queryTokensOf(detail.query)[0] ?? null;
      const found = {
        header: { token: header, problem: header === null ? 'No Authorization header was sent.' : null },
        query: { token: query, problem: query === null ? 'No serviceToken was in the query.' : null },
      };
      if (place !== undefined) return found[place];
      return header !== null ? found.header : found.query;
    },
    apiTokenOf(id) {
      const detail = detailOf(id);
      if (detail.kind !== 'request' || detail.profileId === null)
        throw ConsoleError.invalid(
          'id',
          `Record ${id} is not a request of a profile; it carries no API token.`,
        );
      const { apiToken } = profiles.secretsOf(detail.profileId);
      if (apiToken === null)
        throw new ConsoleError(
          'failed',
          `Profile "${detail.profileName ?? detail.profileId}" has no API token now.`,
        );
      return apiToken;
    },
    profileSecrets,
  };
}
