import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { eventsBefore038 } from './helpers/events-before-038';
import { createSearchIndex } from '../../src/main/store/search-index';
import { createStoreWriter } from '../../src/main/store/store-writer';
import type { EventPageResult } from '../../src/shared/contract/timeline';
import type { TimelineDetail } from '../../src/shared/events';
import { maskCutEnd, maskWith, redactWith } from '../../src/shared/secrets/redact-secrets';
import { setEverySecret } from './helpers/profile-secrets';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

// A body over the listener's limit is kept to its first 64 KiB. When that cut fell inside a
// profile secret echoed in the body, the body ended with the secret's first characters (25 of
// the API token's 28), which no search for the whole secret finds: the detail, `curl`, every
// export and `history --search` showed or found them.

const API_TOKEN = 'sk_test_APITOKENabcdef123456';
const CUT_AT = 25;
/** What the listener keeps of such a body: the filler, then the token's first characters. */
const KEPT = `${'x'.repeat(300)} kettle ${API_TOKEN.slice(0, CUT_AT)}`;
const PREFIX = API_TOKEN.slice(0, CUT_AT);

let core: ConsoleCore;
let dataDir = '';
let dispose: () => Promise<void> = async () => undefined;

beforeEach(async () => {
  ({ core, dataDir, dispose } = await openTempConsole());
});
afterEach(async () => {
  await dispose();
});

const cli = (...args: string[]) => runCliCaptured(['--data-dir', dataDir, ...args]);

const setToken = () =>
  setEverySecret(core, 'Local', {
    apiToken: API_TOKEN,
    notificationToken: 'notify-CUTBODY-7777',
    headerValue: 'hdr-CUTBODY-4321',
  });

const storeCutBody = (body: Buffer = Buffer.from(KEPT)): number =>
  core.recorder.record({
    kind: 'webhook',
    method: 'POST',
    url: 'http://127.0.0.1:4455/hook',
    path: '/hook',
    status: 413,
    requestBody: body,
    requestTruncated: true,
    requestSize: 1_200_000,
  }).id;

async function windowFinds(text: string): Promise<number[]> {
  const page = await core.dispatcher('listEvents', { filter: { text }, limit: 100 }, { transport: 'ipc' });
  if (!page.ok) throw new Error(page.error.message);
  return (page.data as EventPageResult).items.map((item) => item.id);
}

describe('a body cut short inside a profile secret', () => {
  it('shows none of it in the detail, curl or an export (tokens kept too), and no search finds it', async () => {
    setToken();
    const id = storeCutBody();
    const detail = await core.dispatcher('getEvent', { id }, { transport: 'websocket' });
    if (!detail.ok) throw new Error(detail.error.message);
    const text = (detail.data as TimelineDetail).requestBody?.text ?? '';
    expect(text).not.toContain('APITOKEN');
    expect(text).toBe(`${'x'.repeat(300)} kettle ••••`);
    for (const flags of [[], ['--with-token']]) {
      const run = await cli('curl', String(id), ...flags);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout, flags.join(' ')).not.toContain('APITOKEN');
      expect(run.stdout, flags.join(' ')).toContain('kettle REDACTED');
    }
    for (const format of ['json', 'ndjson', 'har'])
      for (const flags of [[], ['--include-tokens']]) {
        const exported = await cli('export', '--format', format, ...flags);
        expect(exported.code, exported.stderr).toBe(0);
        expect(exported.stdout, `${format} ${flags.join(' ')}`).not.toContain('APITOKEN');
      }
    const history = await cli('history', '--json');
    expect(history.stdout).not.toContain('APITOKEN');
    for (const probe of ['sk_test_APITOK', 'APITOKENabcdef12', PREFIX])
      expect(await windowFinds(probe), probe).toEqual([]);
    expect(await windowFinds('kettle')).toEqual([id]);
  });

  it('a body that was not cut keeps a text that merely starts like a secret', async () => {
    setToken();
    const { id } = core.recorder.record({
      kind: 'webhook',
      method: 'POST',
      url: 'http://127.0.0.1:4455/hook',
      path: '/hook',
      status: 200,
      requestBody: Buffer.from(`note ${PREFIX}`),
    });
    const detail = await core.dispatcher('getEvent', { id }, { transport: 'websocket' });
    if (!detail.ok) throw new Error(detail.error.message);
    expect((detail.data as TimelineDetail).requestBody?.text).toBe(`note ${PREFIX}`);
  });

  it('bytes that are not UTF-8 (base64) are masked the same way', async () => {
    setToken();
    const id = storeCutBody(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(` ${PREFIX}`)]));
    const detail = await core.dispatcher('getEvent', { id }, { transport: 'websocket' });
    if (!detail.ok) throw new Error(detail.error.message);
    const base64 = (detail.data as TimelineDetail).requestBody?.base64 ?? '';
    expect(Buffer.from(base64, 'base64').toString('latin1')).not.toContain('APITOKEN');
    expect(Buffer.from(base64, 'base64').subarray(3).toString('utf8')).toBe('••••');
  });

  it('a token set after the record was indexed: the record is indexed again without its start', async () => {
    const id = storeCutBody();
    expect(await windowFinds(PREFIX)).toEqual([id]);
    setToken();
    expect(await windowFinds(PREFIX)).toEqual([]);
    expect(await windowFinds('kettle')).toEqual([id]);
  });
});

