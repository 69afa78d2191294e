import type { PushEvent } from '../../shared/contract';
import type { TimelineSummary } from '../../shared/events';
import { maskWith, redactPath, redactUrl } from '../../shared/secrets/redact-secrets';
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
export type ScreenMask = <S extends Pick<TimelineSummary, 'path' | 'url'>>(summary: S) => S;

export function screenMask(profiles: Pick<ProfileService, 'secretsHere'>): ScreenMask {
  // Longest first, as redactExchange orders them: a secret that contains another is masked whole.
  const secrets = profiles
    .secretsHere()
    .secrets.filter((secret) => secret.length >= 8)
    .sort((a, b) => b.length - a.length);
  return (summary) => {
    const path = summary.path === null ? null : redactPath(summary.path, secrets, maskWith);
    const url = summary.url === null ? null : redactUrl(summary.url, secrets, maskWith);
    return path === summary.path && url === summary.url ? summary : { ...summary, path, url };
  };
}

/** A pushed event as a window gets it: the timeline's rows masked, every other push as it is. */
export function pushForScreen(event: PushEvent, profiles: Pick<ProfileService, 'secretsHere'>): PushEvent {
  if (event.name === 'timeline.appended' || event.name === 'timeline.updated')
    return { name: event.name, payload: screenMask(profiles)(event.payload) };
  return event;
}
