import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '../../src/main/store/new-event';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

/**
 * A webhook whose stored header list is damaged (changed by hand or a bad copy) was replayed
 * with the pairs that could still be read, as if they were all it arrived with, and nothing said
 * so. The plan (the Replay view's, `replay`'s, the bridge's) now refuses it, naming the record
 * and the column in the words every other reader uses (damaged-record-words.ts), and sends nothing.
 */
let opened: Awaited<ReturnType<typeof openTempConsole>>;
let damaged = 0;
let sound = 0;
const url = 'http://127.0.0.1:9/hooks';
const plan = (request: Record<string, unknown>) =>
  opened.core.dispatcher(
    'planReplay',
    { target: { kind: 'url', url }, tokenMode: 'none', ...request },
    { transport: 'websocket' },
  );

beforeAll(async () => {
  opened = await openTempConsole();
  const webhook = (order: string): NewEvent => ({
    kind: 'webhook',
    method: 'POST',
    path: '/hooks',
    status: 200,
    orderId: order,
    bodyVerdict: 'event',
    requestHeaders: [
      ['content-type', 'application/json'],
      ['x-merchant-signature', 'abc'],
    ],
    requestBody: Buffer.from(JSON.stringify({ order_id: order })),
  });
  const stored = opened.core.recorder.recordMany([webhook('ord-A'), webhook('ord-B')]);
  [damaged, sound] = stored.map((row) => row.id) as [number, number];
  // One pair still well formed, one not: a replay sent content-type alone, unsaid.
  const db = new Database(join(opened.dataDir, 'console.sqlite'));
  db.prepare(`update events set request_headers = ? where id = ?`).run(
    '[["content-type","application/json"],["x-merchant-signature"]]',
    damaged,
  );
  db.close();
});
afterAll(() => opened.dispose());

const words = () =>
  `Record #${damaged}'s stored request headers is damaged in the database (not what the console writes): the headers webhook #${damaged} arrived with are not known, and replayed with those that could be read it would go out as another request than the one that came. Leave it out to replay the others.`;

describe('a webhook whose stored request headers are damaged', () => {
  it('is refused by the plan and the start, named, whether chosen by id or by a filter', async () => {
    const recordsBefore = opened.core.events.count();
    for (const request of [{ ids: [damaged] }, { ids: [sound, damaged] }, { filter: {} }])
      expect(await plan(request)).toMatchObject({ ok: false, error: { message: words() } });
    const started = await opened.core.dispatcher(
      'startReplay',
      { ids: [damaged], target: { kind: 'url', url }, tokenMode: 'none' },
      { transport: 'websocket' },
    );
    expect(started).toMatchObject({ ok: false, error: { message: words() } });
    // Nothing was sent: no replay record was written.
    expect(opened.core.events.count()).toBe(recordsBefore);
    // The sound one alone still goes.
    expect(await plan({ ids: [sound] })).toMatchObject({ ok: true, data: { webhooks: 1 } });
  });

  it('is refused by replay on the command line in the same words', async () => {
    const run = await runCliCaptured([
      '--data-dir',
      opened.dataDir,
      'replay',
      String(damaged),
      '--to',
      url,
      '--token',
      'none',
    ]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toBe(`error: ${words()}\n`);
  });
});
