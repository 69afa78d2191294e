import { describe, expect, it } from 'vitest';
import { statusWordOfRow } from '../../src/main/store/event-views';
import { replayRequestSchema, type ReplayProgress } from '../../src/shared/replay';
import { payload } from '../fixtures/hostile-webhooks';
import { until } from './helpers/emulator-harness';
import { buildRawRequest, sendRaw } from './helpers/raw-http';
import type { ListeningConsole } from './helpers/listening-console';
import { listening, merchant, receive, replay } from './helpers/replay-targets';

// A tester's CONNECT, sent raw to the listener, was answered 405 and stored; replayed, Node's
// client never gave it an answer (it emits 'connect', not 'response'), so the send never settled:
// the record stayed `waiting`, and a batch stopped there, with no summary and exit 13.

const CONNECT_REFUSAL = /^Not sent: a CONNECT request asks for a tunnel/;

/** The CONNECT the tester sent, stored by the listener (answered 405); its record id. */
async function storedConnect(open: ListeningConsole): Promise<number> {
  const port = Number(new URL(open.origin).port);
  const answer = await sendRaw(port, buildRawRequest(port, { method: 'CONNECT', target: 'evil:443' }));
  expect(answer.status).toBe(405);
  return (JSON.parse(answer.body) as { id: number }).id;
}

/** Within this, a run that hangs on a send is reported as such rather than as the test's timeout. */
const RUN_ENDS_WITHIN_MS = 5000;

const ended = <T>(run: Promise<T>): Promise<T> =>
  Promise.race([
    run,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the replay run never ended')), RUN_ENDS_WITHIN_MS).unref(),
    ),
  ]);

/** Each replay record of the run, its status word and error. */
const replayRecords = (open: ListeningConsole, ids: readonly number[]) =>
  ids.map((id) => {
    const row = open.core.events.getRow(id);
    return {
      method: row?.method,
      word: row === undefined ? null : statusWordOfRow(row),
      error: row?.error ?? null,
    };
  });

describe('a stored CONNECT replayed', () => {
  it('in a batch: refused before sending with its reason, the others sent, the run ends', async () => {
    const open = await listening();
    const before = await receive(open, payload('order_approved'));
    const connect = await storedConnect(open);
    const after = await receive(open, payload('order_approved'));
    const target = await merchant(200);
    const result = await ended(
      replay(open, { ids: [before, connect, after], target: { kind: 'url', url: target.url } }),
    );
    // Counted as not sent, never as a failure of a send: nothing left for the target.
    expect(result).toMatchObject({ done: 3, sent: 2, failures: 0, notSent: 1, finished: true, causes: [] });
    expect(result.notSentCauses).toEqual([expect.stringMatching(CONNECT_REFUSAL)]);
    expect(replayRecords(open, result.lastRecordIds)).toEqual([
      { method: 'POST', word: '200', error: null },
      { method: 'CONNECT', word: 'not sent', error: expect.stringMatching(CONNECT_REFUSAL) },
      { method: 'POST', word: '200', error: null },
    ]);
    // Only the two POSTs reached the target.
    expect(target.paths).toHaveLength(2);
  });

  it("to this console's listener (the default target): the same refusal, nothing sent", async () => {
    const open = await listening();
    const connect = await storedConnect(open);
    const webhooks = () => open.core.eventsQuery.page({ kinds: ['webhook'] }, { limit: 100 }).items.length;
    const stored = webhooks();
    const result = await ended(replay(open, { ids: [connect], target: { kind: 'listener' } }));
    expect(result).toMatchObject({ done: 1, sent: 0, failures: 0, notSent: 1 });
    expect(replayRecords(open, result.lastRecordIds)).toEqual([
      { method: 'CONNECT', word: 'not sent', error: expect.stringMatching(CONNECT_REFUSAL) },
    ]);
    expect(webhooks()).toBe(stored);
  });

  it("from the window's Replay (a background run): its progress ends and names the reason", async () => {
    const open = await listening();
    const connect = await storedConnect(open);
    const target = await merchant(200);
    const seen: ReplayProgress[] = [];
    const stop = open.core.bus.subscribe((event) => {
      if (event.name === 'replay.progress') seen.push(event.payload);
    });
    try {
      open.core.replay.start(
        replayRequestSchema.parse({ ids: [connect], target: { kind: 'url', url: target.url } }),
      );
      await until(() => seen.some((progress) => progress.finished), 'the run to end');
    } finally {
      stop();
    }
    expect(seen.find((progress) => progress.finished)).toMatchObject({
      done: 1,
      failures: 0,
      notSent: 1,
      error: null,
      causes: [],
      notSentCauses: [expect.stringMatching(CONNECT_REFUSAL)],
    });
  });
});