describe('migration 024', () => {
  it('indexes again the records indexed before it that were cut or may hold a URL’s credentials, and only those', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.id <= 23),
    );
    const writer = createStoreWriter(db);
    const ids = writer.writeNow(() => {
      const repository = eventsBefore038(db);
      const base = { kind: 'webhook' as const, method: 'POST', url: 'http://127.0.0.1:4455/', path: '/' };
      return [
        repository.insert({ ...base, requestBody: Buffer.from('whole body') }).id,
        repository.insert({ ...base, requestBody: Buffer.from(KEPT), requestTruncated: true }).id,
        repository.insert({ ...base, requestBody: Buffer.from('{"n":"http://m:pw@shop/x"}') }).id,
        repository.insert({ ...base, responseBody: Buffer.from('{"n":"/x?ServiceToken=abc"}') }).id,
        repository.insert({ ...base, requestBody: Buffer.from('{"email":"a@b.example"}') }).id,
      ];
    });
    db.prepare('UPDATE search_index_state SET indexed_through = ?').run(Math.max(...ids));
    expect(
      migrate(
        db,
        migrations.filter((m) => m.id <= 24),
      ).applied,
    ).toEqual(['024-search-index-cut-secrets-and-url-credentials']);
    expect(
      db
        .prepare<[], { id: number }>('SELECT id FROM search_index_stale ORDER BY id')
        .all()
        .map((row) => row.id),
    ).toEqual([ids[1], ids[2], ids[3]]);
    createSearchIndex(db, writer).catchUp();
    db.close();
  });
});

describe('maskCutEnd', () => {
  it('replaces a secret’s start of four characters or more at the end, keeping nothing of it', () => {
    expect(maskCutEnd('abc sk_t', [API_TOKEN], maskWith)).toBe('abc ••••');
    expect(maskCutEnd('abc sk_t', [API_TOKEN], redactWith)).toBe('abc REDACTED');
    expect(maskCutEnd(`abc ${PREFIX}`, [API_TOKEN], maskWith)).toBe('abc ••••');
    // Three characters say nothing of a secret; a whole secret is the other masks' to replace.
    expect(maskCutEnd('abc sk_', [API_TOKEN], maskWith)).toBe('abc sk_');
    expect(maskCutEnd(`abc ${API_TOKEN}`, [API_TOKEN], maskWith)).toBe(`abc ${API_TOKEN}`);
    expect(maskCutEnd('abc', [API_TOKEN], maskWith)).toBe('abc');
  });

  it('takes the longest start among several secrets', () => {
    expect(maskCutEnd('x sk_test_AP', ['sk_test_OTHER1234', API_TOKEN], redactWith)).toBe('x REDACTED');
    expect(maskCutEnd('x sk_test_O', ['sk_test_OTHER1234', API_TOKEN], redactWith)).toBe('x REDACTED');
  });
});
