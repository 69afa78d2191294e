import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createConsole } from '../../src/main/app';
import { makeTempDir } from './helpers/temp-console';

// Saving a preference read all of them, then wrote them back in a second statement. Another
// console on the same data directory that saved one in between (the theme in one window, the
// first-run guide in another) had its save written over with what was read before it.

/**
 * A second writer of the data directory: it takes the write lock, saves a theme, holds the
 * lock for `holdMs` and commits; it says "holding" once it has the lock.
 */
const OTHER_CONSOLE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.exec('BEGIN IMMEDIATE');
db.prepare("INSERT INTO settings (key, value) VALUES ('preferences', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
  .run(JSON.stringify({ colorScheme: 'dark' }));
parentPort.postMessage('holding');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.holdMs);
db.exec('COMMIT');
db.close();
parentPort.postMessage('committed');
`;

describe('preferences saved by two consoles at once', () => {
  it("keeps the other console's save: the read and the write are one transaction", async () => {
    const temp = makeTempDir();
    const core = await createConsole({ dataDir: temp.dir, frontDoor: 'browser', keychain: 'off' });
    try {
      const worker = new Worker(OTHER_CONSOLE, {
        eval: true,
        workerData: {
          sqlite: require.resolve('better-sqlite3', { paths: [process.cwd()] }),
          file: join(temp.dir, 'console.sqlite'),
          holdMs: 300,
        },
      });
      const messages: string[] = [];
      const committed = new Promise<void>((resolve, reject) => {
        worker.on('message', (message: string) => {
          messages.push(message);
          if (message === 'committed') resolve();
        });
        worker.on('error', reject);
      });
      await new Promise<void>((resolve) => {
        worker.once('message', () => resolve());
      });
      // The other console holds the lock with its theme not yet committed: this save waits for
      // it, and must build on what it committed.
      const saved = await core.dispatcher('setPreferences', { firstRunGuide: 'done' }, { transport: 'ipc' });
      await committed;
      await worker.terminate();
      expect(messages).toEqual(['holding', 'committed']);
      expect(saved).toMatchObject({ ok: true, data: { colorScheme: 'dark', firstRunGuide: 'done' } });
      expect(await core.dispatcher('getPreferences', {}, { transport: 'ipc' })).toMatchObject({
        ok: true,
        data: { colorScheme: 'dark', firstRunGuide: 'done' },
      });
    } finally {
      await core.close();
      temp.remove();
    }
  });
});
