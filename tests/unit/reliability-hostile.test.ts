import { afterEach, describe, expect, it } from 'vitest';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { sendRaw } from './helpers/raw-http';

let open: ListeningConsole | null = null;
afterEach(async () => {
  await open?.dispose();
  open = null;
});

describe('oversized headers', () => {
  it.each([
    ['one header of 64 KiB', `X-Pad: ${'a'.repeat(64 * 1024)}\r\n`],
    ['two thousand small headers', Array.from({ length: 2000 }, (_, n) => `X-H${n}: ${n}\r\n`).join('')],
  ])('%s: answered, recorded, and the listener keeps serving', async (_case, headers) => {
    open = await openListeningConsole();
    const port = Number(new URL(open.origin).port);
    const before = open.core.events.count();
    const raw = Buffer.from(
      `POST /big HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${headers}Content-Length: 2\r\n\r\n{}`,
      'latin1',
    );
    const answer = await sendRaw(port, raw);
    expect(answer.status).not.toBeNull();
    expect(answer.status).toBeGreaterThanOrEqual(400);
    await expect.poll(() => open?.core.events.count()).toBe(before + 1);
    const [record] = open.core.eventsQuery.page({}, { limit: 1 }).items;
    expect(record?.error ?? '').not.toBe('');
    expect((await fetch(`${open.origin}/after`, { method: 'POST', body: '{}' })).status).toBe(200);
  });
});
