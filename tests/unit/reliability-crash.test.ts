import { afterEach, describe, expect, it } from 'vitest';
import { checkStored, sendUntilKilled, startListen } from './helpers/kill-trial';
import { makeTempDir } from './helpers/temp-console';
import { createConsole } from '../../src/main/app';
import {
  closeInterruptedExchanges,
  INTERRUPTED_AFTER_MS,
} from '../../src/main/outbound/interrupted-exchanges';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

// `npm run reliability` runs the same trial 20 times at full load (bench/reliability.ts).
describe('crash durability', () => {
  it(
    'every webhook the listener acknowledged is stored after kill -9, round after round',
    { timeout: 120_000 },
    async () => {
      const { dir, remove } = makeTempDir('cc-crash-');
      cleanups.push(remove);
      const everyAcknowledged: number[] = [];
      for (const killAfter of [150, 400, 250]) {
        const { run, url } = await startListen(dir);
        const trial = await sendUntilKilled(url, run, { workers: 8, killWhen: (sent) => sent === killAfter });
        everyAcknowledged.push(...trial.acknowledged);
        // Reopened by a new process (as the next start would), every acknowledged id is there.
        const restarted = await startListen(dir);
        restarted.run.child.kill('SIGKILL');
        await restarted.run.exited;
      }
      expect(everyAcknowledged.length).toBeGreaterThan(300);
      const { lost, integrity } = checkStored(dir, everyAcknowledged);
      expect(integrity).toBe('ok');
      expect(lost).toEqual([]);
    },
  );
});

// The answer is stored with the record before it is written (nothing acknowledged may be lost), and
// the record is given its duration once it went out: a record killed in between is read as
// interrupted by the next console's sweep (interrupted-exchanges.test.ts, deterministically; a real
// kill cannot tell "handed to the kernel" from "read by the client"). A clean stop leaves none.
describe('a listener stopped cleanly under load', () => {
  it('leaves no record with its answer not known sent (SIGTERM)', { timeout: 60_000 }, async () => {
    const { dir, remove } = makeTempDir('cc-crash-');
    cleanups.push(remove);
    const { run, url } = await startListen(dir);
    const trial = await sendUntilKilled(url, run, {
      workers: 32,
      killWhen: (_sent, elapsedMs) => elapsedMs > 1_000,
      signal: 'SIGTERM',
    });
    const core = await createConsole({ dataDir: dir, frontDoor: 'browser', keychain: 'off' });
    cleanups.push(() => void core.close());
    expect(trial.acknowledged.length).toBeGreaterThan(100);
    expect(core.events.answerNotKnownSentBefore(Date.now() + 1)).toEqual([]);
    expect(closeInterruptedExchanges(core.events, core.recorder, Date.now() + INTERRUPTED_AFTER_MS + 1)).toBe(
      0,
    );
  });
});
