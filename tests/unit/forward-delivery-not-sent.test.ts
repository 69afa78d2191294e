import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORWARD_MARKER_HEADER } from '../../src/main/listener/forward-guard';
import { forwardWebhook } from '../../src/main/listener/forward-webhook';
import { recordedExchange } from '../../src/main/outbound/recorded-exchange';
import { groupRecords } from '../../src/renderer/src/features/timeline/timeline-rows';
import type { HeaderList, TimelineDetail, TimelineSummary } from '../../src/shared/events';
import { tokenRecordWords } from '../../src/shared/jwt/token-record-words';
import { networkFailureTitle } from '../../src/shared/merchant-api';
import { notSentLine, recordStatusWord } from '../../src/shared/record-status';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

/**
 * A forward the listener's guard refused before sending (to the listener itself, round a loop, or
 * held as a live profile's address not confirmed) read `failed` and "Network failure: self" on the
 * Timeline, in its detail and in `history`, and so did an emulator delivery cancelled by a stop
 * before it was written: nothing of either left, so each reads `not sent` with its why, in the
 * words a refused replay has (record-status.ts).
 */
const HOP = 'aaaaaaaaaaaa';
const LISTENER_PORT = 4455;
const HELD =
  'http://127.0.0.1:9 belongs to a live profile ("Live"): forwarding webhooks to it reaches production.';

let dataDir = '';
let dispose: () => Promise<void> = async () => undefined;
let ids: { self: number; loop: number; live: number; delivery: number } = {
  self: 0,
  loop: 0,
  live: 0,
  delivery: 0,
};
let read: TimelineSummary[] = [];
let details: TimelineDetail[] = [];

beforeAll(async () => {
  const opened = await openTempConsole();
  dataDir = opened.dataDir;
  dispose = opened.dispose;
  const { recorder, eventsQuery, events } = opened.core;
  const webhookOf = (headers: HeaderList) => {
    const summary = recorder.record({
      kind: 'webhook',
      method: 'POST',
      url: `http://127.0.0.1:${LISTENER_PORT}/notify`,
      path: '/notify',
      atMs: Date.now(),
      requestHeaders: headers,
    });
    return {
      id: summary.id,
      method: 'POST',
      rawUrl: '/notify',
      headers,
      body: Buffer.from('{}'),
      summary,
      via: { port: LISTENER_PORT, hopId: HOP },
    };
  };
  const self = await forwardWebhook(recorder, webhookOf([]), `http://localhost:${LISTENER_PORT}/hooks`);
  const loop = await forwardWebhook(
    recorder,
    webhookOf([[FORWARD_MARKER_HEADER, HOP]]),
    'http://127.0.0.1:9/hooks',
  );
  const live = await forwardWebhook(
    recorder,
    webhookOf([]),
    'http://127.0.0.1:9/hooks',
    1000,
    undefined,
    HELD,
  );
  // What a stop does to an attempt not yet written (delivery-attempt.ts): its exchange is cancelled.
  const stopping = new AbortController();
  stopping.abort();
  const delivery = await recordedExchange({
    recorder,
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:9/hook',
      headers: [],
      body: Buffer.from('{}'),
      timeoutMs: 1000,
      signal: stopping.signal,
    },
    record: { kind: 'delivery', orderId: 'order-1', eventType: 'order_approved', details: { attempt: 1 } },
    announce: 'completed',
  });
  read = eventsQuery.page({}, { limit: 20 }).items;
  // A refused forward resolves with the record as stored, without its id: found by its webhook.
  const idOf = (forward: { relatedId?: number | null }) =>
    read.find((summary) => summary.kind === 'forward' && summary.relatedId === forward.relatedId)?.id ?? -1;
  ids = { self: idOf(self), loop: idOf(loop), live: idOf(live), delivery: delivery.id };
  details = Object.values(ids).flatMap((id) => events.getDetail(id) ?? []);
  await opened.core.close();
});
afterAll(async () => {
  await dispose().catch(() => undefined);
});

const summaryOf = (id: number) => read.find((summary) => summary.id === id);

describe('a forward refused by its guard, and a delivery cancelled before it was written', () => {
  it('are not sent, with their why, as read back (SQL) and in their detail', () => {
    const refused = [ids.self, ids.loop, ids.live].map(summaryOf);
    expect(refused.map((summary) => summary?.notSent)).toEqual([
      'refused_by_console',
      'refused_by_console',
      'refused_by_console',
    ]);
    expect(summaryOf(ids.delivery)?.notSent).toBe('cancelled');
    for (const id of Object.values(ids)) {
      const summary = summaryOf(id);
      expect(summary === undefined ? null : recordStatusWord(summary)).toBe('not sent');
    }
    expect(details.map((detail) => detail.notSent)).toEqual([
      'refused_by_console',
      'refused_by_console',
      'refused_by_console',
      'cancelled',
    ]);
  });

  it("titles the forward's failure as a refused replay's, and says its error once", () => {
    const [self] = details;
    const failure = self?.details['failure'] as { kind: string } | undefined;
    expect(failure === undefined ? null : networkFailureTitle(failure)).toBe(
      'Not sent: refused by the console',
    );
    expect(self?.error).toMatch(/^Not forwarded to http:\/\/localhost:4455\/hooks\/notify: /);
    // The error already says nothing went: the detail's line does not say "Not sent: Not forwarded".
    expect(self === undefined ? null : notSentLine(self.error, 'refused_by_console')).toBe(self?.error);
  });

  it("says on the delivery's Timeline row that it was never sent", () => {
    const delivery = summaryOf(ids.delivery);
    expect(delivery === undefined ? null : groupRecords([delivery])[0]?.missing).toBe(
      'never sent (cancelled before it was sent whole), so no arrival',
    );
  });

  it("says in the token inspector's card why the delivery was never sent, not that it had nowhere to go", () => {
    const words = tokenRecordWords({
      id: ids.delivery,
      kind: 'delivery',
      notSent: 'cancelled',
      relatedId: null,
    });
    expect(words.heading).toBe(`Never sent: delivery #${ids.delivery}`);
    expect(words.caption).toBe(
      "The emulator's notification, never sent (cancelled before it was sent whole): it carried no token to anyone and no listener judged it.",
    );
  });

  it('reads STATUS not sent in history, and status_word not sent in --json', async () => {
    const run = await runCliCaptured(['--data-dir', dataDir, 'history']);
    expect(run.code).toBe(0);
    const row = (id: number) => run.stdout.split('\n').find((line) => line.startsWith(`${id} `)) ?? '';
    for (const id of Object.values(ids)) expect(row(id)).toMatch(/\snot sent\s/);
    const json = await runCliCaptured(['--data-dir', dataDir, 'history', '--json']);
    const records = JSON.parse(json.stdout) as { id: number; status: unknown; status_word: unknown }[];
    for (const id of Object.values(ids))
      expect(records.find((record) => record.id === id)).toMatchObject({
        status: null,
        status_word: 'not sent',
      });
  });
});
