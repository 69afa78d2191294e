import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryRecord } from '../../src/main/cli/commands/history-json';
import type { NewEvent } from '../../src/main/store/events-repository';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

const ORDER_A = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ORDER_B = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJpYXQiOjF9.c2ln';
const body = (value: unknown) => Buffer.from(JSON.stringify(value));

let dataDir = '';
let dispose: () => Promise<void> = async () => undefined;
let ids: number[] = [];
let localId = 0;
let sandboxId = 0;
const cli = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, 'history', ...argv]);
const json = async (...argv: string[]): Promise<HistoryRecord[]> => {
  const run = await cli('--json', ...argv);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as HistoryRecord[];
};
const idsOf = (records: HistoryRecord[]) => records.map((record) => record.id);
/** Seeded ids by position (0 = the oldest). */
const at = (index: number) => ids[index] ?? -1;

beforeAll(async () => {
  const opened = await openTempConsole();
  dataDir = opened.dataDir;
  dispose = opened.dispose;
  const { core } = opened;
  localId = core.profiles.findByName('Local')?.id ?? 0;
  sandboxId = core.profiles.findByName('Sandbox')?.id ?? 0;
  const events: NewEvent[] = [
    {
      kind: 'request',
      profileId: sandboxId,
      profileName: 'Sandbox',
      method: 'POST',
      url: 'https://api-sandbox.example.com/checkout',
      path: '/checkout',
      status: 200,
      durationMs: 12.5,
      orderId: ORDER_A,
      orderReferenceId: 'REF-1001',
      requestBody: body({ order_reference_id: 'REF-1001', description: 'Blue kettle' }),
      atMs: Date.parse('2026-01-15T10:00:00Z'),
    },
    {
      kind: 'webhook',
      profileId: localId,
      profileName: 'Local',
      method: 'POST',
      url: `http://127.0.0.1:4455/hooks?serviceToken=${JWT}`,
      path: '/hooks',
      query: `serviceToken=${JWT}`,
      status: 200,
      orderId: ORDER_A,
      eventType: 'order_approved',
      tokenVerdict: 'valid',
      bodyVerdict: 'event',
      requestBody: body({ order_id: ORDER_A, event_type: 'order_approved', data: [] }),
      atMs: Date.parse('2026-01-15T10:01:00Z'),
    },
    {
      kind: 'webhook',
      profileId: localId,
      profileName: 'Local',
      method: 'POST',
      path: '/hooks',
      status: 401,
      orderId: ORDER_B,
      eventType: 'order_captured',
      tokenVerdict: 'expired',
      bodyVerdict: 'event',
      requestBody: body({ order_id: ORDER_B, event_type: 'order_captured', note: 'Crème brûlée' }),
      atMs: Date.parse('2026-01-15T10:02:00Z'),
    },
    {
      kind: 'delivery',
      profileId: localId,
      profileName: 'Local',
      method: 'POST',
      url: 'http://127.0.0.1:4455/',
      orderId: ORDER_B,
      eventType: 'order_captured',
      error: 'connection refused',
      atMs: Date.parse('2026-01-15T10:03:00Z'),
    },
    {
      kind: 'webhook',
      method: 'POST',
      path: '/',
      bodyVerdict: 'invalid_json',
      tokenVerdict: 'missing',
      details: { body: { verdict: 'invalid_json', findings: [{ severity: 'error', message: 'not JSON' }] } },
      status: 503,
      requestBody: Buffer.from([0xff, 0x00, 0x41]),
      atMs: Date.parse('2026-01-15T10:04:00Z'),
    },
    {
      kind: 'webhook',
      method: 'POST',
      path: '/big',
      bodyVerdict: 'too_large',
      tokenVerdict: 'missing',
      status: 413,
      requestBody: Buffer.from('{"a":'),
      requestSize: 2_000_000,
      requestTruncated: true,
      atMs: Date.parse('2026-01-15T10:05:00Z'),
    },
    {
      kind: 'replay',
      relatedId: 2,
      status: 200,
      method: 'POST',
      path: '/hooks',
      atMs: Date.parse('2026-01-15T10:06:00Z'),
    },
    {
      kind: 'forward',
      relatedId: 2,
      status: 502,
      method: 'POST',
      path: '/fwd',
      atMs: Date.parse('2026-01-15T10:07:00Z'),
    },
  ];
  ids = core.recorder.recordMany(events).map((summary) => summary.id);
  await core.close();
});
afterAll(async () => {
  await dispose().catch(() => undefined);
});

