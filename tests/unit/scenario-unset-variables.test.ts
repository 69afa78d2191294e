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

/**
 * A step about an order with no `order:` takes `${order_id}`: written out, a file where no step
 * before sets it was refused when read; left to its default, it ran, and the step erred ("no
 * order yet…", exit 1). The default is checked by the same rule, where the step starts.
 */
describe("a step's order left to its default", () => {
  const noOrder = (index: number) =>
    `steps[${index}].order: left out, it is \${order_id}, which no step before this one sets (none is set by then): run a checkout step first, or give the step an order`;

  it('is a problem of the file when no step before sets ${order_id}', () => {
    for (const step of [
      ['  - step: operation', '    operation: capture', '    amount: 5'],
      ['  - step: expect-webhook', '    event: order_approved'],
      ['  - step: customer', '    action: pay'],
      ['  - step: expect-order', '    state: approved'],
      ['  - step: send-webhook', '    to: listener', '    event: order_approved'],
      ['  - step: send-webhook', '    to: listener', '    from: { event: order_approved }'],
    ])
      expect(problemsOf(['name: no order', 'steps:', ...step, ''].join('\n')), step[0]).toEqual([
        `case.yaml:3:5: ${noOrder(0)}`,
      ]);
  });

  it('names what is set by then, and leaves alone a step with its own order or none needed', () => {
    const text = [
      'name: orders',
      'vars: { mine: o-1 }',
      'steps:',
      '  - step: operation',
      '    operation: getOrder',
      '    order: "${mine}"',
      '  - step: send-webhook',
      '    to: listener',
      '    body: { any: thing }',
      '  - step: customer',
      '    action: pay',
      '  - step: checkout',
      '    sample: { country: SA }',
      '  - step: customer',
      '    action: pay',
      '',
    ].join('\n');
    expect(problemsOf(text)).toEqual([
      'case.yaml:10:5: steps[2].order: left out, it is ${order_id}, which no step before this one sets (set by then: mine): run a checkout step first, or give the step an order',
    ]);
  });
});

/**
 * Variables were checked only once the file had no other problem: a file's six problems were
 * printed, and three more (`${nope}`…) only after those were fixed. Every step that could be
 * read is checked in the same pass; one whose own shape is broken is not, but what it would set
 * still counts, so fixing it does not bring new problems either.
 */
describe('variable problems beside the other problems of a file', () => {
  it('are reported in the same pass', () => {
    const text = [
      'name: all at once',
      'steps:',
      '  - step: checkout',
      '    sample: { country: SA }',
      '    capture: { ref: /order_reference_id }',
      '    forr: 1',
      '  - step: set',
      '    vars: { half: "5.00", "1a": 2 }',
      '  - step: operation',
      '    operation: refund',
      '    order: ${nope}',
      '  - step: operation',
      '    operation: capture',
      '    amount: "${half}"',
      '    expect: { fields: { /x: "${also_nope} ${ref}" } }',
      '  - step: wait',
      '    for: 2 seconds',
      '    title: "${skipped_in_a_broken_step}"',
      '  - step: sett',
      '    vars: { later: 1 }',
      '  - step: operation',
      '    operation: getOrder',
      '    order: "${order_idd}"',
      '',
    ].join('\n');
    expect(problemsOf(text)).toEqual([
      'case.yaml:6:5: steps[0].forr: unknown field "forr"',
      'case.yaml:8:27: steps[1].vars: "1a" is not a variable name: letters, digits and _, not starting with a digit',
      expect.stringMatching(
        /^case\.yaml:11:12: steps\[2\]\.order: \$\{nope\} is not set by any step before this one \(set by then: /,
      ),
      expect.stringMatching(
        /^case\.yaml:15:29: steps\[3\]\.expect\.fields\["\/x"\]: \$\{also_nope\} is not set/,
      ),
      'case.yaml:17:10: steps[4].for: "2 seconds" is not a duration: write a duration such as 500ms, 10s or 2m',
      'case.yaml:19:11: steps[5].step: "sett" is not a kind of step; did you mean "set"?',
      expect.stringMatching(/^case\.yaml:23:12: steps\[6\]\.order: \$\{order_idd\} is not set/),
    ]);
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
