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
