import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { HeaderList, TimelineSummary } from '../../shared/events';
import type { ListenerSettings } from '../../shared/listener';
import type { NewEvent } from '../store/events-repository';
import type { ForwardOrigin } from './forward-guard';
import { headerPairs } from '../http/header-pairs';
import type { IngestWriter } from './ingest-writer';
import { judgeWebhook, type VerificationKey } from './judge-webhook';
import { planResponse } from './plan-response';
import { webhookAnswer, type WebhookAnswer } from './webhook-answer';
import { readBody, type BodyInterruption, type CapturedBody } from './read-body';
import type { CraftedToken } from '../store/crafted-tokens-repository';
import { linkReplay, markForwardedCopy, type KnownReplay } from './replay-link';
import { errorWords } from '../../shared/error-words';
import { withRequestTrailers } from '../../shared/request-trailers';

/** A webhook exactly as received, for forwarding it on. */
export interface ReceivedWebhook {
  id: number;
  method: string;
  /** Path and query exactly as requested (`/notify?serviceToken=…`). */
  rawUrl: string;
  headers: HeaderList;
  body: Buffer;
  summary: TimelineSummary;
  /** The listener it came in on (forward-guard.ts: no forward back to it). */
  via: ForwardOrigin;
}

export interface WebhookHandlerContext {
  settings: () => ListenerSettings;
  verification: () => Promise<VerificationKey>;
  profile: () => { id: number | null; name: string | null };
  writer: IngestWriter;
  /** `http://127.0.0.1:PORT`, to store each request's full URL. */
  origin: () => string;
  /** This listener's port and the id its forwards carry. */
  forwardOrigin: () => ForwardOrigin;
  /** No body byte for this long, or the body not in after the total, ends the read (408). */
  bodyIdleTimeoutMs: number;
  bodyTimeoutMs: number;
  /** Resolves if the body's read must stop: the parser broke, or the connection was too slow. */
  interrupted: (req: IncomingMessage) => Promise<BodyInterruption>;
  forward: (webhook: ReceivedWebhook, target: string) => void;
  /** Looks a replay record up by the marker a replay carries (replay-link.ts). */
  replayByUid?: (uid: string) => KnownReplay | undefined;
  /** Looks a token up among those the console signed (the JWT toolkit remembers each). */
  craftedToken?: (token: string) => CraftedToken | undefined;
  onWebhook?: (summary: TimelineSummary) => void;
  logError: (message: string) => void;
  /** Aborted when the listener closes: an answer still waiting out its delay never goes out. */
  stopSignal: AbortSignal;
}

/**
 * A token the console signed (the JWT inspector, `jwt sign`) makes the request its doing, not
 * the service's, whoever sent it: a crafted token never moves an order.
 */
function craftedTokenOf(
  tokens: readonly string[],
  lookup: WebhookHandlerContext['craftedToken'],
): { signedAt: string; signedWith: string; reason: string } | null {
  if (lookup === undefined) return null;
  for (const token of tokens) {
    const found = lookup(token);
    if (found === undefined) continue;
    const signedAt = new Date(found.signedAtMs).toISOString();
    return {
      signedAt,
      signedWith: found.signedWith,
      reason: `Its token was signed by this console at ${signedAt} (${found.signedWith}), not by the service.`,
    };
  }
  return null;
}

function splitUrl(rawUrl: string): { path: string; query: string | null } {
  const at = rawUrl.indexOf('?');
  return at === -1
    ? { path: rawUrl, query: null }
    : { path: rawUrl.slice(0, at), query: rawUrl.slice(at + 1) };
}

/**
 * One request: raw bytes captured first, verdicts reached (guarded: a failure to judge still
 * stores the raw request), the row committed, then, and only then, the answer.
 */
/** Why a body did not arrive whole, for its judgement; null for one that did (or was too large). */
function incompleteWords(body: CapturedBody): string | null {
  switch (body.outcome) {
    case 'aborted':
      return 'the client closed the connection before the body was complete';
    case 'timed_out':
      return body.stopped ?? 'the body did not arrive in time';
    case 'broken':
      return `Node's HTTP parser gave up on it: ${body.stopped ?? 'a parse error'}`;
    default:
      return null;
  }
}

