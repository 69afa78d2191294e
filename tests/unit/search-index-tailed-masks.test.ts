import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/store/connection';
import { eventsBefore038 } from './helpers/events-before-038';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { createSearchIndex } from '../../src/main/store/search-index';
import { createStoreWriter } from '../../src/main/store/store-writer';
import { json, startFakeService } from './helpers/fake-service';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// A service answer that echoes the request's Authorization is stored with the profile's API
// token masked as a screen shows it, `Bearer ••••5551` (merchant-api/scrub-answer.ts). The text
// index held the mask's tail as a word: `history --search 5551` found exactly the record sent
// with the token ending so, though docs/security.md says a search for any part of a secret finds
// nothing. The index now holds such a mask of every known secret as REDACTED, and migration 026
// indexes again the records indexed before.

// Tails of letters and digits: a tail of digits alone (5551, 3331) was also the start of the fake
// service's port now and then (33317 is a word of its echoed Host header), so '333' found both.
const SANDBOX_TOKEN = 'SBXAPITOKENqweK5Z1';
const LIVE_TOKEN = 'LIVEAPITOKENzzQ3W1';

/** Ids whose indexed words start with `prefix` (what a prefix search matches). */
const prefixIds = (db: Database.Database, prefix: string) =>
  db
    .prepare<[string], { rowid: number }>(
      'SELECT rowid FROM events_fts WHERE events_fts MATCH ? ORDER BY rowid',
    )
    .all(`"${prefix}"*`)
    .map((row) => row.rowid);

describe('an answer echoing the API token, stored masked', () => {
  const temp = makeTempDir('cc-tailed-masks-');
  const dataDir = join(temp.dir, 'data');
  let service: Awaited<ReturnType<typeof startFakeService>>;
  const cli = (...args: string[]) => runCliCaptured(['--data-dir', dataDir, ...args]);

  beforeAll(async () => {
    // A stand-in that echoes what it received, as debugging proxies and echo services do.
    service = await startFakeService((request, response) =>
      json(response, 201, {
        order_id: `o-${service.received.length}`,
        checkout_id: 'c-1',
        status: 'new',
        checkout_url: 'https://pay.example/?orderId=o-1',
        echo: { headers: request.headers, note: 'papaya' },
      }),
    );
    for (const [name, token] of [
      ['Sandbox', SANDBOX_TOKEN],
      ['Live', LIVE_TOKEN],
    ] as const)
      expect((await cli('profiles', 'set', name, '--base-url', service.url, '--api-token', token)).code).toBe(
        0,
      );
  });
  afterAll(async () => {
    await service.close();
    temp.remove();
  });

  it("no search for the token's last four characters finds the record sent with it", async () => {
    const file = join(temp.dir, 'payload.json');
    writeFileSync(file, '{"order_reference_id":"r1"}');
    // Both on the one fake service: Sandbox reaches Live's address, so it is confirmed too.
    expect((await cli('send', file, '--profile', 'Sandbox', '--yes-live')).code).toBe(0);
    expect((await cli('send', file, '--profile', 'Live', '--yes-live')).code).toBe(0);
    expect(service.received.map((request) => request.headers.authorization)).toEqual([
      `Bearer ${SANDBOX_TOKEN}`,
      `Bearer ${LIVE_TOKEN}`,
    ]);

    const found = async (text: string) => {
      const run = await cli('history', '--search', text, '--json');
      expect(run.code, run.stderr).toBe(0);
      return (JSON.parse(run.stdout) as { id: number }[]).map((record) => record.id);
    };
    const both = await found('papaya');
    expect(both).toHaveLength(2);
    // The screens still show the mask: the stored answer holds it, tail and all.
    const db = openDatabase(join(dataDir, 'console.sqlite'));
    try {
      const answers = db
        .prepare<[], { body: string }>('SELECT CAST(response_body AS TEXT) AS body FROM events ORDER BY id')
        .all()
        .map((row) => row.body);
      expect(answers[0]).toContain('"Bearer ••••K5Z1"');
      expect(answers[1]).toContain('"Bearer ••••Q3W1"');
    } finally {
      db.close();
    }
    for (const probe of ['K5Z1', 'K5Z', 'Q3W1', 'Q3W']) expect(await found(probe), probe).toEqual([]);
  });
});

describe('migration 026', () => {
  it('indexes again the records indexed before it that hold a mask, and only those', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.id <= 25),
    );
    const writer = createStoreWriter(db);
    const ids = writer.writeNow(() => {
      const repository = eventsBefore038(db);
      const record = (answer: string) =>
        repository.insert({
          kind: 'request',
          method: 'POST',
          url: 'http://127.0.0.1:5201/checkout',
          path: '/checkout',
          status: 201,
          requestBody: Buffer.from('{"note":"kettle"}'),
          responseBody: Buffer.from(answer),
        }).id;
      return [
        record('{"echo":"mango"}'),
        record(`{"echo":{"authorization":"Bearer ••••K5Z1"},"note":"papaya"}`),
      ];
    });
    // As the indexer before 026 wrote a mask: kept as written.
    db.prepare(
      `INSERT INTO events_fts (rowid, meta, location, body)
       SELECT id, uid, concat_ws(' ', url, path, query),
         concat_ws(' ', CAST(request_body AS TEXT), CAST(response_body AS TEXT)) FROM events`,
    ).run();
    db.prepare('UPDATE search_index_state SET indexed_through = ?').run(Math.max(...ids));
    expect(prefixIds(db, 'K5Z1')).toEqual([ids[1]]);
    // Up to 026 only: later migrations (027 and on) are not this test's.
    expect(
      migrate(
        db,
        migrations.filter((m) => m.id <= 26),
      ).applied,
    ).toEqual(['026-search-index-tailed-masks']);
    expect(
      db
        .prepare<[], { id: number }>('SELECT id FROM search_index_stale ORDER BY id')
        .all()
        .map((row) => row.id),
    ).toEqual([ids[1]]);
    const index = createSearchIndex(db, writer);
    index.hideSecrets(() => [SANDBOX_TOKEN]);
    index.catchUp();
    expect(prefixIds(db, 'K5Z1')).toEqual([]);
    expect(prefixIds(db, 'papaya')).toEqual([ids[1]]);
    expect(prefixIds(db, 'mango')).toEqual([ids[0]]);
    db.close();
  });
});
