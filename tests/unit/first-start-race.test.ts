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

function race(dataDir: string, goAt: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [FIRST_START_RACER, dataDir, String(goAt)], {
      cwd: ROOT,
      env: { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

// Two consoles started at once on a new data directory (`npm start` and a `listen` in another
// terminal, say) once ended one of them: both migrated the new database, both made a key file,
// both added the default profiles.
describe('consoles started at the same moment on a new data directory', () => {
  it('all open it, and find one set of profiles sealed with one key', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const temp = makeTempDir('cc-first-start-');
      try {
        // Time for every racer to load its modules before the start.
        const goAt = Date.now() + 4_000;
        const runs = await Promise.all(Array.from({ length: RACERS }, () => race(temp.dir, goAt)));
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
