import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import type { EventPageResult } from '../../src/shared/contract/timeline';
import type { NewEvent } from '../../src/main/store/new-event';
import { eventsBefore038 } from './helpers/events-before-038';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { createSearchIndex } from '../../src/main/store/search-index';
import { createStoreWriter } from '../../src/main/store/store-writer';
import { openTempConsole } from './helpers/temp-console';

// Every screen masks a secret by meaning as well as by the profiles' list (redact-secrets.ts): a
// JWT-shaped string anywhere, the credential a webhook arrived with (its Authorization header,
// its serviceToken, its cookies) wherever it is echoed. The text index replaced only the
// profiles' secrets, so a JWT echoed in a response body, masked even on Reveal, could be spelled
// out with prefix searches ("eyJzdWIiOiJv", a record found or not). The index now holds what
// the screens show, each of those REDACTED, and migration 022 indexes the older records again.

const JWT =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJvcmRlci0xIiwiZXhwIjo5OTk5OTk5OTk5fQ.c2lnbmF0dXJlc2lnbmF0dXJlc2ln';
/** Letters and digits only: one search word each, as a prefix search spells it. */
const QUERY_TOKEN = 'opaqueQueryTok3n998877';
const BEARER = 'bareBearerCred55443322';
const COOKIE = 'sessionCookieVal1122334';

/** Prefixes a window could try, one more character each time. */
const PROBES = [
  'eyJhbGciOiJI',
  'eyJzdWIiOiJv',
  'c2lnbmF0dXJl',
  'opaqueQueryTok',
  'bareBearerCr',
  'sessionCookieV',
];

const echoingRequest = (): NewEvent => ({
  kind: 'request',
  method: 'POST',
  url: 'http://127.0.0.1:4455/checkout',
  path: '/checkout',
  status: 200,
  requestBody: Buffer.from('{"note":"kettle descaled"}'),
  responseBody: Buffer.from(JSON.stringify({ session: 'papaya', token: JWT })),
  atMs: Date.now(),
});

const echoingWebhook = (): NewEvent => ({
  kind: 'webhook',
  method: 'POST',
  url: `http://127.0.0.1:4455/hooks?serviceToken=${QUERY_TOKEN}`,
  path: '/hooks',
  query: `serviceToken=${QUERY_TOKEN}`,
  requestHeaders: [
    ['Authorization', `Bearer ${BEARER}`],
    ['Cookie', `sid=${COOKIE}`],
  ],
  status: 200,
  requestBody: Buffer.from(JSON.stringify({ note: 'mango', echo: `${QUERY_TOKEN} ${BEARER} ${COOKIE}` })),
  responseBody: Buffer.from(JSON.stringify({ seen: JWT })),
  atMs: Date.now(),
});

describe('the text index holds what the screens show: secrets by meaning are REDACTED', () => {
  let core: ConsoleCore;
  let dispose: () => Promise<void> = async () => undefined;
  beforeEach(async () => {
    ({ core, dispose } = await openTempConsole());
  });
  afterEach(async () => {
    await dispose();
  });

  async function windowFinds(text: string): Promise<number[]> {
    const page = await core.dispatcher('listEvents', { filter: { text }, limit: 100 }, { transport: 'ipc' });
    if (!page.ok) throw new Error(page.error.message);
    return (page.data as EventPageResult).items.map((item) => item.id);
  }

  it('a JWT echoed in a body, a webhook credential echoed anywhere: no prefix finds them', async () => {
    const request = core.recorder.record(echoingRequest()).id;
    const webhook = core.recorder.record(echoingWebhook()).id;
    for (const probe of PROBES) expect(await windowFinds(probe), probe).toEqual([]);
    expect(await windowFinds('kettle')).toEqual([request]);
    expect(await windowFinds('papaya')).toEqual([request]);
    expect(await windowFinds('mango')).toEqual([webhook]);
    expect(await windowFinds('hooks')).toEqual([webhook]);
  });
});

/** Ids whose indexed words start with `prefix` (what a prefix search matches). */
const prefixIds = (db: Database.Database, prefix: string) =>
  db
    .prepare<[string], { rowid: number }>(
      'SELECT rowid FROM events_fts WHERE events_fts MATCH ? ORDER BY rowid',
    )
    .all(`"${prefix}"*`)
    .map((row) => row.rowid);

describe('migration 022', () => {
  it('indexes again the records indexed before it (secrets by meaning left in them)', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.id <= 21),
    );
    const writer = createStoreWriter(db);
    const ids = writer.writeNow(() => {
      const repository = eventsBefore038(db);
      return [repository.insert(echoingRequest()).id, repository.insert(echoingWebhook()).id];
    });
    // As the indexer before 022 wrote them: the profiles' secrets hidden (none here), the rest raw.
    db.prepare(
      `INSERT INTO events_fts (rowid, meta, location, body)
       SELECT id, uid, concat_ws(' ', url, path, query),
         concat_ws(' ', CAST(request_body AS TEXT), CAST(response_body AS TEXT)) FROM events`,
    ).run();
    db.prepare('UPDATE search_index_state SET indexed_through = ?').run(Math.max(...ids));
    expect(prefixIds(db, 'eyJzdWIiOiJv')).toEqual(ids);
    expect(
      migrate(
        db,
        migrations.filter((m) => m.id <= 22),
      ).applied,
    ).toEqual(['022-search-index-by-meaning']);
    createSearchIndex(db, writer).catchUp();
    for (const probe of PROBES) expect(prefixIds(db, probe), probe).toEqual([]);
    expect(prefixIds(db, 'kettle')).toEqual([ids[0]]);
    expect(prefixIds(db, 'mango')).toEqual([ids[1]]);
    db.close();
  });
});

describe('migration 023', () => {
  it('indexes again the records indexed before it that may spell a secret otherwise, and only those', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.id <= 22),
    );
    const writer = createStoreWriter(db);
    // The webhook's own serviceToken echoed JSON-escaped in its body ('Q' as \u0051).
    const spelled: NewEvent = {
      ...echoingWebhook(),
      requestBody: Buffer.from(`{"note":"mango","echo":"opaque\\u0051ueryTok3n998877"}`),
      responseBody: null,
    };
    const ids = writer.writeNow(() => {
      const repository = eventsBefore038(db);
      return [repository.insert(echoingRequest()).id, repository.insert(spelled).id];
    });
    // As the indexer before 023 wrote a spelled secret: kept as written.
    db.prepare(
      `INSERT INTO events_fts (rowid, meta, location, body)
       SELECT id, uid, concat_ws(' ', url, path, query),
         concat_ws(' ', CAST(request_body AS TEXT), CAST(response_body AS TEXT)) FROM events WHERE id = ?`,
    ).run(ids[1]);
    db.prepare('UPDATE search_index_state SET indexed_through = ?').run(Math.max(...ids));
    expect(prefixIds(db, 'u0051uerytok')).toEqual([ids[1]]);
    expect(
      migrate(
        db,
        migrations.filter((m) => m.id <= 23),
      ).applied,
    ).toEqual(['023-search-index-spelled-secrets']);
    expect(
      db
        .prepare<[], { id: number }>('SELECT id FROM search_index_stale ORDER BY id')
        .all()
        .map((row) => row.id),
    ).toEqual([ids[1]]);
    createSearchIndex(db, writer).catchUp();
    expect(prefixIds(db, 'u0051uerytok')).toEqual([]);
    expect(prefixIds(db, 'mango')).toEqual([ids[1]]);
    db.close();
  });
});
