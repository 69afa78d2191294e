import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { replaySequence } from '../../src/main/replay/replay-sequence';
import {
  consoleOwnLeftOut,
  consoleOwnWords,
  leftOutWords,
  replayRequestSchema,
} from '../../src/shared/replay';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { until } from './helpers/emulator-harness';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function consoleWithWebhooks(
  count: number,
): Promise<{ open: ListeningConsole; ids: number[]; token: string }> {
  const open = await openListeningConsole();
  cleanups.push(() => open.dispose());
  const now = Math.floor(Date.now() / 1000);
  const token = await signWith(open.secret, { iat: now, exp: now + 900 });
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${open.origin}/hooks/${i}?serviceToken=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: payload('order_approved', { order_reference_id: `REF-${i}` }),
    });
    ids.push(((await response.json()) as { id: number }).id);
  }
  return { open, ids, token };
}

const replay = (open: ListeningConsole, input: Record<string, unknown>) =>
  open.core.replay.run(replayRequestSchema.parse(input));

const planOf = (open: ListeningConsole, input: Record<string, unknown>) =>
  open.core.replay.plan(replayRequestSchema.parse(input));

const replayRecords = (open: ListeningConsole) =>
  open.core.eventsQuery.page({ kinds: ['replay'] }, { limit: 1000 }).items.reverse();

