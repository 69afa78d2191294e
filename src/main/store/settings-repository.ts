import type { z } from 'zod';
import type { SqliteDatabase } from './connection';

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;

/** Small key → JSON values (active profile, preferences). Values are parsed on the way out. */
export function createSettingsRepository(db: SqliteDatabase) {
  const statements = {
    get: db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?'),
    set: db.prepare<[string, string]>(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ),
    remove: db.prepare<[string]>('DELETE FROM settings WHERE key = ?'),
  };

  return {
    /** The stored value, or `fallback` when absent or no longer valid for `schema`. */
    get<S extends z.ZodType>(key: string, schema: S, fallback: z.output<S>): z.output<S> {
      const row = statements.get.get(key);
      if (row === undefined) return fallback;
      let raw: unknown;
      try {
        raw = JSON.parse(row.value);
      } catch {
        return fallback;
      }
      const parsed = schema.safeParse(raw);
      return parsed.success ? parsed.data : fallback;
    },
    set(key: string, value: unknown): void {
      statements.set.run(key, JSON.stringify(value));
    },
    remove(key: string): void {
      statements.remove.run(key);
    },
  };
}
