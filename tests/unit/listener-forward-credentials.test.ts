import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import { DEFAULT_LISTENER_SETTINGS, listenerSettingsInputSchema } from '../../src/shared/listener';
import { withConsoleFile } from './helpers/console-file';
import { openListeningConsole } from './helpers/listening-console';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir, openTempConsole } from './helpers/temp-console';

// A forward-to URL with a user name and password: the credentials were never sent (a forward
// carries the webhook's own headers), yet they were stored in plain text, in the settings and
// with every forward record. Such a URL is refused where it comes in; one stored before is read
// without them, the other settings kept.

const WITH_CREDENTIALS = 'http://merchant:s3cret@127.0.0.1:3999/hooks';
const REASON = /user name or password from the forward-to URL/;

let core: ConsoleCore;
let dispose: () => Promise<void>;
beforeEach(async () => {
  ({ core, dispose } = await openTempConsole());
});
afterEach(async () => dispose());

const call = (command: string, input: unknown) => core.dispatcher(command, input, { transport: 'direct' });
const storedText = () =>
  withConsoleFile(core.dataDir, (db) =>
    db.prepare<[], { value: string }>("SELECT value FROM settings WHERE key = 'listener.settings'").get(),
  )?.value;

describe('a forward-to URL with a user name or password', () => {
  it('is refused by the form’s schema, naming the field', () => {
    const parsed = listenerSettingsInputSchema.safeParse({
      ...DEFAULT_LISTENER_SETTINGS,
      forwardTo: WITH_CREDENTIALS,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['forwardTo'], message: expect.stringMatching(REASON) }),
    ]);
    const userOnly = listenerSettingsInputSchema.shape.forwardTo.safeParse('http://merchant@127.0.0.1:3999/');
    expect(userOnly.success).toBe(false);
  });

  it('is refused by the settings command, and nothing is stored', async () => {
    const answer = await call('updateListenerSettings', { forwardTo: WITH_CREDENTIALS });
    expect(answer).toMatchObject({
      ok: false,
      error: { issues: [{ path: 'forwardTo', message: expect.stringMatching(REASON) }] },
    });
    expect(core.listener.settings().forwardTo).toBeNull();
    expect(storedText() ?? '').not.toContain('s3cret');
    // Called directly (not through the bridge), main refuses it too.
    expect(() => core.listener.updateSettings({ forwardTo: WITH_CREDENTIALS })).toThrow(REASON);
  });

  it('stored before this check: read without them, the other settings kept, and the next save drops them', async () => {
    withConsoleFile(core.dataDir, (db) =>
      db
        .prepare(
          "INSERT INTO settings (key, value) VALUES ('listener.settings', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )
        .run(
          JSON.stringify({ ...DEFAULT_LISTENER_SETTINGS, respondStatus: 503, forwardTo: WITH_CREDENTIALS }),
        ),
    );
    // Not reset to the defaults: the stored 503 still holds, and forwarding goes to the same place.
    expect(core.listener.settings()).toMatchObject({
      respondStatus: 503,
      forwardTo: 'http://127.0.0.1:3999/hooks',
    });
    expect(await call('getListenerSettings', {})).toMatchObject({
      ok: true,
      data: { respondStatus: 503, forwardTo: 'http://127.0.0.1:3999/hooks' },
    });
    // A window saving another field, with the value it read as expected, is not refused.
    expect(
      await call('updateListenerSettings', {
        responseDelayMs: 5,
        expected: { responseDelayMs: 0, forwardTo: 'http://127.0.0.1:3999/hooks' },
      }),
    ).toMatchObject({ ok: true, data: { responseDelayMs: 5, forwardTo: 'http://127.0.0.1:3999/hooks' } });
    expect(storedText()).not.toContain('s3cret');
  });

  it('pointing at the listener itself, the refusal does not echo the password', async () => {
    const listening = await openListeningConsole();
    try {
      const { port } = new URL(listening.origin);
      let message = '';
      try {
        listening.core.listener.updateSettings({ forwardTo: `http://merchant:s3cret@127.0.0.1:${port}/` });
      } catch (error) {
        message = String(error);
      }
      expect(message).not.toBe('');
      expect(message).not.toContain('s3cret');
    } finally {
      await listening.dispose();
    }
  });

  it('listen --forward-to refuses it with exit 2', async () => {
    const temp = makeTempDir();
    try {
      const run = await runCliCaptured([
        '--data-dir',
        temp.dir,
        'listen',
        '--port',
        '0',
        '--forward-to',
        WITH_CREDENTIALS,
      ]);
      expect(run).toMatchObject({
        code: 2,
        stderr: expect.stringMatching(/--forward-to: Remove the user name or password/),
      });
      expect(run.stderr).not.toContain('s3cret');
    } finally {
      temp.remove();
    }
  });
});
