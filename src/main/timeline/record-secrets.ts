import type { EventKind, TimelineDetail, Withheld } from '../../shared/events';
import {
  credentialOf,
  isCredentialHeader,
  maskWith,
  queryTokensOf,
  usableSecrets,
} from '../../shared/secrets/redact-secrets';
import { redactExchange, replaceSecretsInExchange } from '../../shared/secrets/redact-exchange';
import { ConsoleError } from '../console-error';
import type { ProfileService } from '../profiles/profile-service';
import { unopenedTokenError, type SecretsHere, type UnopenedSecret } from '../profiles/unopened-secret';
import type { EventsRepository } from '../store/events-repository';
import { maskedForScreen } from './screen-summaries';
import { partsThatCouldEcho, withoutParts } from './record-echoes';

/** Records whose tokens are notification JWTs that arrived with them (never a profile secret). */
export const NOTIFICATION_KINDS: readonly EventKind[] = ['webhook', 'delivery', 'replay', 'forward'];

export type TokenPlace = 'header' | 'query';

export interface RecordSecrets {
  /**
   * The record as every screen gets it: each secret masked (`••••abcd`), by meaning. Never
   * refused: while a profile's token cannot be opened here, the parts that could echo it are
   * withheld (said in `withheld`, with why and the way out) and the rest is shown.
   */
  shown(id: number): TimelineDetail;
  /**
   * The record with the notification tokens it carried, for an explicit Reveal. Refused,
   * naming the secret and the way out, while that would show a part `shown` withholds.
   */
  revealed(id: number): TimelineDetail;
  /**
   * The notification token a record carried (header first, as the service sends both), for an
   * explicit Copy or the JWT inspector. An outbound request's API token is a profile secret:
   * never returned (it is stored masked anyway); `apiTokenOf` is for main's own clipboard.
   * It asks for no profile secret, so a token this process cannot open does not stop it: the
   * notification JWT that arrived with a webhook is the record's own, not a profile's.
   */
  notificationToken(id: number, place?: TokenPlace): { token: string | null; problem: string | null };
  /** The profile's current API token for a request record (main writes it to the clipboard). */
  apiTokenOf(id: number): string;
  /** Every profile token main holds, so an echo of one is masked wherever it appears. */
  profileSecrets(): string[];
  /**
   * The same list for `doing`, which shows or writes records whole (an export, `history
   * --json`): refused, naming it, while a secret cannot be opened here.
   */
  secretsForWholeRecords(doing: string): string[];
}

/**
 * Every profile token main holds (API and notification tokens of every profile, and those they
 * had before), and the registered webhook's header values, now and before: what no screen,
 * report or file may show, wherever it is echoed. One list for the timeline's masking,
 * exports, `history --json` and `curl`.
 */
export function everyProfileSecret(profiles: ProfileService): string[] {
  const { secrets, unopened } = profiles.secretsHere();
  // A profile's token that cannot be opened here: what masks with this list would show an echo
  // of it, so it says which and why (secretsHere, below, for the readers that answer without
  // it). A former token or header value that cannot be opened is passed over here.
  const current = unopened.find((secret) => secret.current);
  if (current !== undefined) throw unopenedTokenError(current.what, current.why, current.wayOut);
  // A rotated or removed profile's token is still in the records that echo it.
  return secrets;
}

/**
 * The secrets this process can open (everyProfileSecret's list, less those it cannot), and
 * those it cannot, named: for the readers that answer without them (a list of records shows
 * no body; the text index feeds itself in the background) or refuse, saying why
 * (refuseUnopened below), where an echo of one would be shown or written whole.
 */
export function secretsHere(profiles: ProfileService): SecretsHere {
  return profiles.secretsHere();
}

/** What a refused text search can do instead. */
export const TEXT_SEARCH_INSTEAD =
  'The text index may hold such a secret where this process indexed a record echoing it, and a ' +
  'search could spell it out. Search from a console that can open it (the desktop app, for one ' +
  'sealed there), or forget it (below); every other filter works.';

/** What a refused export (or `history --json`) can do instead. */
export const WHOLE_RECORDS_INSTEAD =
  'Export from a console that can open it (the desktop app, for one sealed there), or forget ' +
  'it (below); `history` without --json lists the records.';

/**
 * The commands that forget each secret named (once each): the way out where no console can
 * open one again (a lost `vault.key`). Setting a token again (profiles set) is not one: the
 * token it replaces is kept as a former token, still unopenable. Each command says what it
 * would forget, and what that means, before it forgets anything.
 */
export function wayOutWords(unopened: readonly UnopenedSecret[]): string {
  const all = [...new Set(unopened.map((secret) => secret.wayOut))];
  // A damaged header's way out ends in the former secrets' command: said once, within it.
  const ways = all.filter((way) => !all.some((other) => other !== way && other.includes(way)));
  return `To forget ${unopened.length === 1 ? 'it' : 'them'} (then set a new token with profiles set): ${ways.join('; ')}.`;
}

