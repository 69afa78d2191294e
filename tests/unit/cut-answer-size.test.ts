import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { exportedEvent } from '../../src/main/history/export-records';
import { eventFromHar, harEntry, harEntrySchema } from '../../src/main/history/har';
import { readImportFile, toNewEvent } from '../../src/main/history/import-file';
import { forwardWebhook, FORWARD_STORED_RESPONSE_BYTES } from '../../src/main/listener/forward-webhook';
import { performHttpExchange } from '../../src/main/outbound/http-exchange';
import { toDetail } from '../../src/main/store/events-repository';
import { EXPORT_FORMAT, exportedEventSchema } from '../../src/shared/history-file';
import { receivedWebhook } from './helpers/received-webhook';
import { openTempConsole } from './helpers/temp-console';

// An answer over what the console keeps was cut with the size of the chunk it was cut in, not
// the answer's: a forward's 3,145,728-byte answer was stored as responseSize 1112960 (or 1077120,
// 1079168, from run to run), a replay's as 130944. The rest is read and counted now.

const MIB = 1024 * 1024;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/big`;
}

/** Answers `bytes` bytes with a matching Content-Length, in the chunks Node writes them in. */
const answering = (bytes: number) =>
  serve((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(bytes) });
    res.end(Buffer.alloc(bytes, 0x61));
  });

describe('an answer cut at what the console keeps', () => {
  it('is read to its end and counted: its size is the size that arrived', async () => {
    const url = await answering(3 * MIB);
    const outcome = await performHttpExchange({
      method: 'GET',
      url,
      headers: [],
      body: null,
      timeoutMs: 10_000,
      maxResponseBytes: MIB,
    });
    expect(outcome).toMatchObject({ status: 200, truncated: true, failure: null });
    expect(outcome.body?.byteLength).toBe(MIB);
    expect(outcome.responseBytes).toBe(3 * MIB);
    expect(outcome.responseEnded).toBe(true);
  });

  it('that goes on past the time it has is said as at least what was counted, the part kept still its answer', async () => {
    const url = await serve((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(100 * MIB) });
      res.write(Buffer.alloc(2 * MIB, 0x61)); // and nothing more
    });
    const outcome = await performHttpExchange({
      method: 'GET',
      url,
      headers: [],
      body: null,
      timeoutMs: 1_500,
      maxResponseBytes: MIB,
    });
    expect(outcome).toMatchObject({ status: 200, truncated: true, failure: null, responseEnded: false });
    expect(outcome.body?.byteLength).toBe(MIB);
    expect(outcome.responseBytes).toBe(2 * MIB);
  });

  it("a forward's record and detail say the size that arrived, and how much was kept", async () => {
    const url = await answering(3 * MIB);
    const temp = await openTempConsole();
    cleanups.push(temp.dispose);
    const forward = await forwardWebhook(temp.core.recorder, receivedWebhook('cut-answer'), url);
    expect(forward.details).toMatchObject({ responseTruncated: true, responseSize: 3 * MIB });
    expect(forward.details).not.toHaveProperty('responseSizeAtLeast');
    const row = temp.core.events.getRow(1);
    if (row === undefined) throw new Error('no forward record');
    expect(row.kind).toBe('forward');
    const detail = toDetail(row);
    expect(detail.responseBody).toMatchObject({ size: 3 * MIB, truncated: true });
    expect(detail.responseBody?.text?.length).toBe(FORWARD_STORED_RESPONSE_BYTES);
  });
});

describe('a cut answer in an export, and imported back', () => {
  it('JSON and HAR say it was cut and the size that arrived; import keeps both', async () => {
    const temp = await openTempConsole();
    cleanups.push(temp.dispose);
    const details = { responseTruncated: true, responseSize: 3 * MIB, target: 'http://x/' };
    temp.core.recorder.recordMany([
      {
        kind: 'forward',
        method: 'POST',
        url: 'http://x/n',
        status: 200,
        responseBody: Buffer.from('aaaa'),
        details,
      },
      { kind: 'forward', method: 'POST', url: 'http://x/n', status: 200, responseBody: Buffer.from('ok') },
    ]);
    const options = { includeTokens: false, secrets: [], uidOf: () => null };
    const exported = (id: number) => {
      const row = temp.core.events.getRow(id);
      if (row === undefined) throw new Error(`no record ${id}`);
      return exportedEvent(row, options);
    };
    const [cut, whole] = [exported(1), exported(2)];
    expect(cut).toMatchObject({ response_body: 'aaaa', response_truncated: true, response_size: 3 * MIB });
    expect(whole).toMatchObject({ response_body: 'ok', response_truncated: false, response_size: 2 });

    const har = harEntry(cut) as { response: { bodySize: number; content: { size: number } } };
    expect(har.response.bodySize).toBe(3 * MIB);
    expect(har.response.content.size).toBe(3 * MIB);
    const fromHar = exportedEventSchema.parse(eventFromHar(harEntrySchema.parse(har), 'u'));
    expect(fromHar).toMatchObject({ response_truncated: true, response_size: 3 * MIB });

    const file = JSON.stringify({ format: EXPORT_FORMAT, version: 1, exportedAt: '', events: [cut] });
    const [read] = readImportFile(file).records;
    if (read === undefined) throw new Error('nothing read');
    expect(toNewEvent(read).details).toMatchObject({ responseTruncated: true, responseSize: 3 * MIB });
    // A size smaller than the body it gives is no size that arrived.
    const smaller = JSON.stringify({
      format: EXPORT_FORMAT,
      version: 1,
      exportedAt: '',
      events: [{ ...cut, response_size: 3 }],
    });
    expect(() => readImportFile(smaller)).toThrow(
      'events[0]: response_size is 3 bytes, smaller than the 4 bytes of response_body it gives.',
    );
  });
});
