import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// A checkout step's payload file is read by the run: what is wrong with it is said in the
// console's words, on one line, and never echoes the file's text into the report.
const temp = makeTempDir('cc-scenario-payloads-');
const dataDir = join(temp.dir, 'data');
const suite = join(temp.dir, 'suite');
afterAll(() => temp.remove());

function scenarioWithFile(name: string, file: string): string {
  mkdirSync(suite, { recursive: true });
  const path = join(suite, `${name}.yaml`);
  writeFileSync(path, `name: ${name}\nsteps:\n  - step: checkout\n    file: ${file}\n`);
  return path;
}

describe("a checkout step's payload file", () => {
  it.each([
    ['forged', 'forged.json', 'x\rFAKE\n✓ ok', /file forged\.json is not JSON: .+ at line 1, column 1/],
    [
      'deep',
      'deep.json',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      /file deep\.json cannot be read: it nests more than 64 levels deep; at most 64 are read/,
    ],
    ['missing', 'missing.json', null, /file missing\.json cannot be read: no such file or directory/],
    // Read with replacement, a Latin-1 "Renée" was sent as "Ren\uFFFDe" and the run passed.
    [
      'latin',
      'latin.json',
      Buffer.from('{\n  "first_name": "Ren\xe9e"\n}\n', 'latin1'),
      /file latin\.json is not UTF-8 text: byte 0xE9 at line 2, column 21 is not UTF-8 \(JSON is; was it saved as Latin-1 or another encoding\?\)/,
    ],
  ])('%s: the step fails with the cause, on one line', async (name, file, text, message) => {
    const scenario = scenarioWithFile(name, file);
    if (text !== null) writeFileSync(join(suite, file), text);
    const run = await runCliCaptured(['--data-dir', dataDir, 'test', scenario, '--reporter', 'json']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as {
      scenarios: { steps: { status: string; error?: string | null }[] }[];
    };
    const step = report.scenarios[0]?.steps[0];
    expect(step?.status).not.toBe('passed');
    expect(JSON.stringify(step)).toMatch(message);
    expect(run.stderr).not.toContain('FAKE');
    expect(run.stderr).not.toMatch(/^✓ ok/m);
  });
});

describe('a scenario file that cannot run', () => {
  it('an empty file says it is empty', async () => {
    mkdirSync(suite, { recursive: true });
    writeFileSync(join(suite, 'empty.yaml'), '\n');
    const empty = await runCliCaptured(['--data-dir', dataDir, 'test', join(suite, 'empty.yaml')]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/empty\.yaml: the file is empty; a scenario has a name and steps/);
  });

  // Read with replacement, `name: latin \xe9\xe8` loaded as "latin \uFFFD\uFFFD" and passed.
  it('a file that is not UTF-8 is refused, naming the byte, its line and column', async () => {
    mkdirSync(suite, { recursive: true });
    writeFileSync(
      join(suite, 'latin.yaml'),
      Buffer.from('name: latin \xe9\xe8\nsteps:\n  - step: wait\n    for: 1\n', 'latin1'),
    );
    const run = await runCliCaptured(['--data-dir', dataDir, 'test', join(suite, 'latin.yaml')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'latin.yaml:1:13: is not UTF-8 text: byte 0xE9 at line 1, column 13 is not UTF-8 (a scenario file is read as UTF-8; was it saved as Latin-1 or another encoding?)',
    );
  });
});
