import type { z } from 'zod';
import { readStoredSettingsText, type StoredSettingsRead } from '../../shared/stored-settings';

/** How a stored text is read leniently (readStoredSettingsText, readStoredSecretList). */
export type StoredTextReading<T> = (text: string | undefined) => StoredSettingsRead<T>;
import type { SqliteDatabase } from './connection';

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;

/**
 * Small key → JSON values (active profile, preferences). Values are read by one lenient reader
 * (stored-settings.ts), `read` and its kin: what cannot be read is said, never a fallback taken
 * in silence; the all-or-nothing `get` it replaced lost every stored field to one bad one.
 */
export function createSettingsRepository(db: SqliteDatabase) {
  const statements = {
    get: db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?'),
    set: db.prepare<[string, string]>(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ),
    remove: db.prepare<[string]>('DELETE FROM settings WHERE key = ?'),
  };

  const lenientReaderWith = <T>(
    key: string,
    reading: StoredTextReading<T>,
  ): (() => StoredSettingsRead<T>) => {
    let seen: { text: string | undefined; read: StoredSettingsRead<T> } | null = null;
    return () => {
      const text = statements.get.get(key)?.value;
      if (seen === null || seen.text !== text) seen = { text, read: reading(text) };
      return seen.read;
    };
  };

  return {
    /**
     * The stored text as it is (undefined when absent), for a reader that says what it cannot
     * read instead of taking a fallback in silence (stored preferences).
     */
    storedText(key: string): string | undefined {
      return statements.get.get(key)?.value;
    },
    /**
     * A stored settings object read leniently (stored-settings.ts): each field that parses is
     * kept, each that does not takes its default and is named in `unreadable`, to be said where
     * the user sees it. Never writes: what was stored stays until the user saves.
     */
    read<S extends z.ZodType>(
      key: string,
      schema: S,
      defaults: z.output<S>,
    ): StoredSettingsRead<z.output<S>> {
      return readStoredSettingsText(statements.get.get(key)?.value, schema, defaults);
    },
    /** `read` with a reading of its own (a list of sealed secrets: readStoredSecretList). */
    readWith<T>(key: string, reading: StoredTextReading<T>): StoredSettingsRead<T> {
      return reading(statements.get.get(key)?.value);
    },
    /**
     * `read` for a value read on a hot path (each webhook reads the listener's settings): the
     * stored text is read every time, a few microseconds, and parsed only when it changed, so an
     * unchanged value is the same object each time. A value cached once per process missed
     * another console's save on the same data directory: its listener kept answering 200 after
     * the user set 503 in the other window.
     */
    lenientReader<S extends z.ZodType>(
      key: string,
      schema: S,
      defaults: z.output<S>,
    ): () => StoredSettingsRead<z.output<S>> {
      return lenientReaderWith(key, (text) => readStoredSettingsText(text, schema, defaults));
    },
    /** `lenientReader` with a reading of its own. */
    lenientReaderWith,
    set(key: string, value: unknown): void {
      statements.set.run(key, JSON.stringify(value));
    },
    /**
     * The value `change` makes of the text stored now (undefined when absent; the caller reads it
     * with its lenient reader), read and written in one write transaction (open-store.ts runs it
     * through the writer): another console's save on the same data directory cannot come between
     * the read and the write and be lost.
     */
    update<T>(key: string, change: (storedText: string | undefined) => T): T {
      const next = change(statements.get.get(key)?.value);
      statements.set.run(key, JSON.stringify(next));
      return next;
    },
    remove(key: string): void {
      statements.remove.run(key);
    },
  };
}