export async function handleWebhook(
  req: IncomingMessage,
  res: ServerResponse,
  context: WebhookHandlerContext,
): Promise<void> {
  const atMs = Date.now();
  const started = performance.now();
  const settings = context.settings();
  const method = req.method ?? 'UNKNOWN';
  const rawUrl = req.url ?? '/';
  const { path, query } = splitUrl(rawUrl);
  const headers = headerPairs(req.rawHeaders);
  const body = await readBody(req, {
    limitBytes: settings.bodyLimitBytes,
    idleTimeoutMs: context.bodyIdleTimeoutMs,
    totalTimeoutMs: context.bodyTimeoutMs,
    interrupted: context.interrupted(req),
  });
  const profile = context.profile();
  const plan = planResponse(method, body, settings);

  const event: NewEvent = {
    kind: 'webhook',
    atMs,
    profileId: profile.id,
    profileName: profile.name,
    method,
    url: rawUrl.startsWith('/') ? `${context.origin()}${rawUrl}` : rawUrl,
    path,
    query,
    remoteAddress: req.socket.remoteAddress ?? null,
    requestHeaders: headers,
    requestBody: body.bytes,
    requestSize: body.size,
    // A body over the limit that then stalled or was cut off is kept cut too (read-body.ts).
    requestTruncated: body.outcome === 'too_large' || body.bytes.byteLength < body.size,
    status: plan.status,
    error: plan.error,
    // A replay's marker makes this the console's doing, linked to that replay when it is ours;
    // a forward's marker makes it another listener's copy.
    ...(linkReplay(headers, context.replayByUid) ?? markForwardedCopy(headers)),
  };
  // Node fills rawTrailers once the body has been read to its end; empty for nearly every
  // request, which then stores nothing more.
  if (req.rawTrailers.length > 0)
    event.details = withRequestTrailers(event.details, headerPairs(req.rawTrailers));
  try {
    const verification = await context.verification();
    const judged = await judgeWebhook(
      {
        query,
        headers,
        body: body.bytes,
        truncated: body.outcome === 'too_large',
        incomplete: incompleteWords(body),
        atMs,
      },
      verification,
      settings.clockToleranceSeconds,
    );
    event.tokenVerdict = judged.tokenVerdict;
    if (event.provenance === undefined) {
      const crafted = craftedTokenOf(judged.tokens, context.craftedToken);
      if (crafted !== null) {
        event.provenance = 'crafted';
        event.details = { ...event.details, craftedToken: crafted };
      }
    }
    event.bodyVerdict = judged.body.verdict;
    event.orderId = judged.body.orderId;
    event.orderReferenceId = judged.body.orderReferenceId;
    event.eventType = judged.body.eventType;
    event.details = {
      ...event.details,
      ...judged.details,
      ...(plan.status === null ? {} : { response: { status: plan.status, delayMs: plan.delayMs } }),
    };
  } catch (error) {
    event.error = [plan.error, `The listener could not judge this request: ${errorWords(error)}`]
      .filter(Boolean)
      .join(' ');
  }

  // The answer names the row's id, so it is built once the id is known. Without a delay it is
  // stored with the row, in the same write, and goes out at once after the commit: the row says
  // what was answered even if the process dies right after answering (and, with no duration
  // until the answer is out, that it was never known sent if it dies just before). With a delay the row is
  // written first with the request and the planned answer only (details.response), claiming no
  // answer, and is given the answer once it went out: a process killed during the delay leaves
  // no answer that never went out on record. Should the client leave, or the listener stop,
  // before the answer is out, the row says so.
  const delayed = plan.status !== null && plan.delayMs > 0;
  let answer: WebhookAnswer | null = null;
  const build = (id: number): NewEvent => {
    if (plan.status === null) return event;
    answer = webhookAnswer({ ...plan, status: plan.status }, method, id);
    if (delayed) return { ...event, status: null };
    // No duration yet: it is written once the answer went out (the 'close' below). A record with
    // its answer and no duration is one whose process ended before that was known: the next
    // console's interrupted sweep (interrupted-exchanges.ts) no longer reads it as answered.
    return { ...event, ...answer.answered };
  };

  let summary: TimelineSummary;
  try {
    summary = await context.writer.insert(build);
  } catch (error) {
    context.logError(`A webhook could not be stored, so it was answered 503: ${errorWords(error)}`);
    if (!res.headersSent && !res.destroyed) {
      res.writeHead(503, { 'Content-Type': 'application/json', Connection: 'close' });
      res.end(
        JSON.stringify({
          received: false,
          error: 'The console could not store this request; send it again.',
        }),
      );
    }
    return;
  }
  context.onWebhook?.(summary);
  // Narrowed by hand: TypeScript cannot see that `build` ran during the insert.
  const sent = answer as WebhookAnswer | null;
  if (plan.status === null || sent === null) return;

  const notAnswered = () =>
    context.writer.update(
      summary.id,
      {
        durationMs: performance.now() - started,
        status: null,
        responseHeaders: null,
        responseBody: null,
        error: [
          event.error,
          context.stopSignal.aborted
            ? `The listener stopped before the answer was sent${plan.delayMs > 0 ? ` (it was waiting out the response delay of ${plan.delayMs} ms)` : ''}.`
            : 'The client closed the connection before the answer was sent.',
        ]
          .filter(Boolean)
          .join(' '),
      },
      summary,
    );
  // Watched from before the delay: a client that leaves, or a listener that stops, while the
  // answer waits is recorded then, not when (or if) the delay ends.
  let settled = false;
  const settle = (record: () => void) => {
    if (settled) return;
    settled = true;
    record();
  };
  res.once('close', () =>
    settle(() =>
      // An answer that went out at once is on the row already: only the duration changes, which
      // takes the row out of migration 050's small index (answers not known sent). One that
      // waited out a delay is stored now that it went out.
      res.writableFinished
        ? context.writer.update(
            summary.id,
            { ...(delayed ? sent.answered : {}), durationMs: performance.now() - started },
            summary,
          )
        : notAnswered(),
    ),
  );
  // A client gone while the row was being committed closed the response before it was watched:
  // its 'close' has passed, and the row, stored as answered, must say the answer went nowhere.
  if (res.destroyed) settle(notAnswered);

  // Forwarded as it came, as a tunnel would: not held back by the answer's delay, and not
  // lost if the listener stops before the delay ends.
  const target = settings.forwardTo;
  if (target !== null && body.outcome === 'complete') {
    const webhook = { id: summary.id, method, rawUrl, headers, body: body.bytes, summary };
    context.forward({ ...webhook, via: context.forwardOrigin() }, target);
  }

  // Unref'd: a pending delay never keeps a stopping console (or `listen`) alive. Cut short
  // when the listener closes: said at once, while the store is still open to take it.
  // A client whose side of the connection ends during the delay has given up waiting (a client
  // timing out closes so): said at once. Whether it still reads cannot be told from the FIN,
  // and a slow merchant is what the delay plays. Without a delay, a half-closing client still
  // gets its answer (webhook-server.ts keeps the connection writable).
  if (delayed) {
    const socket = req.socket;
    const left = new AbortController();
    const onEnd = () => left.abort();
    if (socket.readableEnded) left.abort();
    else socket.once('end', onEnd);
    try {
      await sleep(plan.delayMs, undefined, {
        ref: false,
        signal: AbortSignal.any([context.stopSignal, left.signal]),
      });
    } catch {
      settle(notAnswered);
      res.destroy();
      return;
    } finally {
      socket.off('end', onEnd);
    }
  }
  if (res.destroyed) return; // Said by the close above.
  res.writeHead(sent.status, sent.headers.flat());
  res.end(sent.payload);
}
