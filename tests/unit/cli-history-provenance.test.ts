import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '../../src/main/store/events-repository';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

/**
 * `history`'s table says whose doing each record is. Without it an imported webhook (or the
 * listener's record of a re-signed replay) read "webhook … valid event order_captured", the
 * same line as the service's own notification: a file could pass for the service's evidence.
 */
const ORDER = '0f8fad5b-d9cb-469f-a165-70867728950e';
const body = (value: unknown) => Buffer.from(JSON.stringify(value));
const webhook = (atMs: number, extra: Partial<NewEvent>): NewEvent => ({
  kind: 'webhook',
  method: 'POST',
  path: '/',
  status: 200,
  orderId: ORDER,
  eventType: 'order_captured',
  tokenVerdict: 'valid',
  bodyVerdict: 'event',
  requestBody: body({ order_id: ORDER, event_type: 'order_captured' }),
  atMs,
  ...extra,
});

let dataDir = '';
let dispose: () => Promise<void> = async () => undefined;
let ids: number[] = [];

beforeAll(async () => {
  const opened = await openTempConsole();
  dataDir = opened.dataDir;
  dispose = opened.dispose;
  ids = opened.core.recorder
    .recordMany([
      webhook(Date.parse('2026-01-15T10:00:00Z'), {}),
      webhook(Date.parse('2026-01-15T10:01:00Z'), { imported: true }),
      webhook(Date.parse('2026-01-15T10:02:00Z'), { provenance: 'crafted' }),
      webhook(Date.parse('2026-01-15T10:03:00Z'), { provenance: 'forward' }),
      // Anyone can post to the listener: no token, or one that did not verify, is no evidence.
      webhook(Date.parse('2026-01-15T10:04:00Z'), { tokenVerdict: 'missing' }),
      webhook(Date.parse('2026-01-15T10:05:00Z'), { tokenVerdict: 'invalid_signature' }),
      // The two records of one exact replay (the send and the listener's record of it), and of a crafted one.
      webhook(Date.parse('2026-01-15T10:06:00Z'), { kind: 'replay', provenance: 'replay' }),
      webhook(Date.parse('2026-01-15T10:06:01Z'), { provenance: 'replay' }),
      webhook(Date.parse('2026-01-15T10:07:00Z'), { kind: 'replay', provenance: 'crafted' }),
      webhook(Date.parse('2026-01-15T10:07:01Z'), { provenance: 'crafted' }),
    ])
    .map((summary) => summary.id);
  await opened.core.close();
});
afterAll(async () => {
  await dispose().catch(() => undefined);
});

describe('history (table): whose doing', () => {
  it('marks every record that is not the service’s own, as `orders show` does', async () => {
    const run = await runCliCaptured(['--data-dir', dataDir, 'history']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^ID\s+AT\s+KIND\s+WHOSE\s+METHOD\s+PATH\s+STATUS\s+TOKEN\s+BODY\s+EVENT\s+ORDER$/,
    );
    const row = (id: number | undefined) => lines.find((line) => line.startsWith(`${id} `)) ?? '';
    expect(row(ids[0])).toMatch(/\swebhook\s+service\s+POST\s/);
    expect(row(ids[1])).toMatch(/\swebhook\s+console: import\s+POST\s/);
    expect(row(ids[2])).toMatch(/\swebhook\s+console: crafted\s+POST\s/);
    expect(row(ids[3])).toMatch(/\swebhook\s+console: forward\s+POST\s/);
  });

  // `replay 3` then `history` read "6 replay console" and "7 webhook console: replay" for the two
  // records of one replay, while a crafted one read "console: crafted" on both.
  it('gives both records of a replay one word, exact or crafted', async () => {
    const run = await runCliCaptured(['--data-dir', dataDir, 'history']);
    const lines = run.stdout.trimEnd().split('\n');
    const row = (id: number | undefined) => lines.find((line) => line.startsWith(`${id} `)) ?? '';
    expect(row(ids[6])).toMatch(/\sreplay\s+console: replay\s+POST\s/);
    expect(row(ids[7])).toMatch(/\swebhook\s+console: replay\s+POST\s/);
    expect(row(ids[8])).toMatch(/\sreplay\s+console: crafted\s+POST\s/);
    expect(row(ids[9])).toMatch(/\swebhook\s+console: crafted\s+POST\s/);
  });

  it('says `unverified`, never `service`, of a webhook whose token did not verify; --json keeps its provenance', async () => {
    const run = await runCliCaptured(['--data-dir', dataDir, 'history']);
    const lines = run.stdout.trimEnd().split('\n');
    const row = (id: number | undefined) => lines.find((line) => line.startsWith(`${id} `)) ?? '';
    expect(row(ids[4])).toMatch(/\swebhook\s+unverified\s+POST\s+\/\s+200\s+missing\s/);
    expect(row(ids[5])).toMatch(/\swebhook\s+unverified\s+POST\s+\/\s+200\s+invalid_signature\s/);
    const json = await runCliCaptured(['--data-dir', dataDir, 'history', '--json']);
    const records = JSON.parse(json.stdout) as { id: number; provenance: string }[];
    expect(records.find((record) => record.id === ids[4])?.provenance).toBe('service');
  });
});
