import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkStored, sendUntilKilled, startListen } from '../tests/unit/helpers/kill-trial';
import { makeTempDir } from '../tests/unit/helpers/temp-console';
import { machine } from './bench-kit';

/**
 * `npm run reliability [-- trials]`: kill -9 trials of `checkout-console listen` at full load
 * (64 connections posting as fast as it answers), each killed at a random moment 0.3–2.5 s into
 * the load, then reopened by a new process. After every trial: every acknowledged id is stored
 * and the database passes its integrity check. Outside `npm test` (it takes minutes); figures
 * go to bench/results/reliability.json. Exits 1 if anything acknowledged was lost.
 */
const TRIALS = Number(process.argv[2] ?? 20);
const WORKERS = 64;

const { dir, remove } = makeTempDir('cc-reliability-');
const trials: { acknowledged: number; sent: number; loadMs: number; lost: number; integrity: string }[] = [];
try {
  for (let index = 0; index < TRIALS; index++) {
    const killAtMs = 300 + Math.floor(Math.random() * 2200);
    const { run, url } = await startListen(dir);
    const trial = await sendUntilKilled(url, run, {
      workers: WORKERS,
      killWhen: (_sent, elapsedMs) => elapsedMs >= killAtMs,
    });
    // The next start opens the file the killed process left, as a user's restart would.
    const restarted = await startListen(dir);
    restarted.run.child.kill('SIGKILL');
    await restarted.run.exited;
    const { lost, integrity } = checkStored(dir, trial.acknowledged);
    trials.push({
      acknowledged: trial.acknowledged.length,
      sent: trial.sent,
      loadMs: trial.loadMs,
      lost: lost.length,
      integrity,
    });
    process.stderr.write(
      `trial ${index + 1}/${TRIALS}: killed after ${trial.loadMs} ms, ${trial.acknowledged.length} acknowledged, ${lost.length} lost, integrity ${integrity}\n`,
    );
  }
} finally {
  remove();
}
const lost = trials.reduce((sum, trial) => sum + trial.lost, 0);
const summary = {
  trials: trials.length,
  connections: WORKERS,
  acknowledged: trials.reduce((sum, trial) => sum + trial.acknowledged, 0),
  lost,
  integrityFailures: trials.filter((trial) => trial.integrity !== 'ok').length,
  perTrial: trials,
  at: new Date().toISOString(),
  machine: machine(),
};
writeFileSync(
  join(import.meta.dirname, 'results', 'reliability.json'),
  `${JSON.stringify(summary, null, 2)}\n`,
);
process.stderr.write(
  `${summary.trials} kill -9 trials: ${summary.acknowledged} acknowledged, ${lost} lost, ${summary.integrityFailures} integrity failures\n`,
);
if (lost > 0 || summary.integrityFailures > 0) process.exitCode = 1;
