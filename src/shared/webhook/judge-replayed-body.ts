import type { HeaderList } from '../events';
import { HOP_BY_HOP_HEADERS } from '../hop-by-hop-headers';
import { REPLAY_MARKER_HEADER } from '../provenance';
import { judgeWebhookBody, type BodyJudgement } from './judge-webhook-body';

/**
 * The stored headers a replay of a webhook sends again, as they came and in their order: all
 * but those of one hop and a stored replay's marker, which names that replay, never this one
 * (each send adds its own). Its token's Authorization is placed after (replay-request.ts).
 */
export function replayedHeaders(stored: HeaderList): [string, string][] {
  return stored
    .filter(
      ([name]) =>
        !HOP_BY_HOP_HEADERS.has(name.toLowerCase()) &&
        name.toLowerCase() !== REPLAY_MARKER_HEADER.toLowerCase(),
    )
    .map(([name, value]): [string, string] => [name, value]);
}

/**
 * The one judgement of a body a replay sends: the listener's (judgeWebhookBody), of the bytes
 * with the headers they go with, since those can say what the bytes are (a Content-Encoding is a
 * finding). The replay's record (replay-send.ts) and the Replay view's preview of an edited body
 * both take it, so the preview says what the listener will: it judged the body alone, and read
 * "event" where the listener recorded "event · 1 finding". Never cut: a replay sends whole bytes.
 */
export function judgeReplayedBody(body: Uint8Array, sentHeaders: HeaderList): BodyJudgement {
  return judgeWebhookBody(body, false, sentHeaders);
}
