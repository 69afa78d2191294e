import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatProblem } from '../../src/shared/scenarios/scenario-file-problems';
import { openTempConsole, makeTempDir } from './helpers/temp-console';

// Save as scenario wrote any text, even YAML that cannot load (`stepz:`), said "Saved to …
// Open its folder in Scenarios to run it.", and the file then blocked Run all and `test`.
const temp = makeTempDir('cc-save-checked-');
let opened: Awaited<ReturnType<typeof openTempConsole>>;
beforeAll(async () => {
  opened = await openTempConsole();
});
afterAll(async () => {
  await opened.dispose();
  temp.remove();
});

const save = async (input: Record<string, unknown>) => {
  const result = await opened.core.dispatcher('saveScenarioFile', input, { transport: 'direct' });
  if (!result.ok) throw new Error(result.error.message);
  return result.data as { path: string | null; problems: Parameters<typeof formatProblem>[0][] };
};

describe('saving a scenario file', () => {
  const broken = 'name: Saved\nstepz:\n  - step: wait\n    for: 1s\n';

  it('checks the text with the loader `test` uses, and writes nothing that would not load', async () => {
    const path = join(temp.dir, 'saved', 'broken.yaml');
    const answer = await save({ path, text: broken });
    expect(answer.path).toBeNull();
    expect(answer.problems.map(formatProblem)).toEqual(
      expect.arrayContaining([expect.stringMatching(/broken\.yaml:2:1: stepz: unknown field "stepz"/)]),
    );
    expect(existsSync(path)).toBe(false);
  });

  it('writes it when asked to all the same, saying its problems', async () => {
    // Not the path of the test before, which checks that nothing was written there.
    const path = join(temp.dir, 'saved-anyway', 'broken.yaml');
    const answer = await save({ path, text: broken, saveInvalid: true });
    expect(answer.path).toBe(path);
    expect(answer.problems.length).toBeGreaterThan(0);
    expect(readFileSync(path, 'utf8')).toBe(broken);
  });

  it('writes a file that loads, with no problems', async () => {
    const path = join(temp.dir, 'saved', 'good.yaml');
    const answer = await save({ path, text: 'name: Good\nsteps:\n  - step: wait\n    for: 1s\n' });
    expect(answer).toEqual({ path, problems: [] });
  });

  // It wrote with a writeFileSync of its own: <data dir>/console.sqlite.yaml, or a folder made
  // inside the data directory, were written as any other path, and a file was replaced in place.
  it("refuses the console's data directory in the export guard's words, writing nothing", async () => {
    const before = readdirSync(opened.dataDir).sort();
    for (const path of [
      join(opened.dataDir, 'console.sqlite.yaml'),
      join(opened.dataDir, 'scenarios', 'saved.yaml'),
    ]) {
      const result = await opened.core.dispatcher(
        'saveScenarioFile',
        { path, text: 'name: Good\nsteps:\n  - step: wait\n    for: 1s\n', overwrite: true },
        { transport: 'direct' },
      );
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'invalid_input',
          message: `path: Cannot write ${path}: it is inside the data directory (${opened.dataDir}), which holds the console's own files; choose a path outside it.`,
          issues: [{ path: 'path' }],
        },
      });
      expect(existsSync(path)).toBe(false);
    }
    expect(readdirSync(opened.dataDir).sort()).toEqual(before);
  });

  it('keeps a file that exists unless told to overwrite it, then replaces it whole', async () => {
    const path = join(temp.dir, 'saved', 'kept.yaml');
    const first = 'name: First\nsteps:\n  - step: wait\n    for: 1s\n';
    const second = 'name: Second\nsteps:\n  - step: wait\n    for: 2s\n';
    writeFileSync(path, first);
    const refused = await opened.core.dispatcher(
      'saveScenarioFile',
      { path, text: second },
      { transport: 'direct' },
    );
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: `${path} already exists; choose another name or overwrite it.` },
    });
    expect(readFileSync(path, 'utf8')).toBe(first);
    expect(await save({ path, text: second, overwrite: true })).toEqual({ path, problems: [] });
    expect(readFileSync(path, 'utf8')).toBe(second);
    // Written beside it and renamed over it: no temporary file is left.
    expect(readdirSync(join(temp.dir, 'saved')).filter((name) => name.startsWith('.'))).toEqual([]);
  });
  // A link that exists was answered in the CLI's words ("it exists; add --force to replace it."),
  // which the dialog has no flag for; an ordinary file in the dialog's own.
  it('keeps a link that exists, leading somewhere or nowhere, in the words it keeps a file', async () => {
    const folder = join(temp.dir, 'links');
    mkdirSync(folder);
    writeFileSync(join(folder, 'real.yaml'), 'name: Real\nsteps: []\n');
    symlinkSync(join(folder, 'real.yaml'), join(folder, 'to-real.yaml'));
    symlinkSync(join(folder, 'nowhere.yaml'), join(folder, 'to-nowhere.yaml'));
    for (const name of ['to-real.yaml', 'to-nowhere.yaml']) {
      const path = join(folder, name);
      const refused = await opened.core.dispatcher(
        'saveScenarioFile',
        { path, text: 'name: Good\nsteps:\n  - step: wait\n    for: 1s\n' },
        { transport: 'direct' },
      );
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'conflict', message: `${path} already exists; choose another name or overwrite it.` },
      });
    }
    expect(existsSync(join(folder, 'nowhere.yaml'))).toBe(false);
  });

  // `.hidden.yaml` was saved with "Open its folder in Scenarios to run it", but a folder (the
  // Scenarios view's and `test <folder>`) skips names starting with ".": it was never listed.
  it('refuses a file name starting with ".", saying a folder would never list it', async () => {
    const path = join(temp.dir, 'saved', '.hidden.yaml');
    const result = await opened.core.dispatcher(
      'saveScenarioFile',
      { path, text: 'name: Good\nsteps:\n  - step: wait\n    for: 1s\n', overwrite: true },
      { transport: 'direct' },
    );
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringMatching(/starts with "\."[^]*skip/) as unknown,
        issues: [{ path: 'path' }],
      },
    });
    expect(existsSync(path)).toBe(false);
  });
});
