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

/**
 * A whole stored record as `history --json` prints it: its id, then what each column of the
 * events table adds. Those columns are declared once (main's store/event-columns.ts, which
 * builds the record); they are not restated here.
 */
export const wholeRecordSchema = z.looseObject({ id: z.number().int() });

export const curlCopySchema = z.object({
  /**
   * The command, when the window may see it: always redacted, or with the notification JWT a
   * webhook, delivery, replay or forward carried. Null when main put a command holding the
   * profile's API token on the clipboard itself (the desktop app): that token never crosses
   * the bridge. The CLI, which runs in main's process, gets the command with the API token.
   */
  command: z.string().nullable(),
  /** True when main wrote the command to the clipboard. */
  copied: z.boolean(),
  /** True when a token in the command was replaced by REDACTED. */
  redacted: z.boolean(),
  notes: z.array(z.string()),
});
export type CurlCopy = z.infer<typeof curlCopySchema>;

/** A token a record carried, for an explicit Copy; an API token goes to main's own clipboard. */
export const tokenCopySchema = z.object({
  /** The notification token, when the window may have it; null when main copied it itself. */
  token: z.string().nullable(),
  /** True when main wrote the token to the clipboard (an API token, in the desktop app). */
  copied: z.boolean(),
});
export type TokenCopy = z.infer<typeof tokenCopySchema>;

const tokenPlace = z.enum(['header', 'query']);

export const timelineCommands = {
  /** Stored records matching a filter, newest first, one keyset page at a time. */
  listEvents: defineCommand(
    eventPageRequestSchema.extend({
      /**
       * Also the page's whole records as `history --json` prints them: bodies as stored, tokens
       * in the URL redacted, no headers. Only for the command line (a window opens one record,
       * masked, with getEvent).
       */
      whole: z.boolean().default(false),
    }),
    eventPageSchema.extend({ records: z.array(wholeRecordSchema).optional() }),
  ),
  /** Everything stored about one record: headers, bodies, verdict details; its secrets masked. */
  getEvent: defineCommand(z.object({ id: z.number().int().positive() }), timelineDetailSchema),
  /**
   * The record with the notification tokens it carried, on an explicit Reveal. Profile tokens
   * (an outbound request's API token) stay masked: they are stored masked.
   */
  revealEvent: defineCommand(z.object({ id: z.number().int().positive() }), timelineDetailSchema),
  /**
   * A record's token for the clipboard, without revealing it on screen: a notification token
   * comes back to the window; an outbound request's API token is written to the clipboard by
   * the desktop app's main process, and refused to a browser tab (use the CLI's `curl --with-token`).
   */
  copyEventToken: defineCommand(
    z.object({ id: z.number().int().positive(), place: tokenPlace.optional() }),
    tokenCopySchema,
  ),
  /** How many stored records match a filter (exact; for "select all matching"). */
  countEvents: defineCommand(
    z.object({ filter: eventFilterSchema.default({}) }),
    z.object({ count: z.number().int() }),
  ),
  /**
   * A record as a cURL command. `withToken` on an outbound request needs the profile's API
   * token: the desktop app's main process copies that command to the clipboard itself; browser
   * mode refuses and points to `checkout-console curl <id> --with-token`. A profile token the
   * record echoes elsewhere stays REDACTED; `exactBytes` (with `withToken`, the command line
   * only) asks for the stored bytes as they are.
   */
  copyAsCurl: defineCommand(
    z.object({
      id: z.number().int().positive(),
      withToken: z.boolean().default(false),
      exactBytes: z.boolean().default(false),
    }),
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
