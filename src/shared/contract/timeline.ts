import { z } from 'zod';
import { eventFilterSchema, eventPageRequestSchema } from '../event-filter';
import { timelineDetailSchema, timelineSummarySchema } from '../events';
import { defineCommand } from './define';

export const eventPageSchema = z.object({
  items: z.array(timelineSummarySchema),
  /** The `beforeId` of the next (older) page; null on the last page. */
  nextCursor: z.number().int().nullable(),
});
export type EventPageResult = z.infer<typeof eventPageSchema>;

export const curlCopySchema = z.object({
  /**
   * The command, when the window may see it: always redacted, or with the notification JWT a
   * webhook, delivery, replay or forward carried. Null when main put a command holding the
   * profile's API token on the clipboard itself (the desktop app): that token never crosses
   * the bridge.
   */
  command: z.string().nullable(),
  /** True when main wrote the command to the clipboard. */
  copied: z.boolean(),
  /** True when a token in the command was replaced by REDACTED. */
  redacted: z.boolean(),
  notes: z.array(z.string()),
});
export type CurlCopy = z.infer<typeof curlCopySchema>;

export const timelineCommands = {
  /** Stored records matching a filter, newest first, one keyset page at a time. */
  listEvents: defineCommand(eventPageRequestSchema, eventPageSchema),
  /** Everything stored about one record: headers, bodies, verdict details. */
  getEvent: defineCommand(z.object({ id: z.number().int().positive() }), timelineDetailSchema),
  /** How many stored records match a filter (exact; for "select all matching"). */
  countEvents: defineCommand(
    z.object({ filter: eventFilterSchema.default({}) }),
    z.object({ count: z.number().int() }),
  ),
  /**
   * A record as a cURL command. `withToken` on an outbound request needs the profile's API
   * token: the desktop app's main process copies that command to the clipboard itself; browser
   * mode refuses and points to `checkout-console curl <id> --with-token`.
   */
  copyAsCurl: defineCommand(
    z.object({ id: z.number().int().positive(), withToken: z.boolean().default(false) }),
    curlCopySchema,
  ),
};

/** Pushed whenever any producer records or completes a timeline record. */
export const timelinePushEvents = {
  /** A new record (webhook received, request sent, delivery attempted…). */
  'timeline.appended': timelineSummarySchema,
  /** A record gained its outcome (a response arrived, a verdict was reached). */
  'timeline.updated': timelineSummarySchema,
};
