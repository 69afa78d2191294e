import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

let dataDir = '';
let dispose: () => Promise<void> = async () => undefined;
let webhookId = 0;
const curl = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, 'curl', ...argv]);

beforeAll(async () => {
  const opened = await openTempConsole();
  dataDir = opened.dataDir;
  dispose = opened.dispose;
  const [webhook] = opened.core.recorder.recordMany([
    {
      kind: 'webhook',
      method: 'POST',
      url: 'http://127.0.0.1:4455/hooks',
      path: '/hooks',
      status: 200,
      requestBody: Buffer.from('{"order_id":"o-1"}'),
    },
  ]);
  webhookId = webhook?.id ?? 0;
  await opened.core.close();
});
afterAll(async () => {
  await dispose().catch(() => undefined);
});

describe('checkout-console curl through the contract (copyAsCurl)', () => {
  it('prints the command as the timeline copies it', async () => {
    const run = await curl(String(webhookId));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^curl --request POST http:\/\/127\.0\.0\.1:4455\/hooks/);
    expect(run.stdout).toContain(`--data-raw '{"order_id":"o-1"}'`);
  });

  it("judges the id with the contract's schema, named as the argument (exit 2)", async () => {
    // Sixteen digits read as a number, but past the largest whole number the contract accepts.
    const run = await curl('9999999999999999');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('error: <id>: must be at most 9,007,199,254,740,991\n');
    expect(run.stdout).toBe('');
  });
});
