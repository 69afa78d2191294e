import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatProblem } from '../../src/shared/scenarios/scenario-file-problems';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { makeTempDir } from './helpers/temp-console';

// The view opens a folder, then runs files it listed. A file that broke (or went) in between
// used to drop out of the run quietly: the run said "passed", and its row stayed queued.
const temp = makeTempDir('cc-refusal-');
let app: ListeningConsole;
const setOnly = (name: string) => `name: ${name}\nsteps:\n  - step: set\n    vars: { a: 1 }\n`;

beforeAll(async () => {
  app = await openListeningConsole();
});
afterAll(async () => {
  await app.dispose();
  temp.remove();
});

const call = async (command: string, input: unknown) => {
  const result = await app.core.dispatcher(command, input, { transport: 'direct' });
  if (!result.ok) throw new Error(result.error.message);
  return result.data as Record<string, unknown>;
};

/** A folder of its own for each test, with A and B that load, opened as the view opens it. */
const openedFolder = async (name: string) => {
  const folder = join(temp.dir, name);
  mkdirSync(folder);
  writeFileSync(join(folder, 'a.yaml'), setOnly('A'));
  writeFileSync(join(folder, 'b.yaml'), setOnly('B'));
  const opened = await call('openScenarioFolder', { folder });
  expect(opened.problems).toEqual([]);
  return folder;
};

describe('running files of an opened folder', () => {
  it('refuses, naming the file and its problem, when a chosen file no longer loads', async () => {
    const folder = await openedFolder('broken');
    writeFileSync(join(folder, 'b.yaml'), 'name: B\nsteps:\n  - step: sett\n');
    const started = await call('startScenarioRun', { folder, files: ['a.yaml', 'b.yaml'] });
    expect(started).not.toHaveProperty('runId');
    const problems = started.problems as Parameters<typeof formatProblem>[0][];
    expect(problems.map(formatProblem)).toEqual([
      'b.yaml:3:11: steps[0].step: "sett" is not a kind of step; did you mean "set"?',
    ]);
  });

  it('refuses when a chosen file is gone', async () => {
    const folder = await openedFolder('gone');
    rmSync(join(folder, 'b.yaml'));
    const started = await call('startScenarioRun', { folder, files: ['a.yaml', 'b.yaml'] });
    expect((started.problems as Parameters<typeof formatProblem>[0][]).map(formatProblem)).toEqual([
      'b.yaml: no such file (removed or renamed since the folder was opened)',
    ]);
  });

  it('runs the chosen files when only a file not chosen is broken', async () => {
    const folder = await openedFolder('other-broken');
    writeFileSync(join(folder, 'b.yaml'), 'name: B\nsteps: [\n');
    const started = await call('startScenarioRun', { folder, files: ['a.yaml'] });
    expect(started).toEqual({ runId: expect.any(String) });
  });
});
