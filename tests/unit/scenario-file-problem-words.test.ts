import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenarios } from '../../src/main/scenarios/load-scenarios';
import { substitutedStep } from '../../src/main/scenarios/substituted-step';
import { formatProblem } from '../../src/shared/scenarios/scenario-file-problems';
import type { ScenarioStep } from '../../src/shared/scenarios/scenario-schema';
import { Variables } from '../../src/shared/scenarios/variables';
import { makeTempDir } from './helpers/temp-console';

/**
 * A tester's careless files (a misspelt event, `within: 2 seconds`, a step without its
 * operation): each problem is found when the file is read, says the value it refuses, and the
 * file's problems come in the order of its lines, as the CLI's `test` and the Scenarios view
 * both print them (both read through loadScenarios).
 */

const temp = makeTempDir('cc-scenario-words-');
afterAll(() => temp.remove());

function problemsOf(text: string): string[] {
  const file = join(temp.dir, 'case.yaml');
  writeFileSync(file, text);
  return loadScenarios([file], temp.dir).problems.map(formatProblem);
}

const steps = (...lines: string[]) => ['name: x', 'steps:', ...lines, ''].join('\n');
const checkout = ['  - step: checkout', '    sample: { country: SA }'];
const expectWebhook = (event: string) => [...checkout, '  - step: expect-webhook', `    event: ${event}`];

describe("an expect-webhook step's event", () => {
  it('not one the service sends is a problem of the file, with the nearest event', () => {
    expect(problemsOf(steps(...expectWebhook('order_aproved')))).toEqual([
      'case.yaml:6:12: steps[1].event: "order_aproved" is not an event the service sends; did you mean "order_approved"?',
    ]);
    expect(problemsOf(steps(...expectWebhook('order_capturedd')))).toEqual([
      'case.yaml:6:12: steps[1].event: "order_capturedd" is not an event the service sends; did you mean "order_captured"?',
    ]);
  });

  it('far from any event names the events there are', () => {
    expect(problemsOf(steps(...expectWebhook('shipped')))).toEqual([
      'case.yaml:6:12: steps[1].event: "shipped" is not an event the service sends: one of "order_approved", "order_authorised", "order_captured", "order_declined", "order_expired", "order_canceled", "order_refunded"',
    ]);
  });

  it("loads for the spec's events, the emulator's own and a ${variable}, checked when the step runs", () => {
    for (const event of ['order_approved', 'order_captured', 'order_refunded', "'${event}'"])
      expect(problemsOf(`vars: { event: order_approved }\n${steps(...expectWebhook(event))}`), event).toEqual(
        [],
      );
    const step = { step: 'expect-webhook', event: '${ev}' } as unknown as ScenarioStep;
    expect(() => substitutedStep(step, new Variables({ ev: 'order_aproved' }))).toThrow(
      'event is "order_aproved" (from "${ev}"): "order_aproved" is not an event the service sends; did you mean "order_approved"?',
    );
    // A send-webhook step builds any event it is given (a notification against the spec on purpose).
    const sent = { step: 'send-webhook', to: 'listener', event: '${ev}' } as unknown as ScenarioStep;
    expect(substitutedStep(sent, new Variables({ ev: 'order_shipped' }))).toMatchObject({
      event: 'order_shipped',
    });
  });
});

