import type { SqliteDatabase } from './connection';
import type { StoreWriter } from './store-writer';
import { DatabaseBusyError } from './write-lock';

/** Rows indexed per background step: small, so a step never holds a listener's commit for long. */
const BACKGROUND_BATCH = 500;
/** Rows indexed per transaction when a search must catch up at once. */
const CATCH_UP_BATCH = 5_000;
/** How often the background looks for rows to index (two index lookups when there are none). */
const BACKGROUND_EVERY_MS = 200;

/**
 * The text index (events_fts), fed after rows are durable rather than by a trigger in the same
 * statement (migration 012): writes stay cheap, and a record becomes searchable within a
 * background step (~200 ms) of being stored, or at once when a text search asks.
 */
export interface SearchIndex {
  /** Whether some stored records are not yet in the text index. */
  behind(): boolean;
  /** Indexes every record stored so far before returning: called before each text search. */
  catchUp(): void;
  /** Indexes in the background until stopped; the timer never keeps the process alive. */
  startBackground(onError: (error: unknown) => void): () => void;
}

export function createSearchIndex(db: SqliteDatabase, writer: StoreWriter): SearchIndex {
  const state = db.prepare<[], { through: number; newest: number }>(
    `SELECT (SELECT indexed_through FROM search_index_state) AS through,
      (SELECT coalesce(max(id), 0) FROM events) AS newest`,
  );
  const batchEnd = db.prepare<{ from: number; limit: number }, { last: number | null }>(
    'SELECT max(id) AS last FROM (SELECT id FROM events WHERE id > @from ORDER BY id LIMIT @limit)',
  );
  // The same words for each column as migration 003's trigger wrote, so old and new rows match alike.
  const index = db.prepare<{ from: number; to: number }>(
    `INSERT INTO events_fts (rowid, meta, location, body)
     SELECT id,
       concat_ws(' ', uid, kind, method, status, order_id, order_reference_id, event_type, token_verdict,
         body_verdict, profile_name, error),
       concat_ws(' ', url, path, query),
       concat_ws(' ', CAST(request_body AS TEXT), CAST(response_body AS TEXT))
     FROM events WHERE id > @from AND id <= @to`,
  );
  const advance = db.prepare<{ to: number }>('UPDATE search_index_state SET indexed_through = @to');

  const isBehind = () => {
    const row = state.get();
    return row !== undefined && row.newest > row.through;
  };

  /** Indexes up to `limit` rows above the mark; run under the write lock. Returns how many. */
  const step = (limit: number): number => {
    const row = state.get();
    if (row === undefined || row.newest <= row.through) return 0;
    const to = batchEnd.get({ from: row.through, limit })?.last ?? row.through;
    if (to <= row.through) return 0;
    const written = index.run({ from: row.through, to }).changes;
    advance.run({ to });
    return written;
  };

  return {
    behind: isBehind,
    catchUp() {
      // Each batch commits on its own: a long backlog (an import killed midway) never holds
      // the lock for the whole of it.
      while (isBehind()) if (writer.writeNow(() => step(CATCH_UP_BATCH)) === 0) return;
    },
    startBackground(onError) {
      let stopped = false;
      let running = false;
      const run = () => {
        if (stopped || running || !isBehind()) return;
        running = true;
        writer
          .write(() => step(BACKGROUND_BATCH))
          .then(
            (written) => {
              running = false;
              // More waiting: the next batch in a later turn, so requests interleave with it.
              if (written === BACKGROUND_BATCH) setImmediate(run);
            },
            (error: unknown) => {
              running = false;
              // Another process held the lock past the writer's wait: the next tick tries again.
              if (!(error instanceof DatabaseBusyError)) onError(error);
            },
          );
      };
      const timer = setInterval(run, BACKGROUND_EVERY_MS);
      timer.unref();
      return () => {
        stopped = true;
        clearInterval(timer);
      };
    },
  };
}