describe('token modes', () => {
  it('original: the exact bytes and token; the listener judges them again, linked to the original', async () => {
    const { open, ids, token } = await consoleWithWebhooks(1);
    const result = await replay(open, { ids });
    expect(result).toMatchObject({ total: 1, done: 1, failures: 0, finished: true });
    const [record] = replayRecords(open);
    expect(record).toMatchObject({
      kind: 'replay',
      relatedId: ids[0],
      tokenVerdict: 'valid',
      bodyVerdict: 'event',
      status: 200,
    });
    const detail = open.core.events.getDetail(record?.id ?? 0);
    expect(detail?.query).toContain(token);
    expect(detail?.path).toBe('/hooks/0');
    const original = open.core.events.getRow(ids[0] ?? 0);
    expect(Buffer.from(detail?.requestBody?.text ?? '')).toEqual(original?.request_body);
    // The listener's own record of the replayed request is named in the replay's details.
    expect(detail?.details['listenerRecordId']).toEqual(expect.any(Number));
  });

  // The listener answers a GET 405 and stores it, judged, linked to the replay: the answer says
  // `"received": false` with the record's id, and the replay took only `"received": true`, so it
  // read token_verdict null beside the body verdict it judged itself, unlike every other replay.
  it('a GET the listener refuses (405) and stores: the replay carries its verdicts too', async () => {
    const { open, token } = await consoleWithWebhooks(0);
    const sent = payload('order_approved', { order_reference_id: 'REF-GET' });
    const id = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${open.origin}/hooks/get?serviceToken=${token}`);
      const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(sent) };
      const request = httpRequest(url, { method: 'GET', headers });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve((JSON.parse(Buffer.concat(chunks).toString()) as { id: number }).id),
        );
      });
      request.on('error', reject);
      request.end(sent);
    });
    expect(open.core.events.getSummary(id)).toMatchObject({
      status: 405,
      tokenVerdict: 'valid',
      bodyVerdict: 'event',
    });
    await replay(open, { ids: [id] });
    const [record] = replayRecords(open);
    expect(record).toMatchObject({ method: 'GET', status: 405, tokenVerdict: 'valid', bodyVerdict: 'event' });
    const detail = open.core.events.getDetail(record?.id ?? 0);
    expect(detail?.details['listenerRecordId']).toEqual(expect.any(Number));
  });

  it('resign: fresh iat/exp with the profile notification token', async () => {
    const { open, ids, token } = await consoleWithWebhooks(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await replay(open, { ids, tokenMode: 'resign' });
    const [record] = replayRecords(open);
    expect(record?.tokenVerdict).toBe('valid');
    expect(open.core.events.getDetail(record?.id ?? 0)?.query).not.toContain(token);
  });

  it('none: no token in the query nor the header', async () => {
    const { open, ids } = await consoleWithWebhooks(1);
    await replay(open, { ids, tokenMode: 'none' });
    const detail = open.core.events.getDetail(replayRecords(open)[0]?.id ?? 0);
    expect(detail?.tokenVerdict).toBe('missing');
    expect(detail?.query ?? '').not.toContain('serviceToken');
    expect(detail?.requestHeaders.some(([name]) => name.toLowerCase() === 'authorization')).toBe(false);
  });

  it.each([
    ['expired', 'expired'],
    ['wrong_key', 'invalid_signature'],
    ['alg_none', 'alg_not_allowed'],
  ])('preset %s: the listener says %s', async (preset, verdict) => {
    const { open, ids } = await consoleWithWebhooks(1);
    await replay(open, { ids, tokenMode: 'preset', preset });
    expect(replayRecords(open)[0]?.tokenVerdict).toBe(verdict);
  });

  it('an edited body is sent, and recorded as what it says; the stored original does not change', async () => {
    const { open, ids } = await consoleWithWebhooks(1);
    const before = open.core.events.getRow(ids[0] ?? 0)?.request_body;
    const edited = payload('order_captured', { order_reference_id: 'X' });
    await replay(open, { ids, body: edited });
    const [sent] = replayRecords(open);
    const detail = open.core.events.getDetail(sent?.id ?? 0);
    expect(detail?.requestBody?.text).toBe(edited);
    // The record says what went out, as its arrival does: it said order_approved and the
    // original's reference, and the timeline, Orders and history listed what was never sent.
    const arrival = open.core.events.getSummary(Number(detail?.details['listenerRecordId']));
    expect(detail).toMatchObject({ eventType: 'order_captured', orderReferenceId: 'X' });
    expect(arrival).toMatchObject({ eventType: 'order_captured', orderReferenceId: 'X' });
    expect(open.core.events.getRow(ids[0] ?? 0)?.request_body).toEqual(before);
  });

  it("an edited body that names no order or event is recorded with the original's", async () => {
    const { open, ids } = await consoleWithWebhooks(1);
    const original = open.core.events.getSummary(ids[0] ?? 0);
    await replay(open, { ids, body: '{"note":"not a notification"}' });
    expect(replayRecords(open)[0]).toMatchObject({
      orderId: original?.orderId,
      orderReferenceId: 'REF-0',
      eventType: 'order_approved',
    });
  });

  it('refuses records that are not webhooks, and unknown ids', async () => {
    const { open } = await consoleWithWebhooks(1);
    await expect(replay(open, { ids: [999_999] })).rejects.toThrow(
      'Timeline record 999999 does not exist (it may have been removed).',
    );
  });
});

describe('a replay and its arrival: one send, linked, never the service’s', () => {
  const issueBody = (orderId: string) =>
    JSON.stringify({
      order_id: orderId,
      order_reference_id: 'REF-0',
      order_number: 'REF-0',
      event_type: 'order_captured',
      data: { capture_id: 'not-a-uuid', captured_amount: { amount: '1.999', currency: 'XYZ' } },
    });

  it('the listener links its record to the replay that sent it; both carry the one judgement of the body', async () => {
    const { open, ids } = await consoleWithWebhooks(1);
    await replay(open, { ids, body: issueBody('0f8fad5b-d9cb-469f-a165-70867728950e') });
    const [sent] = replayRecords(open);
    const arrivalId = Number(open.core.events.getDetail(sent?.id ?? 0)?.details['listenerRecordId']);
    const arrival = open.core.events.getDetail(arrivalId);
    const detail = open.core.events.getDetail(sent?.id ?? 0);
    expect(sent).toMatchObject({ provenance: 'crafted', relatedId: ids[0], bodyFindings: 3 });
    expect(arrival).toMatchObject({
      kind: 'webhook',
      provenance: 'crafted',
      relatedId: sent?.id,
      bodyFindings: 3,
    });
    expect(detail?.details['body']).toEqual(arrival?.details['body']);
    expect(detail?.details['token']).toEqual(arrival?.details['token']);
    // The marker went out with the request, and is what was stored as sent.
    const marker = detail?.requestHeaders.find(([name]) => name === 'X-Checkout-Console-Replay')?.[1];
    expect(marker).toBe(sent?.uid);
    // A uid like every record's (docs/history.md): a UUID version 7, its first part the time it was made.
    expect(sent?.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const madeAt = Number.parseInt(sent?.uid.replace('-', '').slice(0, 12) ?? '', 16);
    expect(Math.abs(madeAt - Date.parse(sent?.at ?? ''))).toBeLessThan(1000);
    expect(arrival?.details['replayLink']).toEqual({
      marker,
      matched: true,
      reason: `The arrival of replay #${sent?.id}.`,
    });
  });

  it('an exact replay is a replay, its arrival too; a replay of that arrival carries its own marker only', async () => {
    const { open, ids } = await consoleWithWebhooks(1);
    await replay(open, { ids });
    const [first] = replayRecords(open);
    const arrival = Number(open.core.events.getDetail(first?.id ?? 0)?.details['listenerRecordId']);
    expect(open.core.events.getSummary(arrival)).toMatchObject({
      provenance: 'replay',
      relatedId: first?.id,
    });
    await replay(open, { ids: [arrival] });
    const second = replayRecords(open)[1];
    const headers = open.core.events.getDetail(second?.id ?? 0)?.requestHeaders ?? [];
    expect(headers.filter(([name]) => name.toLowerCase() === 'x-checkout-console-replay')).toEqual([
      ['X-Checkout-Console-Replay', second?.uid],
    ]);
  });

  it('a marker can only keep a record from counting: spoofed, foreign or repeated, it is a replay, unlinked', async () => {
    const { open, ids, token } = await consoleWithWebhooks(1);
    await replay(open, { ids });
    const [sent] = replayRecords(open);
    const send = async (marker: string) => {
      const response = await fetch(`${open.origin}/hooks?serviceToken=${token}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'x-checkout-console-replay': marker,
        },
        body: payload('order_approved'),
      });
      return open.core.events.getDetail(((await response.json()) as { id: number }).id);
    };
    const original = open.core.events.getSummary(ids[0] ?? 0);
    for (const [marker, reason] of [
      ['0c6fd1a4-0000-4000-8000-000000000000', 'No replay of this console carries this marker.'],
      [original?.uid ?? '', 'No replay of this console carries this marker.'],
      [sent?.uid ?? '', `Replay #${sent?.id} already arrived; this is another copy of it.`],
      ['', 'The replay marker is empty or sent more than once.'],
    ] as const) {
      const record = await send(marker);
      expect(record).toMatchObject({ provenance: 'replay', relatedId: null, tokenVerdict: 'valid' });
      expect(record?.details['replayLink']).toMatchObject({ matched: false, reason });
    }
    // Without a marker, the same request is the service's own.
    const plain = await fetch(`${open.origin}/hooks?serviceToken=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: payload('order_approved'),
    });
    const id = ((await plain.json()) as { id: number }).id;
    expect(open.core.events.getSummary(id)).toMatchObject({ provenance: 'service', relatedId: null });
  });
});

describe('replaying by filter', () => {
  it("takes the service's webhooks, not the arrivals of the console's own replays, so each run does not replay the last", async () => {
    const { open, ids } = await consoleWithWebhooks(1);
    expect(planOf(open, { filter: {} }).webhooks).toBe(1);
    await replay(open, { filter: {} });
    await replay(open, { filter: {} });
    // Two runs: each sent the one webhook the service sent, not its replays again (1, 2, 4…).
    expect(replayRecords(open).map((record) => record.relatedId)).toEqual([ids[0], ids[0]]);
    expect(planOf(open, { filter: {} }).webhooks).toBe(1);
  });

  it("says so when only the console's own replays match", async () => {
    const { open, ids } = await consoleWithWebhooks(1);
    await replay(open, { ids });
    const [sent] = replayRecords(open);
    const arrival = Number(open.core.events.getDetail(sent?.id ?? 0)?.details['listenerRecordId']);
    expect(() => planOf(open, { filter: { ids: [arrival] } })).toThrow(
      "No webhook but the console's own matches: the filter leaves out 1 arrival of a replay the console sent. To replay one of them, tick it on the timeline.",
    );
    // Named by id, such an arrival is replayed as asked.
    expect(planOf(open, { ids: [arrival] }).webhooks).toBe(1);
  });

  // Signed with a token from `jwt sign`, no replay happened: the plan said "only the arrivals of
  // replays the console sent (4) match", and unfiltered they were left out uncounted.
  it('names and counts what it leaves out by its provenance: replays, and tokens the console made', async () => {
    const { open, ids } = await consoleWithWebhooks(2);
    await replay(open, { ids: [ids[0]] });
    const signed = await open.core.jwt.sign({
      signer: { source: 'profile', profileId: open.core.profiles.active().id },
      preset: 'valid',
      claims: {},
    });
    const crafted: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${open.origin}/hooks/crafted?serviceToken=${signed.token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${signed.token}` },
        body: payload('order_approved'),
      });
      crafted.push(((await response.json()) as { id: number }).id);
    }
    expect(open.core.events.getSummary(crafted[0] ?? 0)?.provenance).toBe('crafted');
    expect(planOf(open, { filter: {} })).toMatchObject({
      webhooks: 2,
      consoleOwn: { replays: 1, craftedTokens: 3 },
    });
    expect(consoleOwnWords({ replays: 1, craftedTokens: 3 })).toBe(
      '1 arrival of a replay the console sent and 3 webhooks signed with a token the console made',
    );
    // The Replay view opened unfiltered says what it leaves out with these counts, not only replays.
    expect(consoleOwnLeftOut({ replays: 1, craftedTokens: 3 })).toBe(
      "Left out, the console's own: 1 arrival of a replay the console sent and 3 webhooks signed with a token the console made; tick one on the timeline to replay it again.",
    );
    expect(consoleOwnLeftOut({ replays: 0, craftedTokens: 0 })).toContain('are left out');
    expect(() => planOf(open, { filter: { ids: crafted } })).toThrow(
      "No webhook but the console's own matches: the filter leaves out 3 webhooks signed with a token the console made. To replay one of them, tick it on the timeline.",
    );
  });
});

