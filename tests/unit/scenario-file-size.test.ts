import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scenarioCommands } from '../../src/shared/contract/scenarios';
import { SCENARIO_FILE_MAX_BYTES } from '../../src/shared/scenarios/scenario-schema';
import { formatProblem } from '../../src/shared/scenarios/scenario-file-problems';
import { loadScenarios } from '../../src/main/scenarios/load-scenarios';
import { makeTempDir } from './helpers/temp-console';

// Big scenario files froze the loader: the yaml library's duplicate-key check compares each key
// with every earlier one (20k keys: 7 s; 40k: 41 s; 26 MB: killed after 10 minutes).
const temp = makeTempDir('cc-scenario-size-');
afterAll(() => temp.remove());

function folderWith(name: string, text: string): string {
  const dir = join(temp.dir, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'case.yaml'), text);
  return dir;
}

const manyVars = (count: number) =>
  [
    'name: big',
    'vars:',
    ...Array.from({ length: count }, (_, i) => `  key_number_${i}: value ${i}`),
    'steps: [{ step: wait, for: 1s }]',
  ].join('\n');

describe('a big scenario file', () => {
  // Its speed is not timed here (timed tests flake on a busy machine; speed goals go in
  // benchmarks): this holds that 20k distinct keys are all read, with no repeat reported.
  it('with 20k distinct keys loads whole, no key reported as repeated', () => {
    const text = manyVars(20_000);
    expect(text.length).toBeLessThan(SCENARIO_FILE_MAX_BYTES);
    const dir = folderWith('many-keys', text);
    const suite = loadScenarios([dir], dir);
    expect(suite.problems).toEqual([]);
    expect(Object.keys(suite.scenarios[0]?.scenario.vars ?? {})).toHaveLength(20_000);
  });

  it('is refused before it is parsed, over 1 MiB', () => {
    const dir = folderWith('too-big', `name: [\n#${'x'.repeat(SCENARIO_FILE_MAX_BYTES)}\n`);
    expect(loadScenarios([dir], dir).problems.map(formatProblem)).toEqual([
      'case.yaml: is 1,048,586 bytes; a scenario file is at most 1 MiB (1,048,576 bytes): split it, or put large payloads in payload files',
    ]);
  });

  it('still names a repeated key where it repeats', () => {
    const dir = folderWith(
      'repeated',
      'name: x\nvars:\n  a: 1\n  b: 2\n  a: 3\nsteps: [{ step: wait, for: 1s, for: 2s }]\n',
    );
    expect(loadScenarios([dir], dir).problems.map(formatProblem)).toEqual([
      'case.yaml:5:3: not valid YAML: `a` is given twice in the same mapping',
      'case.yaml:6:32: not valid YAML: `for` is given twice in the same mapping',
    ]);
  });

  it('cannot be saved over the same limit, counted in UTF-8 bytes', () => {
    const save = scenarioCommands.saveScenarioFile.input;
    const text = `name: é\n#${'é'.repeat(SCENARIO_FILE_MAX_BYTES / 2)}\n`;
    expect(text.length).toBeLessThan(SCENARIO_FILE_MAX_BYTES);
    const parsed = save.safeParse({ path: 'a.yaml', text });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('A scenario file is at most 1 MiB');
    expect(save.safeParse({ path: 'a.yaml', text: 'name: é\n' }).success).toBe(true);
  });

  // Over the limit in characters too, the dialog said "text: A scenario file is at most 1 MiB"
  // twice: the count of characters and the count of bytes each said it. It is said once.
  it('is refused over the limit in characters with the limit said once', () => {
    const save = scenarioCommands.saveScenarioFile.input;
    const parsed = save.safeParse({
      path: 'a.yaml',
      text: `name: x\n#${'x'.repeat(SCENARIO_FILE_MAX_BYTES)}\n`,
    });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['A scenario file is at most 1 MiB']);
  });
});
