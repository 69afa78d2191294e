import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import { withConsoleFile } from './helpers/console-file';
import { openTempConsole } from './helpers/temp-console';

// A damaged stored listener setting or retention policy was said on the terminal and in the log
// only: the window's answers carried the values in use and no word of what could not be read,
// so the Listener view and History's retention showed 200 and keep everything as if chosen.
// The answers the views read now carry those words (`unreadable`), empty once saved.

let core: ConsoleCore;
let dispose: () => Promise<void>;
beforeEach(async () => {
  ({ core, dispose } = await openTempConsole());
});
afterEach(async () => dispose());

const call = (command: string, input: unknown) => core.dispatcher(command, input, { transport: 'direct' });
const store = (key: string, value: string) =>
  withConsoleFile(core.dataDir, (db) =>
    db
      .prepare(
        'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      )
      .run(key, value),
  );

describe('the answers the views read, for a damaged stored setting', () => {
  it('getListenerSettings carries what of the listener settings could not be read, and a save clears it', async () => {
    store('listener.settings', '{"respondStatus":503,"forwardTo":"ftp://x"}');
    expect(await call('getListenerSettings', {})).toEqual({
      ok: true,
      data: expect.objectContaining({
        respondStatus: 503,
        forwardTo: null,
        unreadable: [expect.stringMatching(/^forwardTo "ftp:\/\/x" cannot be read \(.*\), so null is used$/)],
      }),
    });
    expect(await call('updateListenerSettings', { responseDelayMs: 5 })).toMatchObject({ ok: true });
    expect(await call('getListenerSettings', {})).toMatchObject({
      ok: true,
      data: { respondStatus: 503, responseDelayMs: 5, unreadable: [] },
    });
  });

  it('getRetention carries what of the retention policy could not be read, and a save clears it', async () => {
    store('history.retention', '{"mode":"count","count":0}');
    expect(await call('getRetention', {})).toEqual({
      ok: true,
      data: {
        mode: 'all',
        unreadable: ['count 0 cannot be read (must be at least 1 record), so {"mode":"all"} is used'],
      },
    });
    expect(await call('setRetention', { mode: 'days', days: 30 })).toMatchObject({ ok: true });
    expect(await call('getRetention', {})).toEqual({
      ok: true,
      data: { mode: 'days', days: 30, unreadable: [] },
    });
  });
});