describe('a value not of its form', () => {
  it('a duration: quotes what was written', () => {
    expect(problemsOf(steps(...expectWebhook('order_captured'), '    within: 2 seconds'))).toEqual([
      'case.yaml:7:13: steps[1].within: "2 seconds" is not a duration: write a duration such as 500ms, 10s or 2m',
    ]);
    expect(problemsOf(steps('  - step: wait', '    for: forever'))).toEqual([
      'case.yaml:4:10: steps[0].for: "forever" is not a duration: write a duration such as 500ms, 10s or 2m',
    ]);
    expect(problemsOf(steps('  - step: wait', '    for: true'))).toEqual([
      'case.yaml:4:10: steps[0].for: true is not a duration: write a duration such as 500ms, 10s or 2m, or whole milliseconds such as 1500',
    ]);
  });

  it('an amount: quotes what was written', () => {
    const refund = (amount: string) =>
      steps('  - step: operation', "    order: 'o-1'", '    operation: refund', `    amount: ${amount}`);
    const words = "write an amount, such as '50.00' or 50";
    expect(problemsOf(refund('true'))).toEqual([
      `case.yaml:6:13: steps[0].amount: true is not an amount: ${words}`,
    ]);
    expect(problemsOf(refund('[10]'))).toEqual([
      `case.yaml:6:13: steps[0].amount: [10] is not an amount: ${words}`,
    ]);
    expect(problemsOf(refund('1e400'))).toEqual([
      `case.yaml:6:13: steps[0].amount: a number too large to hold (read as Infinity) is not an amount: ${words}`,
    ]);
  });
});

describe('a field left out', () => {
  it('is said to be missing, with what it takes, not as a wrong value', () => {
    expect(problemsOf(steps(...checkout, '  - step: operation'))).toEqual([
      'case.yaml:5:5: steps[1].operation: missing; expected one of "authorise", "capture", "getOrder", "cancel", "refund", "updateReferenceId"',
    ]);
    expect(problemsOf(steps('  - step: customer'))).toEqual([
      'case.yaml:3:5: steps[0].action: missing; expected one of "pay", "decline", "cancel", "expire"',
    ]);
  });
});

describe("a file's problems", () => {
  it('come in the order of its lines, then columns', () => {
    const text = steps(
      '  - step: checkout',
      '    sampel: { country: SA }',
      '  - step: customer',
      '    acton: pay',
    );
    expect(problemsOf(text)).toEqual([
      'case.yaml:3:5: steps[0]: a checkout step needs one of sample, file, draft or payload',
      'case.yaml:4:5: steps[0].sampel: unknown field "sampel"',
      'case.yaml:5:5: steps[1].action: missing; expected one of "pay", "decline", "cancel", "expire"',
      'case.yaml:6:5: steps[1].acton: unknown field "acton"',
    ]);
  });
});

/**
 * A step's kind was said as no other field is: `steps[0].step: step must be one of checkout, …`
 * both for a kind left out and for a misspelt one, the value not quoted and no nearest kind.
 */
describe("a step's kind", () => {
  const kinds =
    '"checkout", "customer", "expect-webhook", "operation", "send-webhook", "expect-order", "wait", "set"';

  it('left out is missing, with the kinds there are', () => {
    expect(problemsOf(steps('  - title: no kind', '    for: 1s'))).toEqual([
      `case.yaml:3:5: steps[0].step: missing; expected one of ${kinds}`,
    ]);
  });

  it('misspelt is quoted, with the nearest kind', () => {
    expect(problemsOf(steps('  - step: sett', '    vars: { a: 1 }'))).toEqual([
      'case.yaml:3:11: steps[0].step: "sett" is not a kind of step; did you mean "set"?',
    ]);
    expect(problemsOf(steps('  - step: expect_webhook', '    event: order_approved'))).toEqual([
      'case.yaml:3:11: steps[0].step: "expect_webhook" is not a kind of step; did you mean "expect-webhook"?',
    ]);
  });

  it('far from any kind is quoted, with the kinds there are', () => {
    expect(problemsOf(steps('  - step: pay'))).toEqual([
      `case.yaml:3:11: steps[0].step: "pay" is not a kind of step: one of ${kinds}`,
    ]);
    expect(problemsOf(steps('  - step: 5'))).toEqual([
      `case.yaml:3:11: steps[0].step: 5 is not a kind of step: one of ${kinds}`,
    ]);
  });
});

// `steps[3].for: missing` said nothing of what a wait's `for` takes, as the other fields do.
describe("a wait step's for, left out", () => {
  it('is missing, with what it takes', () => {
    expect(problemsOf(steps('  - step: wait'))).toEqual([
      'case.yaml:3:5: steps[0].for: missing; expected a duration such as 500ms, 10s or 2m, or whole milliseconds such as 1500',
    ]);
  });
});
