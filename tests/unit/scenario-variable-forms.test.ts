import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenarios, type LoadedScenario } from '../../src/main/scenarios/load-scenarios';
import { runScenario } from '../../src/main/scenarios/run-scenario';
import type { ScenarioServices } from '../../src/main/scenarios/step-context';
import { substitutedStep } from '../../src/main/scenarios/substituted-step';
import type { StoredProfile } from '../../src/main/store/profiles-repository';
import { formatProblem } from '../../src/shared/scenarios/scenario-file-problems';
import type { ScenarioStep } from '../../src/shared/scenarios/scenario-schema';
import { Variables } from '../../src/shared/scenarios/variables';
import { makeTempDir } from './helpers/temp-console';

const temp = makeTempDir('cc-variable-forms-');
afterAll(() => temp.remove());

function load(text: string): { loaded: LoadedScenario | undefined; problems: string[] } {
  const file = join(temp.dir, 'case.yaml');
  writeFileSync(file, text);
  const suite = loadScenarios([file], temp.dir);
  return { loaded: suite.scenarios[0], problems: suite.problems.map(formatProblem) };
}

function loadedOf(text: string): LoadedScenario {
  const { loaded, problems } = load(text);
  if (loaded === undefined) throw new Error(`not loaded: ${problems.join('; ')}`);
  return loaded;
}

/** Runs a scenario of wait and set steps, which use no service. */
function runWaits(loaded: LoadedScenario) {
  return runScenario(loaded, {
    services: {} as ScenarioServices,
    profile: {} as StoredProfile,
    confirmLive: false,
    env: {},
    signal: new AbortController().signal,
    prompt: () => undefined,
    onStepStarted: () => undefined,
    onStepFinished: () => undefined,
  });
}

/**
 * docs/scenarios.md: "`${name}` is replaced in every string of a step before it runs", yet
 * `for: '${d}'`, `within: '${d}'` and `expect: { status: '${st}' }` were refused when the file
 * was read ("steps[0].expect.status: write a status such as 200, or a class such as 4xx"),
 * while `event: '${ev}'` was taken. They are taken too, and their value is checked once
 * substituted, when the step runs; a literal mistake is still the file's problem, at its line.
 */
describe('a duration or a status written as a variable', () => {
  it('is taken when the file is read, in every field of that form', () => {
    const { problems } = load(
      [
        'name: vars in forms',
        "vars: { d: '1s', st: 200, list: [200, 202] }",
        'steps:',
        '  - step: checkout',
        '    sample: { country: SA }',
        "    expect: { status: '${st}' }",
        '  - step: customer',
        '    action: pay',
        "    timeout: '${d}'",
        '  - step: expect-webhook',
        '    event: order_approved',
        "    within: '${d}'",
        "    forward: { status: '${list}' }",
        '  - step: operation',
        '    operation: getOrder',
        "    expect: { status: '${st}' }",
        '  - step: send-webhook',
        '    to: listener',
        '    event: order_approved',
        "    expect: { status: '${st}' }",
        '  - step: expect-order',
        '    state: approved',
        "    within: '${d}'",
        '  - step: wait',
        "    for: '${d}'",
        '',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
  });

  it("still refuses a literal mistake where it is written, in the field's own words", () => {
    const { problems } = load(
      [
        'name: literal mistakes',
        'steps:',
        '  - step: wait',
        '    for: 2 seconds',
        '  - step: operation',
        '    operation: getOrder',
        '    expect: { status: ok }',
        '',
      ].join('\n'),
    );
    expect(problems).toEqual([
      'case.yaml:4:10: steps[0].for: "2 seconds" is not a duration: write a duration such as 500ms, 10s or 2m',
      'case.yaml:7:23: steps[1].expect.status: write a status such as 200, or a class such as 4xx',
    ]);
  });

  it('runs with the value the variable holds', async () => {
    const loaded = loadedOf(
      [
        'name: wait from a variable',
        "vars: { d: '5ms', n: 3 }",
        'steps:',
        '  - step: wait',
        "    for: '${d}'",
        '  - step: wait',
        "    for: '${n}'",
        '',
      ].join('\n'),
    );
    const result = await runWaits(loaded);
    expect(result.steps.map((step) => [step.status, step.message])).toEqual([
      ['passed', 'waited 5 ms'],
      ['passed', 'waited 3 ms'],
    ]);
  });

  it("is the step's error when the value is not of that form, naming the field, the value and the variable", async () => {
    const loaded = loadedOf(
      [
        'name: a bad value',
        "vars: { d: '1 second' }",
        'steps:',
        '  - step: set',
        '    vars: { x: 1 }',
        '  - step: wait',
        "    for: '${d}'",
        '',
      ].join('\n'),
    );
    const result = await runWaits(loaded);
    expect(result.status).toBe('error');
    expect(result.steps[1]).toMatchObject({
      status: 'error',
      line: 6,
      message:
        'for is "1 second" (from "${d}"): "1 second" is not a duration: write a duration such as 500ms, 10s or 2m',
    });
  });

  it('checks a status once substituted, as one written there', () => {
    const step = {
      step: 'operation',
      operation: 'getOrder',
      expect: { status: '${st}' },
    } as unknown as ScenarioStep;
    expect(substitutedStep(step, new Variables({ st: 201 }))).toMatchObject({ expect: { status: 201 } });
    expect(substitutedStep(step, new Variables({ st: '4xx' }))).toMatchObject({ expect: { status: '4xx' } });
    expect(() => substitutedStep(step, new Variables({ st: 'ok' }))).toThrow(
      'expect.status is "ok" (from "${st}"): write a status such as 200, or a class such as 4xx',
    );
  });
});

/**
 * A field of one of a fixed set of words, a number or true/false takes no variable: the message
 * said only "must be one of …", as though the variable's value were wrong. It says why.
 */
describe('a variable where a field takes its value written out', () => {
  it('is refused when the file is read, saying that field takes no variable', () => {
    const { problems } = load(
      [
        'name: no variable here',
        'vars: { s: approved }',
        'steps:',
        '  - step: expect-order',
        "    order: 'o-1'",
        "    state: '${s}'",
        '',
      ].join('\n'),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^case\.yaml:6:12: steps\[0\]\.state: must be one of .*; this field takes its value written out, not a \$\{variable\}$/,
      ),
    ]);
  });
});

// Every report named a step as written (`wait ${pause}`, `capture ${half}`), never the value the
// step ran with.
describe("a step's title", () => {
  it('shows the values its variables had when it ran', async () => {
    const result = await runWaits(
      loadedOf(
        [
          'name: titles',
          "vars: { pause: '5ms', what: 'the half' }",
          'steps:',
          "  - step: wait\n    for: '${pause}'",
          "  - step: set\n    vars: { later: '1ms' }",
          "  - step: wait\n    title: 'wait for ${what}'\n    for: '${later}'",
          '',
        ].join('\n'),
      ),
    );
    expect(result.steps.map((step) => step.title)).toEqual(['wait 5ms', 'set later', 'wait for the half']);
  });
});
