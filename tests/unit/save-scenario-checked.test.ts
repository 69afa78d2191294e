import { existsSync, readFileSync } from 'node:fs';
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
});
