import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm run bench` stopped at its first line for a stop: a benchmark imports a builder module that
// imports `@shared/…`, and tsx resolves the renderer's aliases only from a tsconfig that declares
// them. The script names tsconfig.node.json; loading every benchmark is what this checks (an
// unknown name exits 2 after all of them are imported, before any runs).
const ROOT = join(import.meta.dirname, '..', '..');

describe('npm run bench', () => {
  it('loads every benchmark module, and names the benchmarks for an unknown one', () => {
    const run = spawnSync('npm', ['run', '--silent', 'bench', '--', 'no-such-benchmark'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).not.toMatch(/Cannot find (package|module)/);
    expect(run.stderr).toContain('Unknown benchmark(s): no-such-benchmark. Choose from: listener');
    expect(run.status).toBe(2);
  });
});
