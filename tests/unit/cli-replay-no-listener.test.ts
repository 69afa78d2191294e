import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from './helpers/run-cli';
import { afterThisTest, storeWebhook } from './helpers/replay-targets';
import { openTempConsole } from './helpers/temp-console';

/** `replay` without --to sends to this data directory's listener: when none runs, it says what to start. */
describe('replay to the listener when none runs', () => {
  it('says the listener is not running and how to start it, beside the refused send', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const opened = await openTempConsole({ startEmulator: false });
    afterThisTest(opened.dispose);
    const local = opened.core.profiles.active();
    opened.core.profiles.update(
      local.id,
      { listenerPort: port },
      { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
    );
    const webhook = storeWebhook(opened.core);
    const run = await runCliCaptured(['--data-dir', opened.dataDir, 'replay', String(webhook)]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^failed: Connection refused/m);
    expect(run.stderr).toContain(
      `hint: no listener runs on this data directory (port ${port}): start \`npx checkout-console --data-dir ${opened.dataDir} listen\`, \`serve\` or the app on it, or replay --to a URL.`,
    );
  });
});
