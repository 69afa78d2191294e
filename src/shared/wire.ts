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
