import { z } from 'zod';
import { eventPageRequestSchema } from '../event-filter';
import { timelineDetailSchema, timelineSummarySchema } from '../events';
import { defineCommand } from './define';

export const eventPageSchema = z.object({
  items: z.array(timelineSummarySchema),
  /** The `beforeId` of the next (older) page; null on the last page. */
  nextCursor: z.number().int().nullable(),
});
export type EventPageResult = z.infer<typeof eventPageSchema>;

export const timelineCommands = {
  /** Stored records matching a filter, newest first, one keyset page at a time. */
  listEvents: defineCommand(eventPageRequestSchema, eventPageSchema),
  /** Everything stored about one record: headers, bodies, verdict details. */
  getEvent: defineCommand(z.object({ id: z.number().int().positive() }), timelineDetailSchema),
};

/** Pushed whenever any producer records or completes a timeline record. */
export const timelinePushEvents = {
  /** A new record (webhook received, request sent, delivery attempted…). */
  'timeline.appended': timelineSummarySchema,
  /** A record gained its outcome (a response arrived, a verdict was reached). */
  'timeline.updated': timelineSummarySchema,
};
