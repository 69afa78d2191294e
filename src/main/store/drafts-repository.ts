import { checkoutFormSchema, type Draft, type DraftSummary } from '../../shared/drafts';
import type { SqliteDatabase } from './connection';

interface DraftRow {
  id: number;
  name: string;
  form: string;
  single_checkout: number;
  text: string;
  size: number;
  created_at: string;
  updated_at: string;
}

export interface DraftWrite {
  name: string;
  form: Draft['form'];
  singleCheckout: boolean;
  text: string;
}

function toSummary(row: Omit<DraftRow, 'text'>): DraftSummary {
  return {
    id: row.id,
    name: row.name,
    form: checkoutFormSchema.parse(row.form),
    singleCheckout: row.single_checkout === 1,
    size: row.size,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export type DraftsRepository = ReturnType<typeof createDraftsRepository>;

/** The drafts table: named builder documents, newest change first. */
export function createDraftsRepository(db: SqliteDatabase) {
  const statements = {
    list: db.prepare<[], Omit<DraftRow, 'text'>>(
      `SELECT id, name, form, single_checkout, length(text) AS size, created_at, updated_at
       FROM drafts ORDER BY updated_at DESC, id DESC`,
    ),
    get: db.prepare<[number], DraftRow>('SELECT *, length(text) AS size FROM drafts WHERE id = ?'),
    byName: db.prepare<[string], { id: number }>('SELECT id FROM drafts WHERE name = ?'),
    insert: db.prepare(
      `INSERT INTO drafts (name, form, single_checkout, text, created_at, updated_at)
       VALUES (@name, @form, @single_checkout, @text, @now, @now)`,
    ),
    // One statement checks and writes, so no other process's save slips in between.
    update: db.prepare(
      `UPDATE drafts SET name = @name, form = @form, single_checkout = @single_checkout, text = @text,
       updated_at = @now WHERE id = @id AND (@expected IS NULL OR updated_at = @expected)`,
    ),
    rename: db.prepare<{ id: number; name: string; now: string }>(
      'UPDATE drafts SET name = @name, updated_at = @now WHERE id = @id',
    ),
    remove: db.prepare<[number]>('DELETE FROM drafts WHERE id = ?'),
  };
  const params = (write: DraftWrite, now: string) => ({
    name: write.name,
    form: write.form,
    single_checkout: write.singleCheckout ? 1 : 0,
    text: write.text,
    now,
  });

  return {
    list(): DraftSummary[] {
      return statements.list.all().map(toSummary);
    },
    get(id: number): Draft | undefined {
      const row = statements.get.get(id);
      return row === undefined ? undefined : { ...toSummary(row), text: row.text };
    },
    /** The id of the draft with this name (names compare without case), if any. */
    idByName(name: string): number | undefined {
      return statements.byName.get(name)?.id;
    },
    insert(write: DraftWrite, now = new Date().toISOString()): number {
      return Number(statements.insert.run(params(write, now)).lastInsertRowid);
    },
    /**
     * Overwrites the draft; with `expectedUpdatedAt`, only while it is still the one stored.
     * False when nothing was written (gone, or saved elsewhere since).
     */
    update(id: number, write: DraftWrite, expectedUpdatedAt: string | null = null): boolean {
      const now = new Date().toISOString();
      return statements.update.run({ ...params(write, now), id, expected: expectedUpdatedAt }).changes > 0;
    },
    rename(id: number, name: string, now = new Date().toISOString()): void {
      statements.rename.run({ id, name, now });
    },
    remove(id: number): boolean {
      return statements.remove.run(id).changes > 0;
    },
  };
}
