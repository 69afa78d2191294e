import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenarios } from '../../src/main/scenarios/load-scenarios';
import { substitutedStep } from '../../src/main/scenarios/substituted-step';
import { defaultOperationBody } from '../../src/shared/operation-bodies';
import type { OrderLifecycle } from '../../src/shared/orders/order-lifecycle';
import { scenarioFromOrder } from '../../src/shared/scenarios/scenario-from-order';
import { formatProblem } from '../../src/shared/scenarios/scenario-file-problems';
import type { ScenarioStep } from '../../src/shared/scenarios/scenario-schema';
import { Variables } from '../../src/shared/scenarios/variables';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

const temp = makeTempDir('cc-scenario-amount-');
afterAll(() => temp.remove());

function problemsOf(name: string, text: string): string[] {
  const file = join(temp.dir, name);
  writeFileSync(file, text);
  return loadScenarios([file], temp.dir).problems.map(formatProblem);
}

const capture = (amount: string) =>
  [
    'name: capture',
    "vars: { amt: '10.00' }",
    'steps:',
    '  - step: operation',
    "    order: 'o-1'",
    '    operation: capture',
    `    amount: ${amount}`,
    '',
  ].join('\n');

const AMOUNT_WORDS = "write an amount, such as '50.00' or 50";

/**
 * The spec's Money: an amount "is numeric either way" (a number, or a numeric string). `amount:
 * 12.3.4` was taken when the file was read and sent as the JSON string "12.3.4": the service's 400
 * then failed the step as an expectation (exit 1), not the file (exit 2, nothing runs). A broken
 * amount sent on purpose is a whole `body:` (docs/scenarios.md).
 */
describe("an operation step's amount", () => {
  it('that is not a number is a problem of the file, naming its place, the value and what the field takes', () => {
    expect(problemsOf('a.yaml', capture('12.3.4'))).toEqual([
      `a.yaml:7:13: steps[0].amount: "12.3.4" is not an amount: ${AMOUNT_WORDS}`,
    ]);
    expect(problemsOf('a.yaml', capture("'ten'"))).toEqual([
      `a.yaml:7:13: steps[0].amount: "ten" is not an amount: ${AMOUNT_WORDS}`,
    ]);
    expect(problemsOf('a.yaml', capture("''"))).toEqual([
      `a.yaml:7:13: steps[0].amount: "" is not an amount: ${AMOUNT_WORDS}`,
    ]);
    expect(problemsOf('a.yaml', capture("'1e3'"))).toEqual([
      `a.yaml:7:13: steps[0].amount: "1e3" is not an amount: ${AMOUNT_WORDS}`,
    ]);
  });

  it('that is a number, numeric text or a ${variable} loads', () => {
    // 0 or less is refused as not more than 0 (scenario-load-refused-values.test.ts).
    for (const amount of ["'10.005'", '10.005', '50', "'${amt}'", "'0.01'"])
      expect(problemsOf('ok.yaml', capture(amount)), amount).toEqual([]);
  });

  it("from a variable is checked when the step runs, in the same words, with the variable's name", () => {
    const step = { step: 'operation', operation: 'capture', amount: '${amt}' } as unknown as ScenarioStep;
    expect(substitutedStep(step, new Variables({ amt: '10.50' }))).toMatchObject({ amount: '10.50' });
    expect(substitutedStep(step, new Variables({ amt: 7 }))).toMatchObject({ amount: 7 });
    expect(() => substitutedStep(step, new Variables({ amt: '12.3.4' }))).toThrow(
      `amount is "12.3.4" (from "\${amt}"): "12.3.4" is not an amount: ${AMOUNT_WORDS}`,
    );
  });

  it('that the file takes is sent as a JSON number', () => {
    for (const [amount, sent] of [
      ['10.005', 10.005],
      ['-5.00', -5],
      [50, 50],
    ] as const)
      expect(defaultOperationBody('refund', { orderId: 'o-1', amount })).toMatchObject({
        total_amount: { amount: sent },
      });
  });

  it('that is not a number makes the test command exit 2 and run nothing', async () => {
    const dir = join(temp.dir, 'suite');
    mkdirSync(dir);
    writeFileSync(join(dir, 'a.yaml'), capture('12.3.4'));
    const run = await runCliCaptured(['--data-dir', join(temp.dir, 'data'), 'test', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`a.yaml:7:13: steps[0].amount: "12.3.4" is not an amount: ${AMOUNT_WORDS}`);
    expect(run.stderr).toContain('1 problem in 1 scenario file; nothing was run.');
    expect(run.stdout).toBe('');
  });
});

describe('Save as scenario, of a capture sent with an amount that is not a number', () => {
  it('writes the body as it was sent, so the saved file loads and sends it again', () => {
    const body = { order_id: 'o-1', total_amount: { amount: '12.3.4', currency: 'SAR' } };
    const made = scenarioFromOrder(
      {
        orderId: 'o-1',
        state: null,
        facts: { referenceId: 'r-1' },
        entries: [{ recordId: 1, effect: 'failed', stateAfter: null }],
      } as unknown as OrderLifecycle,
      new Map([
        [
          1,
          {
            id: 1,
            kind: 'request',
            status: 400,
            eventType: null,
            tokenVerdict: null,
            bodyVerdict: null,
            requestJson: body,
            details: { operation: 'capture' },
          },
        ],
      ]),
    );
    expect(made.steps).toEqual([{ step: 'operation', operation: 'capture', body, expect: { status: 400 } }]);
    // This order's records hold no checkout; a saved order's file starts with its checkout step.
    const checkout = { step: 'checkout', sample: { country: 'SA' } };
    expect(problemsOf('saved.yaml', stringify({ ...made, steps: [checkout, ...made.steps] }))).toEqual([]);
  });
});