/** `Sandbox's API token — sealed with "safestorage", …; a former token (replaced or removed) — …`. */
export function unopenedWords(unopened: readonly UnopenedSecret[]): string {
  return unopened.map(({ what, why }) => `${what} — ${why}`).join('; ');
}

/** What a refused Reveal can do instead. */
export const REVEAL_INSTEAD =
  'Reveal it from a console that can open it (the desktop app, for one sealed there), or forget it (below); the rest of the record is shown.';

/**
 * Why parts of a record are not shown, and the way out, while a profile's current token
 * cannot be opened here (a former one is passed over, as everyProfileSecret does); null when
 * every one opens or the record has nothing that could echo one.
 */
export function withheldFrom(detail: TimelineDetail, unopened: readonly UnopenedSecret[]): Withheld | null {
  const current = unopened.filter((secret) => secret.current);
  if (current.length === 0) return null;
  const parts = partsThatCouldEcho(detail);
  if (parts.length === 0) return null;
  const one = current.length === 1;
  const secrets = current.map((secret) => secret.what);
  const names = one
    ? secrets.join('')
    : `${secrets.slice(0, -1).join(', ')} and ${secrets.slice(-1).join('')}`;
  // The news first (what cannot be opened, and what that means here), then the vault's why,
  // said once when it is the same for each (a lost vault.key: every token it sealed).
  const whys = [...new Set(current.map((secret) => secret.why))];
  const why = whys.length === 1 ? whys.join('') : unopenedWords(current);
  return {
    secrets,
    reason: `${names} cannot be opened by this process, so ${one ? 'it' : 'they'} could not be masked where this record may echo ${one ? 'it' : 'them'}: ${why}`,
    wayOut: `Open the record in the console that sealed ${one ? 'it' : 'them'} (the desktop app, for one sealed there). ${wayOutWords(current)}`,
    parts,
  };
}

/**
 * Throws, naming each secret this process cannot open, when there is one: `doing` would show
 * or write records whole, and one of them may echo such a secret, which nothing here can hide.
 */
export function refuseUnopened(unopened: readonly UnopenedSecret[], doing: string, instead: string): void {
  if (unopened.length === 0) return;
  const one = unopened.length === 1;
  throw new ConsoleError(
    'failed',
    `${doing} is refused: ${one ? 'a secret' : `${unopened.length} secrets`} of this data directory cannot be opened by this process, so ${one ? 'it' : 'they'} cannot be hidden where a record echoes ${one ? 'it' : 'them'}: ${unopenedWords(unopened)}. ${instead} ${wayOutWords(unopened)}`,
  );
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
      // Masked with every secret that opens here; what could echo one that does not is
      // withheld, so status, verdicts and timing are never refused for a secret.
      const detail = detailOf(id);
      const { secrets, unopened } = secretsHere(profiles);
      const withheld = withheldFrom(detail, unopened);
      const source = withheld === null ? detail : withoutParts(detail, withheld.parts);
      const { exchange, redacted } = redactExchange(source, maskWith, secrets);
      // What main read from the bodies (reference, event type, findings quoting values) too.
      const shown = maskedForScreen(exchange, usableSecrets(secrets));
      return { ...shown, secretsMasked: redacted || shown !== exchange, withheld };
    },
    revealed(id) {
      // Profile secrets stay masked even here: only the tokens that came with the record show.
      const detail = detailOf(id);
      // What the detail withholds is not revealed either: an explicit ask is refused, saying why.
      const { secrets, unopened } = secretsHere(profiles);
      if (withheldFrom(detail, unopened) !== null)
        refuseUnopened(
          unopened.filter((secret) => secret.current),
          `Revealing record ${id}`,
          REVEAL_INSTEAD,
        );
      const { exchange } = redactExchange(
        { ...detail, query: null, url: null, requestHeaders: [], requestBody: null },
        maskWith,
        secrets,
      );
      // The request side as it came, less any profile secret it echoes (in any spelling): a
      // webhook whose path or body carried the API token showed it whole here, though no
      // window may hold a profile's token. Its own tokens (a serviceToken, its JWT) are kept.
      const mask = usableSecrets(secrets);
      const request = replaceSecretsInExchange(
        { ...detail, responseHeaders: null, responseBody: null },
        mask,
        maskWith,
      ).exchange;
      // What main read from the bodies, masked as every screen masks it (the URL and path above).
      const derived = maskedForScreen({ ...request, url: null, path: null }, mask);
      return {
        ...derived,
        url: request.url,
        path: request.path,
        responseHeaders: exchange.responseHeaders,
        responseBody: exchange.responseBody,
      };
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
    secretsForWholeRecords(doing) {
      const here = secretsHere(profiles);
      refuseUnopened(here.unopened, doing, WHOLE_RECORDS_INSTEAD);
      return here.secrets;
    },
  };
}
