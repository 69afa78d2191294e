import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

/**
 * An export without --include-tokens stores each token as the placeholder REDACTED; imported
 * into another data directory and replayed with its Original token, `serviceToken=REDACTED` went
 * out (each replay recorded malformed) while the view said "The exact token it arrived with" and
 * the plan warned of nothing. The plan now refuses it, naming each webhook and why.
 */
let opened: Awaited<ReturnType<typeof openTempConsole>>;
const ids: number[] = [];
const url = 'http://127.0.0.1:9/hooks';
const plan = (tokenMode: string) =>
  opened.core.dispatcher(
    'planReplay',
    { ids, target: { kind: 'url', url }, tokenMode },
    { transport: 'websocket' },
  );

beforeAll(async () => {
  opened = await openTempConsole();
  const webhook = {
    kind: 'webhook',
    method: 'POST',
    path: '/hooks',
    status: 200,
    tokenVerdict: 'malformed',
    bodyVerdict: 'event',
    requestBody: Buffer.from('{"event_type":"order_approved"}'),
  } as const;
  const stored = opened.core.recorder.recordMany([
    { ...webhook, query: 'serviceToken=REDACTED' },
    { ...webhook, requestHeaders: [['Authorization', 'Bearer REDACTED']] },
  ]);
  ids.push(...stored.map((row) => row.id));
});
afterAll(() => opened.dispose());

describe('a webhook whose token was redacted at export', () => {
  it('is refused with its Original token or Re-signed, each webhook named with where its token was', async () => {
    const [first, second] = ids;
    const words =
      `Webhook #${first}'s token (its ?serviceToken= query parameter) was redacted at export: it is stored as the placeholder REDACTED, not the token it arrived with; so was webhook #${second}'s (its Authorization header).` +
      ' Sent as it is stored, each replay would arrive malformed, and a token whose claims are unknown cannot be re-signed.';
    for (const mode of ['original', 'resign'])
      expect(await plan(mode)).toMatchObject({
        ok: false,
        error: { message: `${words} Replay with the token Removed, or a Crafted preset.` },
      });
    expect(await plan('none')).toMatchObject({ ok: true, data: { webhooks: 2 } });
    expect(await plan('preset')).toMatchObject({ ok: true, data: { webhooks: 2 } });

    const run = await runCliCaptured([
      '--data-dir',
      opened.dataDir,
      'replay',
      ...ids.map(String),
      '--to',
      url,
    ]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toBe(`error: <id...>: ${words} Replay with --token none.\n`);
  });
});
