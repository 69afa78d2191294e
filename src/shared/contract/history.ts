import { z } from 'zod';
import { eventFilterSchema } from '../event-filter';
import { EXPORT_FORMATS, retentionSchema } from '../history-file';
import { defineCommand, noInput } from './define';

/**
 * The most text one import from the UI may carry (a file of at most this many bytes). The
 * CLI's `import` reads files of any size.
 */
export const HISTORY_IMPORT_MAX_CHARS = 256 * 1024 * 1024;

export const historyCommands = {
  /** A filter (or a selection by ids) as a JSON, NDJSON or HAR 1.2 file's text. */
  exportHistory: defineCommand(
    z.object({
      format: z.enum(EXPORT_FORMATS),
      filter: eventFilterSchema.default({}),
      includeTokens: z.boolean().default(false),
    }),
    z.object({ text: z.string(), count: z.number().int(), fileName: z.string() }),
  ),
  /** A JSON, NDJSON or HAR file's text: all of it imported, or nothing (with the line or entry that broke). */
  importHistory: defineCommand(
    z.object({
      text: z.string().max(HISTORY_IMPORT_MAX_CHARS, 'An import is at most 256 MiB; use the import command'),
    }),
    z.object({ imported: z.number().int(), skipped: z.number().int(), format: z.enum(EXPORT_FORMATS) }),
  ),
  getRetention: defineCommand(noInput, retentionSchema),
  setRetention: defineCommand(retentionSchema, retentionSchema),
  /** How many records a policy (default: the saved one) removes now. */
  previewRetention: defineCommand(
    z.object({ retention: retentionSchema.optional() }),
    z.object({ remove: z.number().int(), keep: z.number().int() }),
  ),
  applyRetention: defineCommand(
    z.object({ retention: retentionSchema.optional() }),
    z.object({ removed: z.number().int() }),
  ),
};
