import { afterEach, describe, expect, it } from 'vitest';
import { checkStored, sendUntilKilled, startListen } from './helpers/kill-trial';
import { makeTempDir } from './helpers/temp-console';

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
