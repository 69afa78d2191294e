import { randomUUID } from 'node:crypto';
import type { SecretSource } from '../../shared/contract/jwt';
import type { HeaderList } from '../../shared/events';
import type { NetworkFailure } from '../../shared/merchant-api';
import { REPLAY_MARKER_HEADER } from '../../shared/provenance';
import { TOKEN_MODE_PLANS, type TokenMode } from '../../shared/scenarios/token-modes';
import { maskWith, redactUrl } from '../../shared/secrets/redact-secrets';
import type { JwtToolkit } from '../jwt/jwt-toolkit';
import { withServiceToken } from '../emulator/notification-url';
import { recordedExchange } from '../outbound/recorded-exchange';
import { newTimeOrderedUuid } from '../store/time-ordered-uuid';
import type { EventRecorder } from '../timeline/event-recorder';
import { APP_VERSION } from '../version';

/**
 * A notification the console sends on purpose (a scenario's "send webhook" step, a case of
 * check-endpoint): signed with the JWT toolkit in one of the token modes, sent through the one
 * HTTP exchange, and stored as a record of the console's own doing (kind `replay`, provenance
 * `crafted`, with `details.origin` saying who sent it), so it is on the timeline and never moves
 * an order; the listener's record of it is linked to it by the replay marker.
 */

export interface NotificationSpec {
  url: string;
  body: Uint8Array;
  mode: TokenMode;
  signer: SecretSource;
  /** Claims to keep in the token (a re-signed copy keeps the original's, with fresh times). */
  claims?: Record<string, unknown>;
  timeoutMs: number;
  signal?: AbortSignal;
  record: {
    origin: 'scenario' | 'check-endpoint';
    profileId: number | null;
    profileName: string | null;
    orderId: string | null;
    orderReferenceId: string | null;
    eventType: string | null;
    relatedId?: number | null;
    details: Record<string, unknown>;
  };
}

export interface SentNotification {
  recordId: number;
  status: number | null;
  /** An answer whose connection closed mid-body: the status it began with (status is null). */
  cutShortStatus: number | null;
  responseBody: Buffer | null;
  failure: NetworkFailure | null;
  durationMs: number;
  /** What was sent, tokens masked: safe to print and report. */
  shown: { method: 'POST'; url: string; headers: HeaderList; bodyBytes: number };
  /** Sent to this console's listener: the record it made of the request (its answer names it). */
  listenerRecordId: number | null;
}

interface PlacedTokens {
  query: string | null;
  header: string | null;
}

async function tokensFor(jwt: JwtToolkit, spec: NotificationSpec): Promise<PlacedTokens> {
  const plan = TOKEN_MODE_PLANS[spec.mode];
  if (plan.preset === null) return { query: null, header: null };
  const claims = plan.resign ? { ...spec.claims } : {};
  const first = await jwt.sign({ signer: spec.signer, preset: plan.preset, claims });
  switch (plan.placement) {
    case 'query':
      return { query: first.token, header: null };
    case 'header':
      return { query: null, header: first.token };
    case 'two_different': {
      // Both valid on their own; they differ, which is what the receiver must notice.
      const second = await jwt.sign({ signer: spec.signer, preset: 'valid', claims: { jti: randomUUID() } });
      return { query: first.token, header: second.token };
    }
    case 'both':
    case 'none':
      return { query: first.token, header: first.token };
  }
}

function listenerRecordOf(body: Buffer | null): number | null {
  if (body === null) return null;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { received?: unknown; id?: unknown };
    return typeof parsed.id === 'number' && typeof parsed.received === 'boolean' ? parsed.id : null;
  } catch {
    return null;
  }
}

export async function sendNotification(
  deps: { jwt: JwtToolkit; recorder: EventRecorder },
  spec: NotificationSpec,
): Promise<SentNotification> {
  const tokens = await tokensFor(deps.jwt, spec);
  const { authorizationPrefix, queryPadding } = TOKEN_MODE_PLANS[spec.mode];
  // Placed as the emulator's deliveries place it: the endpoint's own query kept as written.
  const url = withServiceToken(spec.url, tokens.query === null ? null : `${tokens.query}${queryPadding}`);
  // Shown as every screen shows a URL (redactUrl): the mask written as it reads, `••••Z1hw`
  // beside `Bearer ••••Z1hw`. Placed in the URL as a token is, it was percent-encoded
  // (`%E2%80%A2…`), and a report named one token two ways.
  const shownUrl = redactUrl(url.toString(), [], maskWith);
  // The record's uid goes out as the replay marker, as a replay's does: a console listener that
  // receives the send links its record to it, so a valid notification the console made never
  // counts as the service's own (it moved orders, and matched a scenario's expect-webhook).
  const uid = newTimeOrderedUuid();
  const common: HeaderList = [
    ['Content-Type', 'application/json'],
    ['User-Agent', `checkout-console/${APP_VERSION}`],
    [REPLAY_MARKER_HEADER, uid],
  ];
  const headers: HeaderList = [...common];
  const shownHeaders: HeaderList = [...common];
  if (tokens.header !== null) {
    headers.push(['Authorization', `${authorizationPrefix}${tokens.header}`]);
    shownHeaders.push(['Authorization', `${authorizationPrefix}${maskWith(tokens.header)}`]);
  }
  const body = Buffer.from(spec.body);
  const recorded = await recordedExchange({
    recorder: deps.recorder,
    request: {
      method: 'POST',
      url: url.toString(),
      headers,
      body,
      timeoutMs: spec.timeoutMs,
      ...(spec.signal === undefined ? {} : { signal: spec.signal }),
    },
    record: {
      uid,
      kind: 'replay',
      // The console made these bytes and tokens: never a copy of what the service sent.
      provenance: 'crafted',
      profileId: spec.record.profileId,
      profileName: spec.record.profileName,
      orderId: spec.record.orderId,
      orderReferenceId: spec.record.orderReferenceId,
      eventType: spec.record.eventType,
      relatedId: spec.record.relatedId ?? null,
      details: { origin: spec.record.origin, tokenMode: spec.mode, ...spec.record.details },
    },
    complete: (answer) => {
      const listenerRecordId = listenerRecordOf(answer.body);
      return { details: listenerRecordId === null ? {} : { listenerRecordId } };
    },
  });
  const { outcome } = recorded;
  const listenerRecordId = listenerRecordOf(outcome.body);
  return {
    recordId: recorded.id,
    status: outcome.status,
    cutShortStatus: outcome.cutShortStatus,
    responseBody: outcome.body,
    failure: outcome.failure,
    durationMs: outcome.durationMs,
    shown: { method: 'POST', url: shownUrl, headers: shownHeaders, bodyBytes: body.byteLength },
    listenerRecordId,
  };
}