describe('history --json', () => {
  it('lists every record newest first with the documented fields', async () => {
    const records = await json();
    expect(idsOf(records)).toEqual([...ids].reverse());
    const webhook = records.find((record) => record.id === at(1));
    expect(webhook).toEqual({
      id: at(1),
      uid: expect.any(String),
      kind: 'webhook',
      at: '2026-01-15T10:01:00.000Z',
      profile: 'Local',
      method: 'POST',
      url: 'http://127.0.0.1:4455/hooks?serviceToken=REDACTED',
      path: '/hooks',
      status: 200,
      status_word: '200',
      duration_ms: null,
      order_id: ORDER_A,
      order_reference_id: null,
      event_type: 'order_approved',
      token_verdict: 'valid',
      body_verdict: 'event',
      error: null,
      related_id: null,
      imported: false,
      provenance: 'service',
      original_provenance: null,
      body: JSON.stringify({ order_id: ORDER_A, event_type: 'order_approved', data: [] }),
      body_base64: null,
      body_size: 91,
      body_truncated: false,
      findings: null,
      first_named_order_id: null,
      scenario_run: null,
    });
    expect(JSON.stringify(records)).not.toContain(JWT);
  });

  // The table wrote "invalid_json · 1 finding" and the export held the finding in its details,
  // while history --json had no findings at all: the same record judged in two ways.
  it('carries the findings the table counts and the export holds', async () => {
    const [record] = await json('--verdict', 'invalid_json');
    expect(record?.findings).toEqual({ token: [], body: [{ severity: 'error', message: 'not JSON' }] });
    const exported = await runCliCaptured([
      '--data-dir',
      dataDir,
      'export',
      '--format',
      'ndjson',
      '--verdict',
      'invalid_json',
    ]);
    const [line] = exported.stdout.trim().split('\n');
    const { details } = JSON.parse(line ?? '{}') as { details: { body: { findings: unknown } } };
    expect(record?.findings?.body).toEqual(details.body.findings);
  });

  it('gives non-UTF-8 bodies as body_base64 with body null, no body as both null, truncation flagged', async () => {
    const records = await json();
    expect(records.find((record) => record.id === at(4))).toMatchObject({
      body: null,
      body_base64: Buffer.from([0xff, 0x00, 0x41]).toString('base64'),
      body_size: 3,
    });
    expect(records.find((record) => record.id === at(3))).toMatchObject({
      body: null,
      body_base64: null,
      body_size: null,
      status: null,
      error: 'connection refused',
    });
    expect(records.find((record) => record.id === at(5))).toMatchObject({
      body: '{"a":',
      body_size: 2_000_000,
      body_truncated: true,
    });
    expect(records.find((record) => record.id === at(2))?.body).toContain('Crème brûlée');
  });

  it.each([
    [
      ['--kind', 'webhook'],
      [5, 4, 2, 1],
    ],
    [
      ['--kind', 'replay,forward'],
      [7, 6],
    ],
    [
      ['--kind', 'replay', '--kind', 'request'],
      [6, 0],
    ],
    [
      ['--order', ORDER_B],
      [3, 2],
    ],
    [
      ['--event', 'order_captured'],
      [3, 2],
    ],
    [['--verdict', 'expired'], [2]],
    [
      ['--verdict', 'valid,expired'],
      [2, 1],
    ],
    [['--verdict', 'missing', '--verdict', 'too_large'], [5]],
    [
      ['--status', '4xx'],
      [5, 2],
    ],
    [
      ['--status', '200'],
      [6, 1, 0],
    ],
    [['--status', 'none'], [3]],
    [
      ['--status', '5xx,401'],
      [7, 4, 2],
    ],
    [['--search', 'kettle'], [0]],
    [['--search', 'brû'], [2]],
    [['--search', 'order_captured refused'], [3]],
    [
      ['--limit', '2'],
      [7, 6],
    ],
    [['--kind', 'webhook', '--status', '2xx', '--verdict', 'event'], [1]],
  ])('filters with %j', async (flags, positions) => {
    expect(idsOf(await json(...flags))).toEqual(positions.map(at));
  });

  it('filters by --profile name and exits 1 naming the known profiles for an unknown one', async () => {
    expect(idsOf(await json('--profile', 'Sandbox'))).toEqual([at(0)]);
    expect(idsOf(await json('--profile', 'Local'))).toEqual([3, 2, 1].map(at));
    const unknown = await cli('--profile', 'Nope');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No profile named "Nope". Known profiles: Local, Sandbox, Live.');
  });

  it('prints [] when nothing matches', async () => {
    expect(await json('--order', 'no-such-order')).toEqual([]);
  });
});

