import type { SqliteDatabase } from './connection';
import { createSecretHiding, INDEXED_COLUMNS, type KnownSecrets } from './search-index-secrets';
import type { StoreWriter } from './store-writer-types';
import { DatabaseBusyError } from './write-lock';

/** Rows indexed per background step: small, so a step never holds a listener's commit for long. */
const BACKGROUND_BATCH = 500;
/** Rows indexed per transaction when a search must catch up at once. */
const CATCH_UP_BATCH = 5_000;
/**
 * What a background step scans for secrets that became known, divided among them: records,
 * and bytes of their bodies (instr over the stored text: about 1 µs per secret for a record of
 * 700 bytes on the benchmark machine, so a step of a few milliseconds whatever the bodies' size).
 */
const BACKGROUND_SCAN = { rows: 4_000, bytes: 2_000_000 };
/** The same when a search must wait for it. */
const CATCH_UP_SCAN = { rows: 40_000, bytes: 20_000_000 };
/** How often the background looks for work (two index lookups and the known secrets' marks). */
const BACKGROUND_EVERY_MS = 200;
/**
 * How long the background reuses the list of known secrets (opening them all costs about a
 * millisecond, six with 200 former tokens). A step with an older list is still safe: it moves
 * only the marks of the secrets it hid, so one learnt meanwhile is scanned for afterwards.
 * A search always asks for the list afresh.
 */
const BACKGROUND_SECRETS_MS = 1_000;

/**
 * The text index (events_fts), fed after rows are durable rather than by a trigger in the same
 * statement (migration 012): writes stay cheap, and a record becomes searchable within a
 * background step (~200 ms) of being stored, or at once when a text search asks. It never
 * holds a secret the console knows (migration 021): each is indexed as REDACTED, and records
 * indexed before a secret became known are found and indexed again before the next search.
 */
export interface SearchIndex {
  /** Whether some stored records are not yet in the text index. */
  behind(): boolean;
  /**
   * Before returning, indexes every record stored so far and makes the index clean of every
   * secret known now: called before each text search. `scan: false` (closing) leaves cleaning
   * out a secret learnt late to the next search or background step.
   */
  catchUp(options?: { scan?: boolean }): void;
  /** Indexes in the background until stopped; the timer never keeps the process alive. */
  startBackground(onError: (error: unknown) => void): () => void;
  /**
   * Where the secrets to keep out come from (main's one list of what it knows), asked before
   * each step: one set by another console on the data directory is known as soon as it is stored.
   * `forSearch`, asked instead before a search, gives the same list or throws, saying why, when a
   * search must not run: a secret this process cannot open is not hidden in what it indexes (its
   * mark stays, for the console that can open it).
   */
  hideSecrets(source: () => readonly string[], forSearch?: () => readonly string[]): void;
}

