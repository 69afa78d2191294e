import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createConsole, type ConsoleCore } from '../../src/main/app';
import {
  closeInterruptedExchanges,
  INTERRUPTED_AFTER_MS,
  watchInterruptedExchanges,
} from '../../src/main/outbound/interrupted-exchanges';
import { openDatabase } from '../../src/main/store/connection';
import type { NewEvent } from '../../src/main/store/events-repository';
import { makeTempDir } from './helpers/temp-console';
import { recordStatus } from '../../src/shared/record-status';

const NOW = Date.parse('2026-11-25T12:00:00Z');

/** A record as recorded-exchange.ts stores it before its request leaves: no answer yet. */
const pending = (kind: NewEvent['kind'], atMs: number): NewEvent => ({
  kind,
  atMs,
  method: 'POST',
  url: 'http://127.0.0.1:9/checkout',
  path: '/checkout',
  requestBody: Buffer.from('{}'),
  details: { operation: 'authorise' },
});

describe('exchanges interrupted by a stopped process', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const open = async (dir: string): Promise<ConsoleCore> => {
    const core = await createConsole({ dataDir: dir, frontDoor: 'browser', keychain: 'off' });
    cleanups.push(() => core.close());
    return core;
  };

  it('closes pending records no process can still be waiting for, and only those', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.remove);
    const core = await open(temp.dir);
    const old = NOW - INTERRUPTED_AFTER_MS - 1;
    const ids = {
      request: core.recorder.record(pending('request', old)).id,
      delivery: core.recorder.record(pending('delivery', old)).id,
      young: core.recorder.record(pending('request', NOW - INTERRUPTED_AFTER_MS + 1_000)).id,
      answered: core.recorder.record({ ...pending('request', old), status: 200, durationMs: 12 }).id,
      failed: core.recorder.record({ ...pending('forward', old), error: 'Connection refused', durationMs: 3 })
        .id,
    };
    expect(closeInterruptedExchanges(core.events, core.recorder, NOW)).toBe(2);

    for (const id of [ids.request, ids.delivery]) {
      const detail = core.events.getDetail(id);
      expect(detail?.error).toMatch(/^Interrupted: the console stopped before the answer came/);
      expect(detail?.status).toBeNull();
      // The request as sent and what the caller knew of it are kept; the failure is the usual shape.
      expect(detail?.details).toMatchObject({
        operation: 'authorise',
        failure: { kind: 'interrupted', code: null },
      });
    }
    expect(core.events.getDetail(ids.young)?.error).toBeNull();
    expect(core.events.getDetail(ids.answered)?.error).toBeNull();
    expect(core.events.getDetail(ids.failed)?.error).toBe('Connection refused');
    // Nothing left to close the second time.
    expect(closeInterruptedExchanges(core.events, core.recorder, NOW)).toBe(0);
  });

  // A listener killed (kill -9) while an answer waited out its response delay leaves the webhook's
  // row as written before the delay: the request, and no answer. Said so once no listener could
  // still be waiting to answer it, never as answered.
  it('closes a webhook row a killed listener left waiting to answer, and not an imported one', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.remove);
    const core = await open(temp.dir);
    const old = NOW - INTERRUPTED_AFTER_MS - 1;
    const waiting: NewEvent = {
      ...pending('webhook', old),
      details: { response: { status: 200, delayMs: 120_000 } },
    };
    const ids = {
      killed: core.recorder.record(waiting).id,
      imported: core.recorder.record({ ...waiting, imported: true }).id,
      young: core.recorder.record({ ...waiting, atMs: NOW - 1_000 }).id,
    };
    expect(closeInterruptedExchanges(core.events, core.recorder, NOW)).toBe(1);
    const killed = core.events.getDetail(ids.killed);
    expect(killed?.status).toBeNull();
    expect(killed?.error).toMatch(/^Interrupted: the listener stopped before its answer was sent/);
    expect(killed?.details).toMatchObject({
      response: { status: 200, delayMs: 120_000 },
      failure: { kind: 'interrupted', code: null },
    });
    expect(core.events.getDetail(ids.imported)?.error).toBeNull();
    expect(core.events.getDetail(ids.young)?.error).toBeNull();
  });

  // A webhook answered at once is stored with its answer before the answer is written (nothing
  // acknowledged may be lost), and given its duration once the answer is out. A listener killed
  // in between left a row claiming a 200 its client never got (kill -9 under load: 37 of 898).
  it('reads a webhook whose answer was stored but never known sent as interrupted, not answered', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.remove);
    const core = await open(temp.dir);
    const old = NOW - INTERRUPTED_AFTER_MS - 1;
    const committed: NewEvent = {
      ...pending('webhook', old),
      status: 200,
      responseHeaders: [['Content-Type', 'application/json']],
      responseBody: Buffer.from('{"received":true}'),
      details: { response: { status: 200, delayMs: 0 } },
    };
    const ids = {
      killed: core.recorder.record(committed).id,
      // Its after-answer update happened: the answer went out.
      sent: core.recorder.record({ ...committed, durationMs: 4 }).id,
      young: core.recorder.record({ ...committed, atMs: NOW - 1_000 }).id,
      imported: core.recorder.record({ ...committed, imported: true }).id,
      // A raw refusal (a CONNECT's 405) is written without a planned answer or an update.
      refusal: core.recorder.record({ ...pending('webhook', old), status: 405, details: {} }).id,
    };
    expect(closeInterruptedExchanges(core.events, core.recorder, NOW)).toBe(1);
    const killed = core.events.getDetail(ids.killed);
    expect(killed?.status).toBeNull();
    expect(killed?.error).toMatch(
      /^Interrupted: the answer may not have gone out: the listener stopped \(its process ended\) before it was known to be sent/,
    );
    expect(killed?.details).toMatchObject({
      response: { status: 200, delayMs: 0 },
      failure: { kind: 'interrupted', code: null },
    });
    const [summary] = core.events.summariesAfter(ids.killed - 1, 1);
    expect(summary === undefined ? null : recordStatus(summary).kind).toBe('failed');
    for (const id of [ids.sent, ids.young, ids.imported]) expect(core.events.getDetail(id)?.status).toBe(200);
    expect(core.events.getDetail(ids.refusal)?.status).toBe(405);
    expect(closeInterruptedExchanges(core.events, core.recorder, NOW)).toBe(0);
  });

  // An import is another console's evidence as it was exported: a request, replay, forward or
  // delivery still waiting then was closed here as "Interrupted: the console stopped…", a claim
  // about a console this one never was, written into the imported record.
  it('leaves an imported record of every kind as it was imported', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.remove);
    const core = await open(temp.dir);
    const old = NOW - INTERRUPTED_AFTER_MS - 1;
    const kinds = ['request', 'replay', 'forward', 'delivery'] as const;
    const ids = kinds.map((kind) => core.recorder.record({ ...pending(kind, old), imported: true }).id);
    expect(closeInterruptedExchanges(core.events, core.recorder, NOW)).toBe(0);
    for (const id of ids) expect(core.events.getDetail(id)?.error, `record #${id}`).toBeNull();
  });

  it('looks on a timer without waiting on the event loop while another process holds the lock', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.remove);
    const core = await open(temp.dir);
    const id = core.recorder.record(pending('replay', Date.now() - INTERRUPTED_AFTER_MS - 60_000)).id;
    const other = openDatabase(join(temp.dir, 'console.sqlite'));
    cleanups.push(() => {
      other.close();
    });
    other.prepare('BEGIN IMMEDIATE').run();
    const errors: unknown[] = [];
    const stop = watchInterruptedExchanges(core.events, core.recorder, (error) => errors.push(error));
    cleanups.push(stop);
    // Queued for the lock: nothing written yet, and the event loop was not held.
    expect(core.events.getDetail(id)?.error).toBeNull();
    other.prepare('COMMIT').run();
    await expect.poll(() => core.events.getDetail(id)?.error ?? null).toMatch(/^Interrupted/);
    expect(errors).toEqual([]);
  });

  it('a console opening the data directory closes what a killed one left pending', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.remove);
    const first = await open(temp.dir);
    const id = first.recorder.record(pending('replay', Date.now() - INTERRUPTED_AFTER_MS - 60_000)).id;
    // A second process on the same directory, as after a restart.
    const second = await open(temp.dir);
    expect(second.events.getDetail(id)?.error).toMatch(/^Interrupted/);
  });
});
