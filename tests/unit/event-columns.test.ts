import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { EVENT_COLUMNS } from '../../src/main/store/event-columns';
import { INSERT_EVENT_SQL, summaryColumns } from '../../src/main/store/event-column-sql';
import { toHistoryRecord } from '../../src/main/store/event-history-record';
import { createEventsRepository } from '../../src/main/store/events-repository';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';

const STORAGE_OF_TYPE: Record<string, string> = {
  INTEGER: 'integer',
  REAL: 'real',
  TEXT: 'text',
  BLOB: 'blob',
};

function migrated() {
  const db = new Database(':memory:');
  migrate(db, migrations);
  return db;
}

describe('the events columns, declared once (store/event-columns.ts)', () => {
  it('are exactly the columns the migrations create, with their types and NOT NULLs', () => {
    const db = migrated();
    const table = db
      .prepare<[], { name: string; type: string; notnull: number }>('PRAGMA table_info(events)')
      .all()
      .filter((column) => column.name !== 'id');
    const declared = Object.entries(EVENT_COLUMNS).map(([name, spec]) => ({
      name,
      storage: spec.storage === 'flag' ? 'integer' : spec.storage,
      nullable: spec.nullable,
    }));
    expect(
      table.map((column) => ({
        name: column.name,
        storage: STORAGE_OF_TYPE[column.type.toUpperCase()] ?? column.type,
        nullable: column.notnull === 0,
      })),
    ).toEqual(declared);
  });

  it('derive the insert, the summary select and the updates: what is written reads back the same', () => {
    const db = migrated();
    expect(INSERT_EVENT_SQL).toContain('body_findings');
    expect(summaryColumns('e.')).toMatch(/^e\.id, e\.uid, /);
    const events = createEventsRepository(db);
    const written = events.insert({
      kind: 'webhook',
      atMs: 1_000,
      url: 'http://127.0.0.1/hook?serviceToken=abc',
      requestBody: Buffer.from([0xff, 0x00]),
      details: { body: { findings: [{}, {}] } },
    });
    expect(events.getSummary(written.id)).toEqual(written);
    // A record without a uid of its own gets a time-ordered one (event-uid.test.ts).
    expect(written.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    events.update(written.id, { status: 200, details: { body: { findings: [{}] } }, responseHeaders: null });
    const row = events.getRow(written.id);
    expect(row).toMatchObject({ status: 200, body_findings: 1, response_headers: null, request_size: 2 });
    if (row === undefined) throw new Error('no row');
    expect(toHistoryRecord(row)).toEqual({
      id: written.id,
      uid: written.uid,
      kind: 'webhook',
      at: new Date(1_000).toISOString(),
      profile: null,
      method: null,
      url: 'http://127.0.0.1/hook?serviceToken=REDACTED',
      path: null,
      status: 200,
      duration_ms: null,
      order_id: null,
      order_reference_id: null,
      event_type: null,
      token_verdict: null,
      body_verdict: null,
      error: null,
      related_id: null,
      imported: false,
      provenance: 'service',
      original_provenance: null,
      body: null,
      body_base64: '/wA=',
      body_size: 2,
      body_truncated: false,
    });
  });
});