export function createSearchIndex(db: SqliteDatabase, writer: StoreWriter): SearchIndex {
  const hiding = createSecretHiding(db);
  let source: () => readonly string[] = () => [];
  let searchSource: () => readonly string[] = () => [];

  const state = db.prepare<[], { through: number; newest: number; stale: number }>(
    `SELECT (SELECT indexed_through FROM search_index_state) AS through,
      (SELECT coalesce(max(id), 0) FROM events) AS newest,
      EXISTS (SELECT 1 FROM search_index_stale) AS stale`,
  );
  const batchEnd = db.prepare<{ from: number; limit: number }, { last: number | null }>(
    'SELECT max(id) AS last FROM (SELECT id FROM events WHERE id > @from ORDER BY id LIMIT @limit)',
  );
  // The same words for each column as migration 003's trigger wrote, each known secret hidden.
  const indexRange = db.prepare<{ from: number; to: number }>(
    `INSERT INTO events_fts (rowid, meta, location, body)
     SELECT id, ${INDEXED_COLUMNS} FROM events WHERE id > @from AND id <= @to`,
  );
  const indexIds = db.prepare<{ ids: string }>(
    `INSERT INTO events_fts (rowid, meta, location, body)
     SELECT id, ${INDEXED_COLUMNS} FROM events WHERE id IN (SELECT value FROM json_each(@ids))`,
  );
  const unindexIds = db.prepare<{ ids: string }>(
    'DELETE FROM events_fts WHERE rowid IN (SELECT value FROM json_each(@ids))',
  );
  const advance = db.prepare<{ to: number }>('UPDATE search_index_state SET indexed_through = @to');
  const staleIds = db.prepare<{ limit: number }, { id: number }>(
    'SELECT id FROM search_index_stale ORDER BY id LIMIT @limit',
  );
  const unstale = db.prepare<{ ids: string }>(
    'DELETE FROM search_index_stale WHERE id IN (SELECT value FROM json_each(@ids))',
  );
  // Per known secret (by fingerprint), the id through which the index is clean of it.
  const marks = db.prepare<{ fingerprints: string }, { clean: number | null }>(
    `SELECT (SELECT clean_through FROM search_index_secrets WHERE fingerprint = value) AS clean
     FROM json_each(@fingerprints) ORDER BY key`,
  );
  const register = db.prepare<{ fingerprints: string }>(
    `INSERT OR IGNORE INTO search_index_secrets (fingerprint, clean_through)
     SELECT value, 0 FROM json_each(@fingerprints)`,
  );
  // A delete that lowered the index's mark lowers the secrets' marks with it (an id used again).
  const clamp = db.prepare<{ through: number }>(
    'UPDATE search_index_secrets SET clean_through = @through WHERE clean_through > @through',
  );
  /** Marks at `from` or above move to `to`: the records between were indexed or scanned clean. */
  const moveMarks = db.prepare<{ fingerprints: string; from: number; to: number }>(
    `UPDATE search_index_secrets SET clean_through = @to
     WHERE fingerprint IN (SELECT value FROM json_each(@fingerprints))
       AND clean_through >= @from AND clean_through < @to`,
  );
  const lowerOthers = db.prepare<{ fingerprints: string; below: number }>(
    `UPDATE search_index_secrets SET clean_through = @below
     WHERE clean_through > @below AND fingerprint NOT IN (SELECT value FROM json_each(@fingerprints))`,
  );

  const knownNow = (from = source): KnownSecrets => hiding.known(from());

  /** The known secrets whose mark is below the index's, with that mark (0: never cleaned). */
  const lagging = (known: KnownSecrets, through: number) => {
    const cleanThrough = marks.all({ fingerprints: JSON.stringify(known.fingerprints) });
    return known.secrets.flatMap((secret, n) => {
      const clean = cleanThrough[n]?.clean ?? 0;
      const fingerprint = known.fingerprints[n];
      return clean < through && fingerprint !== undefined ? [{ secret, fingerprint, clean }] : [];
    });
  };

  const isBehind = () => {
    const row = state.get();
    return row !== undefined && row.newest > row.through;
  };

  const hasWork = (known: KnownSecrets, scan: boolean): boolean => {
    const row = state.get();
    if (row === undefined) return false;
    if (row.newest > row.through || row.stale === 1) return true;
    return scan && lagging(known, row.through).length > 0;
  };

  /** Indexes the records again, each known secret hidden. */
  const reindex = (ids: readonly number[]) => {
    const list = JSON.stringify(ids);
    unindexIds.run({ ids: list });
    indexIds.run({ ids: list });
  };

  /**
   * One step under the write lock: records updated since they were indexed, records stored
   * since, then (with `scan`) the next range of records indexed before a secret was known.
   * Returns how much it did (0: nothing was left).
   */
  const step = (
    known: KnownSecrets,
    limit: number,
    scanBudget: { rows: number; bytes: number },
    scan: boolean,
  ): number => {
    const row = state.get();
    if (row === undefined) return 0;
    hiding.hide(known.secrets);
    const fingerprints = JSON.stringify(known.fingerprints);
    register.run({ fingerprints });
    clamp.run({ through: row.through });
    let done = 0;

    const stale = staleIds.all({ limit }).map((entry) => entry.id);
    if (stale.length > 0) {
      reindex(stale);
      unstale.run({ ids: JSON.stringify(stale) });
      // A secret this process cannot open (sealed by another console's cipher) was not hidden
      // in them: the console that can open it scans them again.
      lowerOthers.run({ fingerprints, below: Math.min(...stale) - 1 });
      done += stale.length;
    }

    let through = row.through;
    if (row.newest > through) {
      const to = batchEnd.get({ from: through, limit })?.last ?? through;
      if (to > through) {
        done += indexRange.run({ from: through, to }).changes;
        advance.run({ to });
        moveMarks.run({ fingerprints, from: through, to });
        through = to;
      }
    }

    if (!scan) return done;
    const behindMarks = lagging(known, through);
    if (behindMarks.length === 0) return done;
    const from = Math.min(...behindMarks.map((entry) => entry.clean));
    const to = hiding.scanEnd(from, through, {
      rows: Math.max(1, Math.floor(scanBudget.rows / behindMarks.length)),
      bytes: Math.floor(scanBudget.bytes / behindMarks.length),
    });
    const holding = hiding.holding(
      behindMarks.map((entry) => entry.secret),
      from,
      to,
    );
    if (holding.length > 0) reindex(holding);
    moveMarks.run({ fingerprints: JSON.stringify(behindMarks.map((entry) => entry.fingerprint)), from, to });
    return done + (to - from);
  };

  return {
    behind: isBehind,
    catchUp({ scan = true } = {}) {
      let known: KnownSecrets;
      try {
        // Before a search (scan): refused while a secret cannot be hidden; closing indexes anyway.
        known = knownNow(scan ? searchSource : source);
      } catch (error) {
        // Closing: what cannot be hidden now is left for the next search, which says why.
        if (!scan) return;
        throw error;
      }
      // Each batch commits on its own: a long backlog (an import killed midway, a secret learnt
      // on a long history) never holds the lock for the whole of it.
      for (;;) {
        if (!hasWork(known, scan)) return;
        if (writer.writeNow(() => step(known, CATCH_UP_BATCH, CATCH_UP_SCAN, scan)) === 0) return;
      }
    },
    startBackground(onError) {
      let stopped = false;
      let running = false;
      let known: KnownSecrets | null = null;
      let knownAt = Number.NEGATIVE_INFINITY;
      const run = () => {
        if (stopped || running) return;
        try {
          if (Date.now() - knownAt >= BACKGROUND_SECRETS_MS) {
            // Asked again a second later even when it failed: one error a second at most.
            knownAt = Date.now();
            known = knownNow();
          }
          if (known === null || !hasWork(known, true)) return;
        } catch (error) {
          onError(error);
          return;
        }
        running = true;
        const hidden = known;
        writer
          .write(() => step(hidden, BACKGROUND_BATCH, BACKGROUND_SCAN, true))
          .then(
            (done) => {
              running = false;
              // More waiting: the next step in a later turn, so requests interleave with it.
              if (done > 0) setImmediate(run);
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
    hideSecrets(next, forSearch) {
      source = next;
      searchSource = forSearch ?? next;
    },
  };
}
