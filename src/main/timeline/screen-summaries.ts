import type { PushEvent } from '../../shared/contract';
import type { TimelineSummary } from '../../shared/events';
import {
  changeTextDeep,
  maskWith,
  redactText,
  redactPath,
  redactUrl,
  redactUrlCredentialsInText,
  replaceSecretsInText,
  usableSecrets,
} from '../../shared/secrets/redact-secrets';
import type { ProfileService } from '../profiles/profile-service';

/**
 * Timeline rows (summaries) as a screen gets them: a profile secret echoed in a path or URL
 * (`/hook/<the API token>/x`, any percent-encoding) masked `••••abcd`, as a record's detail
 * and `history` mask it. toSummary (store/event-views.ts) masks JWTs only: it maps rows and
 * holds no secrets. Main keeps its summaries whole; this is applied at every edge a window or a
 * terminal reads them through: `listEvents` items, `getOrderLifecycle` records, the
 * `timeline.appended` / `timeline.updated` pushes (ws.ts, the desktop window) and `listen`'s
 * lines. The secrets are read each time a mask is made (profiles.secretsHere re-reads the
 * stored list, so a token set by another process on the data directory is masked at once, and
 * opens only sealed values it has not opened before): a mask is made per list, per push sent,
 * per flush of `listen`'s lines, never per webhook where nothing is shown.
 *
 * A secret this process cannot open cannot be masked: the row is shown with what can be
 * (`history` notes the others; a list is never refused for them, it shows no bodies).
 */
export type ScreenMask = <S extends ScreenRow>(summary: S) => S;

/**
 * What a row (or a record's detail, or an order's record) shows that may echo a secret: where it
 * went, and what main read from it.
 */
type ScreenRow = Pick<TimelineSummary, 'path' | 'url'> &
  Partial<Pick<TimelineSummary, 'orderReferenceId' | 'eventType' | 'error'>> & {
    details?: unknown;
    requestJson?: unknown;
    responseJson?: unknown;
  };

/**
 * A row or a detail with `secrets` masked in its path and URL (any percent-encoding) and in what
 * main read from its bodies: the reference, the event type, the error, the verdict details (a
 * builder payload whose order_reference_id was pasted with the API token showed it there whole,
 * though the body itself was masked). An order's record carries its bodies read as JSON, which
 * its lifecycle is derived from (the reference and order number an order shows, the entries'
 * words): their strings are masked the same way, so an order shows what its records show. The
 * row itself when nothing in it is a secret.
 */
export function maskedForScreen<S extends ScreenRow>(row: S, secrets: readonly string[]): S {
  const text = (value: string | null | undefined) =>
    value === null || value === undefined ? value : redactText(value, secrets, maskWith);
  const json = (value: unknown) => changeTextDeep(value, (found) => redactText(found, secrets, maskWith));
  const masked = {
    ...row,
    path: row.path === null ? null : redactPath(row.path, secrets, maskWith),
    url: row.url === null ? null : redactUrl(row.url, secrets, maskWith),
    ...('orderReferenceId' in row ? { orderReferenceId: text(row.orderReferenceId) } : {}),
    ...('eventType' in row ? { eventType: text(row.eventType) } : {}),
    ...('error' in row ? { error: text(row.error) } : {}),
    ...('requestJson' in row ? { requestJson: json(row.requestJson) } : {}),
    ...('responseJson' in row ? { responseJson: json(row.responseJson) } : {}),
    // The details quote what main read (a checkout's notification URL among them): a URL's
    // password and serviceToken in them go by meaning, as in the bodies they came from.
    ...('details' in row
      ? {
          details: changeTextDeep(row.details, (value) =>
            redactUrlCredentialsInText(replaceSecretsInText(value, secrets, maskWith), maskWith),
          ),
        }
      : {}),
  };
  const same = (Object.keys(masked) as (keyof S)[]).every((key) => masked[key] === row[key]);
  return same ? row : masked;
}

export function screenMask(profiles: Pick<ProfileService, 'secretsHere'>): ScreenMask {
  const secrets = usableSecrets(profiles.secretsHere().secrets);
  return (summary) => maskedForScreen(summary, secrets);
}

/** A pushed event as a window gets it: the timeline's rows masked, every other push as it is. */
export function pushForScreen(event: PushEvent, profiles: Pick<ProfileService, 'secretsHere'>): PushEvent {
  if (event.name === 'timeline.appended' || event.name === 'timeline.updated')
    return { name: event.name, payload: screenMask(profiles)(event.payload) };
  return event;
}
