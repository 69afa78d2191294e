import { z } from 'zod';
import { formatCharacters } from '../byte-size';
import { eventFilterSchema } from '../event-filter';
import { unreadableWordsSchema } from '../stored-settings';
import { EXPORT_FORMATS, retentionRemovalSchema, retentionSchema } from '../history-file';
import { defineCommand, noInput } from './define';

/**
 * The most text one import from the UI may carry (a file of at most this many bytes). The
 * CLI's `import` reads files of any size.
 */
export const HISTORY_IMPORT_MAX_CHARS = 256 * 1024 * 1024;

const filePath = z.string().trim().min(1, 'Name a file').max(4096, 'A path is at most 4096 characters');

export const historyCommands = {
  /** A filter (or a selection by ids) as a JSON, NDJSON or HAR 1.2 file's text. */
  exportHistory: defineCommand(
    z
      .object({
        format: z.enum(EXPORT_FORMATS),
        filter: eventFilterSchema.default({}),
        includeTokens: z.boolean().default(false),
        /**
         * Written to this file where the console runs (the command line; any size, streamed)
         * instead of answered as text: never into the data directory, over an existing file only
         * with `force`. Only from the command line (a window saves the text it is answered).
         */
        out: z
          .object({ path: filePath, force: z.boolean().default(false) })
          .strict()
          .optional(),
        /**
         * Or answered in parts (the command line's standard output; any size, never one string):
         * the first call starts the export and answers its first part; each following call passes
         * the `next` it was answered (format and filter are the first call's) until `next` is null.
         */
        part: z.object({ next: z.uuid().optional() }).strict().optional(),
      })
      .refine((input) => input.out === undefined || input.part === undefined, {
        message: 'An export is written to a file or answered in parts, not both',
        path: ['part'],
      }),
    z.object({
      /** The file's text (or this part of it); empty when it was written to `out`. */
      text: z.string(),
      /** The records exported (so far, for a part). */
      count: z.number().int(),
      fileName: z.string(),
      /** For a part: what to pass for the following one; null after the last. */
      next: z.uuid().nullable().optional(),
      /**
       * One sentence for each record (of this part) whose stored columns are damaged: exported
       * all the same, what was stored kept in its details.damagedColumns (docs/data-safety.md).
       */
      damaged: z.array(z.string()).default([]),
    }),
  ),
  /**
   * A JSON, NDJSON or HAR file's text: a bad one imports nothing (with the line or entry that
   * broke); a good one is written in short transactions, kept so far if the process is killed.
   */
  importHistory: defineCommand(
    z
      .object({
        text: z
          .string()
          .max(
            HISTORY_IMPORT_MAX_CHARS,
            `An import is at most ${formatCharacters(HISTORY_IMPORT_MAX_CHARS)}; use the import command`,
          )
          .optional(),
        /**
         * Or the file itself, read where the console runs (NDJSON as a stream, of any size; a
         * JSON or HAR document whole, up to about 512 MiB): only from the command line (a
         * window sends the file's text, which it alone can read).
         */
        path: filePath.optional(),
      })
      .refine((input) => (input.text === undefined) !== (input.path === undefined), {
        message: "Give the file's text or its path (one of the two)",
        path: ['text'],
      }),
    z.object({
      imported: z.number().int(),
      /** Already stored (the same uid): left as they are. */
      skipped: z.number().int(),
      /** The same record again in the file: read once. */
      repeated: z.number().int(),
      /**
       * The file's records whose related record (the one they replay, forward or answer) is
       * neither in the file nor stored: each keeps its uid and is linked when that one is imported.
       */
      unlinked: z.number().int(),
      /** Of those skipped, how many the file gives otherwise than they are stored (kept as stored). */
      differing: z.number().int(),
      /** The first of those stored records' ids (DIFFERING_IDS_SHOWN at most). */
      differingIds: z.array(z.number().int()),
      format: z.enum(EXPORT_FORMATS),
    }),
  ),
  /** The policy in use, and what of the stored one could not be read (History says it). */
  getRetention: defineCommand(noInput, retentionSchema.and(z.object({ unreadable: unreadableWordsSchema }))),
  /**
   * Saves the policy. `expected`: the policy as the saving window read it; when another window
   * or a terminal saved another since, nothing is saved (a conflict) unless this is left out.
   */
  setRetention: defineCommand(
    retentionSchema.and(z.object({ expected: retentionSchema.optional() })),
    retentionSchema,
  ),
  /** How many records a policy (default: the saved one) removes now. */
  previewRetention: defineCommand(
    z.object({
      retention: retentionSchema.optional(),
      /**
       * Whether to say what goes (`removing`; by default it does): it reads every record that
       * goes, about a second for 300,000, where the counts read an index. A window refreshing
       * its counts as records arrive asks for it now and then only.
       */
      detail: z.boolean().optional(),
    }),
    z.object({
      remove: z.number().int(),
      keep: z.number().int(),
      /** Of those kept, how many are dated in the future: no policy removes them or counts them among the newest N. */
      future: z.number().int(),
      /** Of those kept, how many have a stored time that is damaged (not a time): no policy removes them. */
      unreadableTime: z.number().int(),
      /** What those removed are: kinds, imported, and the orders that lose records (null: not asked). */
      removing: retentionRemovalSchema.nullable(),
    }),
  ),
  applyRetention: defineCommand(
    z.object({
      retention: retentionSchema.optional(),
      /**
       * How many records the person confirmed removing (the count they were shown): when
       * applying the policy now would remove more (records arrived since), nothing is removed
       * and the answer is a conflict saying both counts.
       */
      confirmedRemove: z.number().int().min(0).optional(),
    }),
    z.object({ removed: z.number().int() }),
  ),
};

export const historyPushEvents = {
  /** The retention policy as saved now: by any window, `retention` in a terminal, or another console. */
  'history.retention': retentionSchema,
  /**
   * Records were removed: by a retention run here, or by another process on the data directory
   * (`retention --apply` in a terminal, another console), as its commits are looked at once a
   * second. A view counting or listing records asks again: it went on saying what was removed.
   */
  'history.removed': z.object({}),
};
