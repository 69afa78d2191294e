import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIRST_START_RACER } from './helpers/source-cli';
import { makeTempDir } from './helpers/temp-console';

const ROOT = join(import.meta.dirname, '..', '..');
const RACERS = 5;
const ROUNDS = 2;

const finding = z.object({ profiles: z.array(z.string()), localToken: z.string().nullable() });

interface Racer {
  /** Resolves once the racer has loaded its modules and waits for the start. */
  ready: Promise<void>;
  /** Tells the racer the moment to start (epoch ms). */
  go: (goAt: number) => void;
  finished: Promise<{ code: number | null; output: string }>;
}

function racer(dataDir: string): Racer {
  const child = spawn(process.execPath, [FIRST_START_RACER, dataDir], {
    cwd: ROOT,
    env: { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // A racer that has already failed cannot read its start: not a second error.
  child.stdin.on('error', () => undefined);
  let output = '';
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (/^ready$/m.test(output)) markReady();
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const finished = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => {
      // A racer that died before it was ready must not keep the others waiting.
      markReady();
      resolve({ code, output });
    }),
  );
  return { ready, go: (goAt) => child.stdin.end(`${goAt}\n`), finished };
}

// Two consoles started at once on a new data directory (`npm start` and a `listen` in another
// terminal, say) once ended one of them: both migrated the new database, both made a key file,
// both added the default profiles.
describe('consoles started at the same moment on a new data directory', () => {
  it('all open it, and find one set of profiles sealed with one key', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const temp = makeTempDir('cc-first-start-');
      try {
        const racers = Array.from({ length: RACERS }, () => racer(temp.dir));
        // Every racer has loaded its modules; a short lead lets each read the start in time.
        await Promise.all(racers.map((one) => one.ready));
        const goAt = Date.now() + 100;
        for (const one of racers) one.go(goAt);
        const runs = await Promise.all(racers.map((one) => one.finished));
        for (const run of runs) expect(run.code, run.output).toBe(0);
        const found = runs.map((run) =>
          finding.parse(JSON.parse(run.output.trim().split('\n').at(-1) ?? '')),
        );
        for (const one of found) expect(one.profiles).toEqual(['Live', 'Local', 'Sandbox']);
        expect(new Set(found.map((one) => one.localToken)).size).toBe(1);
        expect(found[0]?.localToken).not.toBeNull();
      } finally {
        temp.remove();
      }
    }
  }, 120_000);
});