describe('history (table)', () => {
  // It said "newest first" and listed an import of records dated 12:00–12:05 above webhooks of
  // 12:30, and 4135 (…08.335Z) above 4134 (…08.336Z): the order is the order of storing, as the
  // Timeline pages (ordering every match by time costs a sort of all of them), and it says so.
  it('says its order is the order of storing, not of time', async () => {
    // As a person reads it, whatever the width it is wrapped at.
    const help = (await cli('--help')).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('the last stored first');
    expect(help).not.toContain('newest first');
  });

  it('prints a readable table, newest first', async () => {
    const run = await cli('--limit', '3');
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^ID\s+AT\s+KIND\s+WHOSE\s+METHOD\s+PATH\s+STATUS\s+TOKEN\s+BODY\s+EVENT\s+ORDER$/,
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${at(7)}\\s+2026-01-15T10:07:00.000Z\\s+forward\\s+console: forward\\s+POST\\s+/fwd\\s+502`,
      ),
    );
    expect(lines[3]).toMatch(/413\s+missing\s+too_large/);
  });

  // The window and listen write a body verdict with its findings ("empty · 1 finding"); the
  // table wrote the word alone, so the same record read as calmer here.
  it('writes a body verdict with its findings, as the window and listen do', async () => {
    const run = await cli('--verdict', 'invalid_json');
    expect(run.stdout).toMatch(/503\s+missing\s+invalid_json · 1 finding\s/);
  });

  it('shows failed for an exchange with no answer, and says when nothing matches', async () => {
    const delivery = await cli('--kind', 'delivery');
    expect(delivery.stdout).toMatch(
      /delivery\s+service\s+POST\s+-\s+failed\s+-\s+-\s+order_captured\s+7c9e6679/,
    );
    const none = await cli('--search', 'zzzznothing');
    expect(none).toMatchObject({ code: 0, stdout: 'No matching records.\n' });
  });

  it('says how many each filter alone matches when together they match nothing', async () => {
    const run = await cli('--kind', 'delivery', '--verdict', 'expired');
    expect(run).toMatchObject({
      code: 0,
      stdout:
        'No matching records: the filters match none together. Alone, --kind delivery matches 1, --verdict expired matches 1.\n',
    });
  });

  it('refuses a search with no word it can match, rather than saying nothing matches', async () => {
    const emoji = await cli('--search', '🎉');
    expect(emoji.code).toBe(2);
    expect(emoji.stdout).toBe('');
    expect(emoji.stderr).toContain(
      '--search: Nothing to search for: "🎉" has no letter or digit, and the search matches words of letters and digits only',
    );
  });

  it('says on standard error which words it left out, and searches the rest', async () => {
    const run = await cli('--search', 'brûlée 🎉 *');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/order_captured/);
    expect(run.stderr).toBe(
      'Not searched: "🎉", "*" (no letter or digit; the search matches words of letters and digits only).\n',
    );
  });
});

describe('history flags', () => {
  it.each([
    [
      ['--kind', 'webhooks'],
      '--kind: unknown kind "webhooks"; use webhook, request, replay, forward, delivery',
    ],
    [['--verdict', 'fine'], '--verdict: unknown verdict "fine"; token verdicts: valid'],
    [['--status', '99'], '--status: "99" is not a status'],
    [['--status', '6xx'], '--status: "6xx" is not a status'],
    [['--limit', '0'], '--limit: must be at least 1 (not "0")'],
    [['--limit', 'ten'], '--limit: must be a whole number (not "ten")'],
    [['--limit', '100001'], '--limit: must be at most 100000 (not "100001")'],
    // The filter's own limits are the contract's (the timeline filter schema), named as the flag.
    [['--order', '  '], '--order: Enter an order id'],
    [['--order', 'o'.repeat(201)], '--order: must be at most 200 characters long'],
    [['--event', '  '], '--event: Enter an event type'],
    [['--search', 'x'.repeat(501)], '--search: The search text is at most 500 characters'],
    [['--bogus'], "unknown option '--bogus'"],
    [['--kind'], "option '--kind <kind>' argument missing"],
    // An empty value meant "no filter" (export --kind= exported everything), where --order= was
    // refused: each is refused, naming the flag.
    [['--kind='], '--kind: must not be empty'],
    [['--kind', ' , '], '--kind: must not be empty'],
    [['--kind', 'webhook', '--kind='], '--kind: must not be empty'],
    [['--status='], '--status: must not be empty'],
    [['--verdict='], '--verdict: must not be empty'],
    [['--search='], '--search: must not be empty'],
    [['--search', '  '], '--search: must not be empty'],
    // Number() reads hex, exponents and Infinity: --limit 0x3 printed 3 rows, --limit 2e0 two.
    [['--limit', '0x3'], '--limit: must be a whole number, written in decimal digits (not "0x3")'],
    [['--limit', '2e0'], '--limit: must be a whole number, written in decimal digits (not "2e0")'],
    [['--limit', '0b11'], '--limit: must be a whole number, written in decimal digits (not "0b11")'],
    [['--limit', 'Infinity'], '--limit: must be a whole number, written in decimal digits (not "Infinity")'],
    [['--limit', '2.5'], '--limit: must be a whole number (not "2.5")'],
    // A flag that takes one value kept the last one given, where the Timeline's link kept the
    // first: the same filter listed different records. Given twice, it is refused.
    [
      ['--event', 'order_approved', '--event', 'order_captured'],
      '--event: given twice ("order_approved", "order_captured"); it takes one value',
    ],
    [['--order', 'A', '--order', 'B'], '--order: given twice ("A", "B"); it takes one value'],
    [
      ['--search', 'kettle', '--search', 'toaster'],
      '--search: given twice ("kettle", "toaster"); it takes one value',
    ],
    [
      ['--profile', 'Local', '--profile', 'Sandbox', '--profile', 'Local'],
      '--profile: given 3 times ("Local", "Sandbox", "Local"); it takes one value',
    ],
  ])('%j exits 2 naming the flag', async (flags, message) => {
    const run = await cli(...flags);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe('');
  });

  it('export refuses an empty filter value too, and exports nothing', async () => {
    for (const flag of ['--kind=', '--status=', '--verdict=']) {
      const run = await runCliCaptured(['--data-dir', dataDir, 'export', '--format', 'ndjson', flag]);
      expect(run, flag).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr).toContain(`${flag.slice(0, -1)}: must not be empty`);
    }
  });

  it('export refuses a one-value filter flag given twice, and exports nothing', async () => {
    const run = await runCliCaptured([
      '--data-dir',
      dataDir,
      'export',
      '--format',
      'ndjson',
      '--event',
      'order_approved',
      '--event',
      'order_captured',
    ]);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toContain(
      '--event: given twice ("order_approved", "order_captured"); it takes one value',
    );
  });

  it('a limit in plain digits, a comma list with a stray comma, still read as before', async () => {
    const limited = await cli('--limit', ' 1 ', '--json');
    expect(limited.code, limited.stderr).toBe(0);
    expect(JSON.parse(limited.stdout)).toHaveLength(1);
    const listed = await cli('--kind', 'webhook,', '--json');
    expect(listed.code, listed.stderr).toBe(0);
  });
});
