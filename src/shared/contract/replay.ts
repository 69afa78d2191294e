import { z } from 'zod';
import {
  replayConsoleOwnSchema,
  replayLeftOutSchema,
  replayPlanInputSchema,
  replayProgressSchema,
  replayRequestSchema,
  replayRunSchema,
} from '../replay';
import { defineCommand, noInput } from './define';

export const replayCommands = {
  /** What a replay would send (how many, where, whether the target is live), without sending. */
  planReplay: defineCommand(
    replayPlanInputSchema,
    z.object({
      webhooks: z.number().int(),
      /** What the filter matched and the run leaves out (always none for ids, which refuse them). */
      leftOut: replayLeftOutSchema,
      /** What the filter matched and the run leaves out as the console's own (none for ids). */
      consoleOwn: replayConsoleOwnSchema,
      sends: z.number().int(),
      targetUrl: z.string(),
      live: z.boolean(),
    }),
  ),
  /** Starts a replay in the background; `replay.progress` pushes follow it. */
  startReplay: defineCommand(replayRequestSchema, z.object({ runId: z.string(), total: z.number().int() })),
  cancelReplay: defineCommand(z.object({ runId: z.string().min(1) }), z.object({ cancelled: z.boolean() })),
  /** The runs this process has in progress, each as its latest push and what it was started with (oldest first). */
  replayRuns: defineCommand(noInput, z.object({ runs: z.array(replayRunSchema) })),
};

export const replayPushEvents = {
  'replay.progress': replayProgressSchema,
};
