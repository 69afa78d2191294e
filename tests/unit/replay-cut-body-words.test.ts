import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutBodyRefusalWhileEditing } from '../../src/shared/replay-cut-body-words';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

/**
 * A webhook stored cut is refused, with a way out true where it is said: the Replay view can edit
 * the body (or, the editor on and left as loaded, change it); `replay` in a terminal cannot, and
 * said "Edit the body to replay it" all the same.
 */
let opened: Awaited<ReturnType<typeof openTempConsole>>;
let id = 0;
const request = () => ({ ids: [id], target: { kind: 'url', url: 'http://127.0.0.1:9/hooks' } });
const cause = () =>
  `Webhook #${id} arrived with 1.00002 MiB (1,048,600 bytes), but only its first 64.0 KiB (65,536 bytes) were stored: replayed, it would go out cut.`;

beforeAll(async () => {
  opened = await openTempConsole();
  const [stored] = opened.core.recorder.recordMany([
    {
      kind: 'webhook',
      method: 'POST',
      path: '/hooks',
      status: 413,
      tokenVerdict: 'missing',
      bodyVerdict: 'event',
      requestBody: Buffer.alloc(65_536, 'x'),
      requestSize: 1_048_600,
      requestTruncated: true,
      atMs: Date.parse('2026-01-15T10:00:00Z'),
    },
  ]);
  id = stored?.id ?? 0;
});
afterAll(() => opened.dispose());

describe('a webhook stored cut, refused in the words of where it is asked', () => {
  it('the window (the Replay view, Edit the body off) is told to edit the body', async () => {
    const result = await opened.core.dispatcher('planReplay', request(), { transport: 'websocket' });
    expect(result).toMatchObject({
      ok: false,
      error: { message: `${cause()} Edit the body to replay it, or leave it out.` },
    });
  });

  it('with Edit the body on and the editor as it was loaded, the view says to change the body', async () => {
    const result = await opened.core.dispatcher('planReplay', request(), { transport: 'websocket' });
    const message = result.ok ? '' : result.error.message;
    expect(cutBodyRefusalWhileEditing(message)).toBe(
      `${cause()} Change the body in the editor to replay it (as loaded, it holds the stored bytes, cut), or leave it out.`,
    );
    // Any other refusal is said as main said it.
    expect(cutBodyRefusalWhileEditing('No stored webhook matches; nothing to replay.')).toBe(
      'No stored webhook matches; nothing to replay.',
    );
  });

  it('a terminal, where replay has no way to edit a body, is told what it can do', async () => {
    const run = await runCliCaptured([
      '--data-dir',
      opened.dataDir,
      'replay',
      String(id),
      '--to',
      request().target.url,
    ]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toBe(
      `error: <id...>: ${cause()} Leave it out: replay sends stored bodies as they are, and only the Replay view (Edit the body) can send another.\n`,
    );
  });
});
