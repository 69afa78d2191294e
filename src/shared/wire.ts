import { z } from 'zod';
import { bridgeErrorSchema } from './contract/define';

/**
 * The browser-mode WebSocket protocol. Requests carry an id the answer repeats; events arrive
 * unasked. Both sides parse what they receive with these schemas.
 */
export const wireCallSchema = z.object({
  type: z.literal('call'),
  id: z.number().int().nonnegative(),
  command: z.string().min(1).max(100),
  input: z.unknown(),
});
export type WireCall = z.infer<typeof wireCallSchema>;

export const wireResultSchema = z.object({
  type: z.literal('result'),
  id: z.number().int(),
  result: z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data: z.unknown() }),
    z.object({ ok: z.literal(false), error: bridgeErrorSchema }),
  ]),
});

export const wireEventSchema = z.object({
  type: z.literal('event'),
  event: z.object({ name: z.string(), payload: z.unknown() }),
});

export const serverMessageSchema = z.discriminatedUnion('type', [wireResultSchema, wireEventSchema]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

export const BRIDGE_PATH = '/bridge';

/**
 * What a tab asks before each (re)connection: 200 with `SessionAnswer` while this browser is
 * signed in, 401 when the server answering does not know its session. The console id is new
 * with each `serve` process, so a tab can tell a console that restarted from the one it was
 * opened on even when the browser holds a newer session cookie for the same port.
 */
export const SESSION_PATH = '/session';
export const sessionAnswerSchema = z.object({
  console: z.string().min(1).max(100),
  /** The command that mints a new link for this console (as the sign-in page names it). */
  openCommand: z.string().min(1).max(5000),
});
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/**
 * What pushed events one bridge socket may have waiting to be written, in bytes. A page that
 * stops reading (a frozen tab, a script that never yields) kept every webhook's push queued in
 * `serve`'s memory for as long as it stayed connected: 5 such sockets took `serve` from 132 MB
 * to 662 MB over 60 000 webhooks. Dropping pushes past a cap would leave the timeline short
 * without saying so; the socket is closed instead (FELL_BEHIND_CLOSE_CODE), and the page
 * reconnects and loads what it shows afresh, as after any drop. 8 MiB is thousands of timeline
 * rows (about 1 KB each): a page that far behind is caught up faster by a reload than by reading
 * them, and a page that reads at all never comes near it (docs/limits.md).
 */
export const PUSH_BACKLOG_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The close code for a page that fell PUSH_BACKLOG_MAX_BYTES behind (4000–4999 are the
 * application's own, RFC 6455 §7.4.2): the tab tells it from a console that went away, and says so.
 */
export const FELL_BEHIND_CLOSE_CODE = 4000;