describe('sequences', () => {
  it('in order, reversed, shuffled (seeded, repeatable) and repeated', () => {
    const items = [1, 2, 3, 4, 5];
    expect(replaySequence(items, { order: 'original', repeat: 1 })).toEqual([1, 2, 3, 4, 5]);
    expect(replaySequence(items, { order: 'reversed', repeat: 2 })).toEqual([5, 4, 3, 2, 1, 5, 4, 3, 2, 1]);
    const shuffled = replaySequence(items, { order: 'shuffled', repeat: 1, seed: 42 });
    expect(shuffled).toEqual(replaySequence(items, { order: 'shuffled', repeat: 1, seed: 42 }));
    expect([...shuffled].sort()).toEqual(items);
    expect(shuffled).not.toEqual(items);
  });

  it('sends the webhooks in the chosen order, the repeats as duplicates', async () => {
    const { open, ids } = await consoleWithWebhooks(3);
    await replay(open, { ids, order: 'reversed', repeat: 2 });
    const related = replayRecords(open).map((record) => record.relatedId);
    expect(related).toEqual([ids[2], ids[1], ids[0], ids[2], ids[1], ids[0]]);
  });

  it('keeps to the concurrency limit and can be cancelled', async () => {
    const { open, ids } = await consoleWithWebhooks(2);
    let inFlight = 0;
    let most = 0;
    const server = createServer((_req, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        res.end('ok');
      }, 40);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/merchant`;
    const result = await replay(open, { ids, target: { kind: 'url', url }, repeat: 5, concurrency: 3 });
    expect(result.done).toBe(10);
    expect(most).toBe(3);

    const progress: number[] = [];
    let runId = '';
    const unsubscribe = open.core.bus.subscribe((event) => {
      if (event.name === 'replay.progress') progress.push(event.payload.done);
    });
    cleanups.push(async () => unsubscribe());
    ({ runId } = open.core.replay.start(
      replayRequestSchema.parse({ ids, target: { kind: 'url', url }, repeat: 50, delayMs: 20 }),
    ));
    await until(() => (progress.at(-1) ?? 0) >= 3, 'a few sends');
    expect(open.core.replay.cancel(runId)).toBe(true);
    await until(() => !open.core.replay.cancel(runId), 'the run to end');
    const sent = replayRecords(open).filter((record) => record.url?.startsWith(url)).length - 10;
    expect(sent).toBeGreaterThanOrEqual(3);
    expect(sent).toBeLessThan(100);
  });

  it('asks for confirmation before a live profile address', async () => {
    const { open, ids } = await consoleWithWebhooks(1);
    const live = open.core.profiles.findByName('Live');
    if (live === undefined) throw new Error('no Live profile');
    await expect(
      replay(open, { ids, target: { kind: 'url', url: `${live.fields.baseUrl}/hooks` } }),
    ).rejects.toThrow('live profile');
  });
});

// "1200 arrivals", "1500 raw requests": a count is written as every message writes one (countOf).
describe("a replay's counted words", () => {
  it('group their counts in threes', () => {
    expect(consoleOwnWords({ replays: 1200, craftedTokens: 1000 })).toBe(
      '1,200 arrivals of replays the console sent and 1,000 webhooks signed with a token the console made',
    );
    expect(leftOutWords({ raw: 1500, cut: 2000 })).toBe('1,500 raw requests (not HTTP) and 2,000 stored cut');
    expect(leftOutWords({ raw: 1, cut: 0 })).toBe('1 raw request (not HTTP)');
  });
});
