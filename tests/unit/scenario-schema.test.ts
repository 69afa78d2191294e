import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { scenarioJsonSchema } from '../../src/shared/scenarios/scenario-schema';
import { loadScenarios } from '../../src/main/scenarios/load-scenarios';
import { formatProblem } from '../../src/shared/scenarios/scenario-file-problems';
import { durationMs, StepError } from '../../src/main/scenarios/step-context';
import { substitutedStep } from '../../src/main/scenarios/substituted-step';
import type { ScenarioStep } from '../../src/shared/scenarios/scenario-schema';
import { Variables } from '../../src/shared/scenarios/variables';
import { totalAmountVariable } from '../../src/main/scenarios/steps/checkout-step';
import { TOKEN_MODES } from '../../src/shared/scenarios/token-modes';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

const temp = makeTempDir('cc-scenario-files-');
const bombs = makeTempDir('cc-alias-bomb-');
afterAll(() => {
  temp.remove();
  bombs.remove();
});

function problemsOf(text: string): string[] {
  const file = join(temp.dir, 'case.yaml');
  writeFileSync(file, text);
  return loadScenarios([file], temp.dir).problems.map(formatProblem);
}

describe('the published JSON Schema', () => {
  it('is the one generated from the zod schema (regenerate: npx tsx scripts/write-scenario-schema.ts)', () => {
    const committed: unknown = JSON.parse(readFileSync('scenarios/scenario.schema.json', 'utf8'));
    expect(committed).toEqual(scenarioJsonSchema());
  });

  // A mode a file may write that the manual does not list is one nobody finds.
  it("names each send-webhook token mode in docs/scenarios.md's table, in its order", () => {
    const text = readFileSync('docs/scenarios.md', 'utf8');
    const table = text.slice(text.indexOf('| `token`'));
    // The rows under the header and its rule.
    const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2).join('\n');
    expect([...rows.matchAll(/^\| `([a-z0-9_]+)` +\|/gm)].map((match) => match[1])).toEqual([...TOKEN_MODES]);
  });

  it('accepts every starter scenario and rejects what the runner rejects', () => {
    const validate = new Ajv2020({ strict: false }).compile(scenarioJsonSchema());
    const files = readdirSync('scenarios').filter((name) => name.endsWith('.yaml'));
    expect(files.length).toBeGreaterThanOrEqual(10);
    for (const name of files) {
      const ok = validate(parse(readFileSync(join('scenarios', name), 'utf8')));
      expect(ok, `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(validate({ name: 'x', steps: [{ step: 'operation', operation: 'authorize' }] })).toBe(false);
    expect(validate({ name: 'x', steps: [{ step: 'wait', for: '10 seconds' }] })).toBe(false);
  });
});

describe('an invalid scenario file', () => {
  it('names the file, the line, the column and the field', () => {
    const text =
      'name: typo\nsteps:\n  - step: checkout\n    sample: {}\n  - step: operation\n    operation: authorize\n';
    expect(problemsOf(text)).toEqual([
      expect.stringMatching(
        /^case\.yaml:6:16: steps\[1\]\.operation: must be one of "authorise", "capture", /,
      ),
    ]);
  });

  it('holding a second YAML document says so in its own words, where the second starts', () => {
    const text = 'name: one\nsteps:\n  - step: wait\n    for: 1s\n---\nname: two\n';
    expect(problemsOf(text)).toEqual([
      'case.yaml:5:1: a scenario file holds one YAML document; found a second at line 5',
    ]);
  });

  it('points an unknown field at its own line', () => {
    const text = 'name: typo\nsteps:\n  - step: wait\n    for: 1s\n    forr: 2s\n';
    expect(problemsOf(text)).toEqual(['case.yaml:5:5: steps[0].forr: unknown field "forr"']);
  });

  it('says which source a checkout step lacks, and which step kind is unknown', () => {
    expect(problemsOf('name: x\nsteps:\n  - step: checkout\n')).toEqual([
      'case.yaml:3:5: steps[0]: a checkout step needs one of sample, file, draft or payload',
    ]);
    expect(problemsOf('name: x\nsteps:\n  - step: pay\n')[0]).toMatch(
      /^case\.yaml:3:11: steps\[0\]\.step: "pay" is not a kind of step: one of "checkout", "customer"/,
    );
  });

  it('reports broken YAML once, where it breaks, with a hint for unquoted variables', () => {
    expect(problemsOf('name: x\nsteps:\n  - step: expect-order\n    facts: { /state: ${state} }\n')).toEqual([
      expect.stringMatching(
        /^case\.yaml:4:\d+: not valid YAML: .*write a variable in quotes: "\$\{name\}"\)$/,
      ),
    ]);
  });

  it('says a file nested thousands deep is too deep to read, where, not that its YAML is invalid', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const problems = problemsOf(
      `name: x\nsteps:\n  - step: send-webhook\n    to: listener\n    body: { a: ${nested(5000)} }\n`,
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^case\.yaml:5:\d+: nests too deep to read: the YAML reader ran out of stack here$/,
      ),
    ]);
    // Seventy levels read as any other body.
    expect(
      problemsOf(
        `name: x\nsteps:\n  - step: send-webhook\n    to: listener\n    body: { a: ${nested(70)} }\n`,
      ),
    ).toEqual([]);
  });

  it('refuses an expect-order step with nothing to check (it passed with zero checks)', () => {
    expect(problemsOf('name: x\nsteps:\n  - step: expect-order\n    order: o1\n')).toEqual([
      'case.yaml:3:5: steps[0]: an expect-order step needs a state or facts to check',
    ]);
    expect(problemsOf('name: x\nsteps:\n  - step: expect-order\n    facts: {}\n')).toEqual([
      'case.yaml:4:12: steps[0].facts: an expect-order step needs a state or facts to check',
    ]);
  });

  // A `wait` of 2^31 ms or more passed in about 2 ms saying it had waited (Node's timers fire at
  // once past 2^31 - 1 ms, with a TimeoutOverflowWarning in the output).
  it('refuses a duration longer than 24 hours, naming the field, its line and the value as written', () => {
    const too = 'is too long: a duration is at most 24 hours (1440m, 86400s or 86400000 ms)';
    expect(problemsOf('name: x\nsteps:\n  - step: wait\n    for: 36000m\n')).toEqual([
      `case.yaml:4:10: steps[0].for: "36000m" ${too}`,
    ]);
    expect(problemsOf('name: x\nsteps:\n  - step: wait\n    for: 2147483648\n')).toEqual([
      `case.yaml:4:10: steps[0].for: 2147483648 ${too}`,
    ]);
    expect(
      problemsOf(
        'name: x\nsteps:\n  - step: expect-webhook\n    event: order_approved\n    within: 1441m\n  - step: expect-order\n    state: new\n    within: 86400001\n  - step: customer\n    action: pay\n    timeout: 86401s\n',
      ),
    ).toEqual([
      `case.yaml:5:13: steps[0].within: "1441m" ${too}`,
      `case.yaml:8:13: steps[1].within: 86400001 ${too}`,
      `case.yaml:11:14: steps[2].timeout: "86401s" ${too}`,
    ]);
    expect(
      problemsOf('name: x\nsteps:\n  - step: wait\n    for: 1440m\n  - step: wait\n    for: 86400000\n'),
    ).toEqual([]);
  });

  it('a step given a longer duration by any other way fails in the same words, never starting a timer that fires at once', () => {
    expect(durationMs('1440m')).toBe(86_400_000);
    expect(() => durationMs('36000m')).toThrow(
      new StepError('"36000m" is too long: a duration is at most 24 hours (1440m, 86400s or 86400000 ms)'),
    );
    expect(() => durationMs(2 ** 31)).toThrow(
      new StepError('2147483648 is too long: a duration is at most 24 hours (1440m, 86400s or 86400000 ms)'),
    );
  });

  it("reports an alias bomb as that file's problem, beside the other files' problems, and exits 2", async () => {
    // Its own folder: the test command below reads every file under it.
    const dir = join(bombs.dir, 'suite');
    mkdirSync(dir);
    const lines = ['name: x', 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let level = 1; level < 8; level += 1)
      lines.push(
        `a${level}: &a${level} [${Array(10)
          .fill(`*a${level - 1}`)
          .join(', ')}]`,
      );
    writeFileSync(join(dir, 'bomb.yaml'), [...lines, 'steps: [{ step: wait, for: 1s }]\n'].join('\n'));
    writeFileSync(join(dir, 'typo.yaml'), 'name: x\nsteps:\n  - step: wait\n    forr: 1s\n');
    const problems = loadScenarios([dir], dir).problems.map(formatProblem);
    expect(problems).toEqual([
      expect.stringMatching(/^bomb\.yaml:3:10: cannot be read: Excessive alias count/),
      'typo.yaml:3:5: steps[0].for: missing; expected a duration such as 500ms, 10s or 2m, or whole milliseconds such as 1500',
      'typo.yaml:4:5: steps[0].forr: unknown field "forr"',
    ]);
    const run = await runCliCaptured(['--data-dir', join(bombs.dir, 'data'), 'test', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('bomb.yaml:3:10: cannot be read: Excessive alias count');
    expect(run.stderr).toContain('typo.yaml:4:5: steps[0].forr: unknown field "forr"');
  });

  it('makes the test command exit 2 and run nothing', async () => {
    writeFileSync(join(temp.dir, 'case.yaml'), 'name: x\nsteps: []\n');
    const run = await runCliCaptured(['--data-dir', join(temp.dir, 'data'), 'test', temp.dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('steps: a scenario has at least one step');
    expect(run.stderr).toContain('nothing was run');
    expect(run.stdout).toBe('');
  });
});

// Problems that named the field and not the mistake: `for: true` and `amount: [1]` were "is none
// of the kinds of value this field accepts", as was a status list holding 99 or '6xx'; `vars:
// [1, 2]` "must be record, not a list" (zod's term); a variable named `a b` or `env.X`, and
// `set: { no-slash: 1 }`, "has a key that is not allowed" with no reason. Each says what is
// wrong and what the field takes, as `capture.x: write a JSON pointer, …` did.
describe("a value not of its field's form", () => {
  const steps = (...lines: string[]) => ['name: x', 'steps:', ...lines, ''].join('\n');
  const DURATION = 'write a duration such as 500ms, 10s or 2m, or whole milliseconds such as 1500';

  it('a duration: says what the value is not, and what a duration is', () => {
    expect(problemsOf(steps('  - step: wait', '    for: true'))).toEqual([
      `case.yaml:4:10: steps[0].for: true is not a duration: ${DURATION}`,
    ]);
    expect(problemsOf(steps('  - step: wait', '    for: 1.5'))).toEqual([
      `case.yaml:4:10: steps[0].for: 1.5 is not whole milliseconds: ${DURATION}`,
    ]);
    expect(problemsOf(steps('  - step: wait', '    for: -5'))).toEqual([
      `case.yaml:4:10: steps[0].for: -5 is below zero: ${DURATION}`,
    ]);
    expect(problemsOf(steps('  - step: customer', '    action: pay', '    timeout: [1]'))).toEqual([
      `case.yaml:5:14: steps[0].timeout: [1] is not a duration: ${DURATION}`,
    ]);
  });

  it('a status: names each value that is not an HTTP status', () => {
    const operation = (status: string) =>
      steps('  - step: operation', '    operation: getOrder', `    expect: { status: ${status} }`);
    expect(problemsOf(operation("[200, 99, '6xx', 'abc']"))).toEqual([
      'case.yaml:5:23: steps[0].expect.status: 99, "6xx" and "abc" in the list are not HTTP statuses (100–599): a list holds statuses such as [200, 202]',
    ]);
    expect(problemsOf(operation('[200, 99]'))).toEqual([
      'case.yaml:5:23: steps[0].expect.status: 99 in the list is not an HTTP status (100–599): a list holds statuses such as [200, 202]',
    ]);
    expect(problemsOf(operation('99'))).toEqual([
      'case.yaml:5:23: steps[0].expect.status: 99 is not an HTTP status (100–599)',
    ]);
    expect(problemsOf(operation("'6xx'"))).toEqual([
      'case.yaml:5:23: steps[0].expect.status: "6xx" is not a class of statuses (1xx to 5xx)',
    ]);
    expect(problemsOf(operation("'200'"))).toEqual([
      'case.yaml:5:23: steps[0].expect.status: write a status as a number (200), not as text ("200")',
    ]);
    expect(problemsOf(operation('true'))).toEqual([
      'case.yaml:5:23: steps[0].expect.status: write a status such as 200, a class such as 4xx, or a list such as [200, 202]',
    ]);
    // A variable's value is checked in the same words when the step runs.
    const step = { step: 'operation', operation: 'getOrder', expect: { status: '${st}' } };
    expect(() => substitutedStep(step as unknown as ScenarioStep, new Variables({ st: 99 }))).toThrow(
      'expect.status is 99 (from "${st}"): 99 is not an HTTP status (100–599)',
    );
  });

  it('an amount or a body: says what it takes', () => {
    expect(problemsOf(steps('  - step: operation', '    operation: capture', '    amount: [1]'))).toEqual([
      "case.yaml:5:13: steps[0].amount: [1] is not an amount: write an amount, such as '50.00' or 50",
    ]);
    expect(problemsOf(steps('  - step: send-webhook', '    to: listener', '    body: [1]'))).toEqual([
      'case.yaml:5:11: steps[0].body: write the body as an object ({ name: value }) or as text',
    ]);
  });

  it("a mapping given a list: says it takes a mapping, in words, not zod's", () => {
    expect(problemsOf('name: x\nvars: [1, 2]\nsteps:\n  - step: wait\n    for: 1s\n')).toEqual([
      'case.yaml:2:7: vars: must be a mapping of names to values, not a list',
    ]);
    expect(problemsOf(steps('  - step: set', '    vars: [1]'))).toEqual([
      'case.yaml:4:11: steps[0].vars: must be a mapping of names to values, not a list',
    ]);
  });

  it('a key its mapping does not take: says why, at the key', () => {
    expect(
      problemsOf(
        "name: x\nvars: { 'a b': 1, 'env.X': 2, fresh.uuid: 3 }\nsteps:\n  - step: wait\n    for: 1s\n",
      ),
    ).toEqual([
      'case.yaml:2:9: vars: "a b" is not a variable name: letters, digits and _, not starting with a digit',
      'case.yaml:2:19: vars: "env.X" is the environment variable X, read as it is: a scenario cannot set it',
      'case.yaml:2:31: vars: "fresh.uuid" is made fresh at each use: a scenario cannot set it',
    ]);
    expect(
      problemsOf(
        steps(
          '  - step: checkout',
          '    sample: {}',
          "    set: { 'no-slash': 1 }",
          '    capture: { 1st: /a }',
        ),
      ),
    ).toEqual([
      'case.yaml:5:12: steps[0].set: "no-slash" is not a JSON pointer: write one such as /total_amount/amount',
      'case.yaml:6:16: steps[0].capture: "1st" is not a variable name: letters, digits and _, not starting with a digit',
    ]);
    expect(problemsOf(steps('  - step: expect-order', '    facts: { state: new }'))).toEqual([
      'case.yaml:4:14: steps[0].facts: "state" is not a JSON pointer: write one such as /total_amount/amount',
    ]);
  });
});

describe('the variables a checkout step sets', () => {
  it('writes ${total_amount} in the currency decimals, whatever the payload wrote', () => {
    const money = (amount: unknown, currency?: string) => ({ total_amount: { amount, currency } });
    expect(totalAmountVariable(money(2005, 'SAR'))).toBe('2005.00');
    expect(totalAmountVariable(money('401.5', 'KWD'))).toBe('401.500');
    expect(totalAmountVariable(money(12.3))).toBe('12.30');
    expect(totalAmountVariable({})).toBeNull();
  });
});

// `- <<: *cap` (a YAML 1.1 merge key, which the reader does not take) was reported as
// `steps[2].step: step must be one of …`, naming neither `<<` nor why.
describe('a YAML merge key', () => {
  it('is refused by name, where it is written', () => {
    expect(
      problemsOf(
        [
          'name: merge',
          'steps:',
          '  - step: checkout',
          '    sample: { country: SA }',
          '  - &cap',
          '    step: operation',
          '    operation: capture',
          '  - <<: *cap',
          '    amount: 5',
          '',
        ].join('\n'),
      ),
    ).toEqual([
      'case.yaml:8:5: steps[2]: `<<` (a YAML merge key) is not supported: write the fields out, or repeat a whole step with an alias (`- *cap`)',
    ]);
  });

  // The merge key ended the file's check: a typo two steps further down came to light only once
  // the `<<` was written out, one round of fixes later.
  it('is one problem among the others of its file, all said in one pass', () => {
    expect(
      problemsOf(
        [
          'name: merge',
          'steps:',
          '  - step: checkout',
          '    sample: { country: SA }',
          '  - &cap',
          '    step: operation',
          '    operation: capture',
          '  - <<: *cap',
          '    amount: "12.3.4"',
          '  - <<: 5',
          '    step: wait',
          '    for: 1s',
          '  - step: sett',
          '',
        ].join('\n'),
      ),
    ).toEqual([
      'case.yaml:8:5: steps[2]: `<<` (a YAML merge key) is not supported: write the fields out, or repeat a whole step with an alias (`- *cap`)',
      'case.yaml:9:13: steps[2].amount: "12.3.4" is not an amount: write an amount, such as \'50.00\' or 50',
      'case.yaml:10:5: steps[3]: `<<` (a YAML merge key) is not supported: write the fields out, or repeat a whole step with an alias (`- *name`)',
      'case.yaml:13:11: steps[4].step: "sett" is not a kind of step; did you mean "set"?',
    ]);
  });
});
