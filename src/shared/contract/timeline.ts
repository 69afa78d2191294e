import { timelineSummarySchema } from '../events';

/** Pushed whenever any producer records or completes a timeline record. */
export const timelinePushEvents = {
  /** A new record (webhook received, request sent, delivery attempted…). */
  'timeline.appended': timelineSummarySchema,
  /** A record gained its outcome (a response arrived, a verdict was reached). */
  'timeline.updated': timelineSummarySchema,
};
