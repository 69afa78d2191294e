import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenarios } from '../../src/main/scenarios/load-scenarios';
import { formatProblem } from '../../src/shared/scenarios/scenario-file-problems';
import { makeTempDir } from './helpers/temp-console';

const temp = makeTempDir('cc-unset-vars-');
afterAll(() => temp.remove());

function problemsOf(text: string): string[] {
  const file = join(temp.dir, 'case.yaml');
  writeFileSync(file, text);
  return loadScenarios([file], temp.dir).problems.map(formatProblem);
}

/**
 * A step that used a variable no step before it sets (a typo, a capture moved below its use)
 * was found only when the run reached it: after the steps before it had created orders, as an
 * error of that one scenario (exit 1), with the suite's other scenarios run. The file says so
 * itself: it is a problem of the file, found when it is read, where the variable is written
 * (exit 2, nothing runs), as a misspelt field is.
 */
describe('a variable no earlier step sets', () => {
  it('is a problem of the file, at the string that uses it, naming what is set by then', () => {
    const text = [
      'name: typo',
      'vars: { amount: "10.00" }',
      'steps:',
      '  - step: checkout',
      '    sample: { country: SA }',
      '    capture: { checkout: /checkout_id }',
      '  - step: operation',
      '    operation: capture',
      '    amount: "${amout}"',
      '  - step: expect-webhook',
      '    event: order_captured',
      '    fields: { /order_reference_id: "ref ${order_ref}" }',
      '',
    ].join('\n');
    expect(problemsOf(text)).toEqual([
      'case.yaml:9:13: steps[1].amount: ${amout} is not set by any step before this one (set by then: amount, checkout, checkout_id, checkout_url, currency, order_id, order_number, order_reference_id, total_amount)',
      'case.yaml:12:36: steps[2].fields["/order_reference_id"]: ${order_ref} is not set by any step before this one (set by then: amount, checkout, checkout_id, checkout_url, currency, order_id, order_number, order_reference_id, total_amount)',
    ]);
  });

  // A typo inside vars: ran the suite and failed at the first step, on the wrong line.
  it('in vars: a value may use a built-in or a variable above it, and a typo is a problem where it is written', () => {
    const text = [
      'name: vars typo',
      'vars:',
      '  first: "a-${fresh.uuid}"',
      '  second: "${first}-b"',
      '  third: "${zzz}"',
      '  fourth: "${fifth}"',
      '  fifth: "x"',
      'steps:',
      '  - step: wait',
      '    for: 1ms',
      '',
    ].join('\n');
    expect(problemsOf(text)).toEqual([
      'case.yaml:5:10: vars.third: ${zzz} is not set by then (set above it: first, second)',
      'case.yaml:6:11: vars.fourth: ${fifth} is not set by then (set above it: first, second, third)',
    ]);
  });

  it('counts a variable set only by a later step, or by the same step, as not set yet', () => {
    const text = [
      'name: order',
      'steps:',
      '  - step: operation',
      '    operation: getOrder',
      '    order: "${later}"',
      '  - step: set',
      '    vars: { later: x, again: "${again}" }',
      '',
    ].join('\n');
    expect(problemsOf(text)).toEqual([
      'case.yaml:5:12: steps[0].order: ${later} is not set by any step before this one (none is set by then)',
      'case.yaml:7:30: steps[1].vars.again: ${again} is not set by any step before this one (none is set by then)',
    ]);
  });

  it('leaves alone what is set by then, the built-in ones, and $${ written out', () => {
    const text = [
      'name: fine',
      'vars: { part: "5.00" }',
      'steps:',
      '  - step: checkout',
      '    payload: { order_reference_id: "${fresh.reference}", token: "${env.SHOP_TOKEN}" }',
      '  - step: set',
      '    vars: { again: "${order_id}" }',
      '  - step: operation',
      '    operation: capture',
      '    amount: "${part}"',
      '    body: "$${not_a_variable} ${again}"',
      '',
    ].join('\n');
    expect(problemsOf(text)).toEqual([]);
  });
});

// A step written as a YAML alias was reported at "line 1" (its line was read from maps only).
describe('the line of a step', () => {
  it('written as an alias is where the alias is', () => {
    const file = join(temp.dir, 'alias.yaml');
    writeFileSync(
      file,
      ['name: alias', 'steps:', '  - &pause', '    step: wait', '    for: 1ms', '  - *pause', ''].join('\n'),
    );
    const loaded = loadScenarios([file], temp.dir);
    expect(loaded.problems).toEqual([]);
    expect(loaded.scenarios[0]?.stepLines).toEqual([4, 6]);
  });
});
