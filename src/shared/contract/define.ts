import { z } from 'zod';

/** One command of the bridge: what it accepts and what it answers, both as zod schemas. */
export interface CommandDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly input: I;
  readonly output: O;
}

export function defineCommand<I extends z.ZodType, O extends z.ZodType>(
  input: I,
  output: O,
): CommandDefinition<I, O> {
  return { input, output };
}

/** Commands that take nothing still take an object, so every transport sends the same shape. */
export const noInput = z.object({}).strict();

export const BRIDGE_ERROR_CODES = [
  'invalid_input',
  'not_found',
  'conflict',
  'live_confirmation_required',
  'unavailable',
  'cancelled',
  'failed',
  'unknown_command',
] as const;

export const bridgeIssueSchema = z.object({ path: z.string(), message: z.string() });
export type BridgeIssue = z.infer<typeof bridgeIssueSchema>;

export const bridgeErrorSchema = z.object({
  code: z.enum(BRIDGE_ERROR_CODES),
  message: z.string(),
  issues: z.array(bridgeIssueSchema).default([]),
});
export type BridgeErrorPayload = z.infer<typeof bridgeErrorSchema>;

export type BridgeResult<T> = { ok: true; data: T } | { ok: false; error: BridgeErrorPayload };
