import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHostileCorpus, type HostileCase } from '../fixtures/hostile-webhooks';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { buildRawRequest, sendRaw } from './helpers/raw-http';

let listening: ListeningConsole;
let port: number;
let corpus: HostileCase[];

beforeAll(async () => {
  listening = await openListeningConsole();
  port = Number(new URL(listening.origin).port);
  corpus = await buildHostileCorpus(listening.secret);
});
afterAll(async () => {
  await listening.dispose();
});

/** The one row a request added (rows are numbered in order; requests go one at a time). */
async function rowAfter(count: number, name: string) {
  const { events } = listening.core;
  for (let attempt = 0; attempt < 200 && events.count() <= count; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  // Let a stray second row (there must be none) show up before counting.
  await new Promise((resolve) => setImmediate(resolve));
  const added = events.count() - count;
  if (added !== 1) throw new Error(`${name}: ${added} rows stored instead of 1`);
  const row = events.getDetail(count + 1);
  if (row === undefined) throw new Error(`${name}: no row ${count + 1}`);
  return row;
}

describe('the hostile corpus', () => {
  it('has at least 100 requests', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(100);
  });

  it('answers and stores every request with the right verdicts, and the listener keeps serving', async () => {
    const failures: string[] = [];
    const answered: { name: string; id: number; body: string }[] = [];
    for (const hostile of corpus) {
      const before = listening.core.events.count();
      const bytes = hostile.rawBytes ?? buildRawRequest(port, hostile.request);
      const exchange = await sendRaw(port, bytes, { abort: hostile.abort === true }).catch(
        (error: unknown) => {
          throw new Error(`${hostile.name}: ${String(error)}`);
        },
      );
      const row = await rowAfter(before, hostile.name);
      const problems: string[] = [];
      if (exchange.status !== hostile.expect.status) problems.push(`status ${exchange.status}`);
      if (row.status !== hostile.expect.status) problems.push(`stored status ${row.status}`);
      if (row.kind !== 'webhook') problems.push(`kind ${row.kind}`);
      if (row.tokenVerdict !== hostile.expect.tokenVerdict) problems.push(`token ${row.tokenVerdict}`);
      if (row.bodyVerdict !== hostile.expect.bodyVerdict) problems.push(`body ${row.bodyVerdict}`);
      if (
        hostile.expect.errorIncludes !== undefined &&
        !(row.error ?? '').includes(hostile.expect.errorIncludes)
      ) {
        problems.push(`error ${row.error}`);
      }
      if (hostile.expect.errorIncludes === undefined && row.error !== null)
        problems.push(`unexpected error ${row.error}`);
      if (hostile.expect.exactBody === true) {
        const sent = Buffer.from(
          hostile.request.chunks !== undefined
            ? Buffer.concat(hostile.request.chunks.map((chunk) => Buffer.from(chunk)))
            : Buffer.from(hostile.request.body ?? ''),
        );
        const stored = listening.core.events.getRow(row.id)?.request_body ?? Buffer.alloc(0);
        if (!stored.equals(sent))
          problems.push(`stored body differs (${stored.byteLength} vs ${sent.byteLength} bytes)`);
        const sentHeaders = hostile.request.headers ?? [];
        const storedHeaders = row.requestHeaders.filter(([name]) =>
          sentHeaders.some(([sentName]) => sentName === name),
        );
        if (JSON.stringify(storedHeaders) !== JSON.stringify(sentHeaders))
          problems.push('headers not kept in order and case');
      }
      if (hostile.expect.bodyVerdict === 'too_large') {
        if (row.requestBody?.truncated !== true || row.requestBody.size <= 1024 * 1024)
          problems.push('too_large not flagged');
        if (listening.core.events.getRow(row.id)?.request_body?.byteLength !== 64 * 1024)
          problems.push('first 64 KiB not kept');
      }
      if (exchange.status !== null && hostile.request.method !== 'HEAD') {
        const answer = JSON.parse(exchange.body) as { id?: number; received?: boolean };
        if (answer.id !== row.id) problems.push(`answered id ${answer.id}, stored ${row.id}`);
        if (answer.received !== (exchange.status === 200)) problems.push(`received ${answer.received}`);
      }
      if (exchange.status !== null && hostile.rawBytes === undefined && hostile.request.method !== 'HEAD') {
        answered.push({ name: hostile.name, id: row.id, body: exchange.body });
      }
      if (problems.length > 0) failures.push(`${hostile.name}: ${problems.join('; ')}`);
    }
    expect(failures).toEqual([]);

    // What was answered is stored too (written just after the answer went out).
    await new Promise((resolve) => setTimeout(resolve, 50));
    const unrecorded = answered.filter(
      ({ id, body }) => listening.core.events.getDetail(id)?.responseBody?.text !== body,
    );
    expect(unrecorded.map((entry) => entry.name)).toEqual([]);
    expect(answered.length).toBeGreaterThan(90);
  }, 120_000);
});
