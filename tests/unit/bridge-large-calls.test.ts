import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { BridgeResult } from '../../src/shared/contract';
import {
  CALL_INPUT_MAX_CHARS,
  DIRECT_CALL_MAX_CHARS,
  UPLOAD_PART_MAX_CHARS,
  WEBSOCKET_MAX_MESSAGE_BYTES,
} from '../../src/shared/contract/transfer';
import { DRAFT_TEXT_MAX } from '../../src/shared/drafts';
import { callAnySize, callWithFileText, type TransportCall } from '../../src/renderer/src/bridge/large-calls';
import { openBrowserMode, type BrowserModeHarness } from './helpers/browser-mode-harness';

let harness: BrowserModeHarness;
beforeEach(async () => {
  harness = await openBrowserMode();
});
afterEach(async () => harness.dispose());

/** The renderer's WebSocket transport, in Node: one call per message, answers matched by id. */
async function bridgeOverWebSocket(): Promise<{ call: TransportCall; sizes: number[]; socket: WebSocket }> {
  const cookie = await harness.login();
  const opened = await harness.openSocket({ Cookie: cookie, Origin: harness.server.origin });
  if (!('socket' in opened)) throw new Error(`refused with ${opened.status}`);
  const { socket } = opened;
  const pending = new Map<number, (result: BridgeResult<unknown>) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string; id: number; result: BridgeResult<unknown> };
    if (message.type === 'result') pending.get(message.id)?.(message.result);
  });
  const sizes: number[] = [];
  let next = 1;
  const call: TransportCall = (command, input) =>
    new Promise((resolve) => {
      const id = next++;
      pending.set(id, resolve);
      const frame = JSON.stringify({ type: 'call', id, command, input });
      sizes.push(Buffer.byteLength(frame));
      socket.send(frame);
    });
  return { call, sizes, socket };
}

/** An NDJSON history file of about `megabytes` MB: records with 5 KB bodies. */
function historyFile(megabytes: number): { text: string; records: number } {
  const lines: string[] = [];
  let size = 0;
  for (let n = 0; size < megabytes * 1_000_000; n++) {
    const line = JSON.stringify({
      uid: `large-import-${n}`,
      kind: 'webhook',
      at: new Date(1_700_000_000_000 + n * 1000).toISOString(),
      method: 'POST',
      path: '/hooks',
      request_body: JSON.stringify({ order_reference_id: `BIG-${n}`, note: 'é"\\\u0001'.repeat(1000) }),
      status: 200,
    });
    lines.push(line);
    size += Buffer.byteLength(line) + 1;
  }
  return { text: `${lines.join('\n')}\n`, records: lines.length };
}

describe('how large inputs cross the bridge', () => {
  it('no part or direct call can exceed the WebSocket limit, whatever its characters', () => {
    const envelope = 1024;
    // `\u0001` is 6 bytes as JSON; a character outside ASCII at most 3 in UTF-8.
    expect(UPLOAD_PART_MAX_CHARS * 6 + envelope).toBeLessThanOrEqual(WEBSOCKET_MAX_MESSAGE_BYTES);
    expect(DIRECT_CALL_MAX_CHARS * 3 + envelope).toBeLessThanOrEqual(WEBSOCKET_MAX_MESSAGE_BYTES);
  });

  it('one message with a 10 MB import closes the socket (the old way): the limit is real', async () => {
    const { call, socket } = await bridgeOverWebSocket();
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    void call('importHistory', { text: historyFile(10).text });
    expect(await closed).toBe(1009);
  });

  it('a 10 MB history file streams up in parts and imports whole; no message over the limit', async () => {
    const { call, sizes } = await bridgeOverWebSocket();
    const { text, records } = historyFile(10);
    const result = await callWithFileText(call, 'importHistory', 'text', new Blob([text]));
    expect(result).toEqual({
      ok: true,
      data: {
        imported: records,
        skipped: 0,
        repeated: 0,
        unlinked: 0,
        differing: 0,
        differingIds: [],
        format: 'ndjson',
      },
    });
    expect(harness.core.events.count()).toBe(records);
    expect(sizes.length).toBeGreaterThan(5);
    expect(Math.max(...sizes)).toBeLessThan(WEBSOCKET_MAX_MESSAGE_BYTES);
  });

  it('a large input of quotes, control characters and non-ASCII arrives exactly as sent', async () => {
    const { call, sizes } = await bridgeOverWebSocket();
    const text = `{"x":"${'"\\\u0001é😀\u2028'.repeat(DRAFT_TEXT_MAX / 8)}`.slice(0, DRAFT_TEXT_MAX);
    const saved = await callAnySize(call, 'saveDraft', {
      name: 'large',
      form: 'general',
      singleCheckout: false,
      text,
    });
    expect(saved.ok).toBe(true);
    const id = saved.ok ? (saved.data as { id: number }).id : 0;
    const read = await callAnySize(call, 'getDraft', { id });
    expect(read.ok && (read.data as { text: string }).text === text).toBe(true);
    expect(sizes.length).toBeGreaterThan(3);
    expect(Math.max(...sizes)).toBeLessThan(WEBSOCKET_MAX_MESSAGE_BYTES);
  });

  it('an input over the per-call maximum is refused with a clear message before anything is sent', async () => {
    const { call, sizes } = await bridgeOverWebSocket();
    const result = await callAnySize(call, 'saveDraft', {
      name: 'too large',
      form: 'general',
      singleCheckout: false,
      text: 'x'.repeat(CALL_INPUT_MAX_CHARS),
    });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringMatching(
          /is 64 Mi characters as JSON; the console takes at most 64 Mi characters in one request/,
        ),
      },
    });
    expect(sizes).toEqual([]);
  });

  it('an upload larger than the command takes is refused by its own schema, naming the limit', async () => {
    const { call } = await bridgeOverWebSocket();
    const result = await callWithFileText(
      call,
      'saveDraft',
      'text',
      new Blob(['x'.repeat(DRAFT_TEXT_MAX + 1)]),
      { name: 'over', form: 'general', singleCheckout: false },
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    // Said as the toast shows it: characters, digits grouped, and no schema path before it
    // ("text: A draft is at most 4194304 characters (4 MiB)" before); the issue still names text.
    expect(result.ok ? '' : result.error.message).toBe(
      `A draft is at most 4,194,304 characters; this one has ${(DRAFT_TEXT_MAX + 1).toLocaleString('en-US')}.`,
    );
    expect(result.ok ? [] : result.error.issues).toEqual([
      { path: 'text', message: 'A draft is at most 4,194,304 characters; this one has 4,194,305.' },
    ]);
  });
});
