import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenarios } from '../../src/main/scenarios/load-scenarios';
import { orderOfStep, type ScenarioServices } from '../../src/main/scenarios/step-context';
import { substitutedStep } from '../../src/main/scenarios/substituted-step';
import { formatProblem } from '../../src/shared/scenarios/scenario-file-problems';
import { scenarioStepSchema } from '../../src/shared/scenarios/scenario-schema';
import { Variables } from '../../src/shared/scenarios/variables';
import { stepContext } from './helpers/step-context';
import { makeTempDir } from './helpers/temp-console';

const temp = makeTempDir('cc-empty-order-');
afterAll(() => temp.remove());

const OWN_ORDER = '0b9a4c1e-6f3d-4e8a-9b2c-5d7e8f901234';
const services = {} as unknown as ScenarioServices;

/** The order the step runs on, as run-scenario.ts reaches it: variables filled in, then its rule. */
function orderRunOn(raw: Record<string, unknown>, vars: Variables): string | null {
  const ran = substitutedStep(scenarioStepSchema.parse(raw), vars);
  return orderOfStep(stepContext(services, { vars }), ran);
}

// An `order:` written as a variable that came out empty (a CI secret left unset) was taken as
// left out: the step ran on the scenario's own last checkout (`${order_id}`) and passed, a
// cancel of the wrong order reported as fine. Written, it is the step's order, whatever it
// expands to: empty is the step's error, naming the field and what it came from.
describe('an order written as a variable that expands to ""', () => {
  const withOwnOrder = (values: Record<string, unknown>, env: Record<string, string> = {}) =>
    new Variables({ order_id: OWN_ORDER, ...values }, env);

  it('is an error of `order:`, not the last checkout’s order', () => {
    const run = () =>
      orderRunOn(
        { step: 'operation', operation: 'cancel', order: '${env.TARGET_ORDER}' },
        withOwnOrder({}, { TARGET_ORDER: '' }),
      );
    expect(run).toThrow('order is "" (from "${env.TARGET_ORDER}"): an order id is never empty');
  });

  it('is an error of `from.order` in a send-webhook step', () => {
    const run = () =>
      orderRunOn(
        { step: 'send-webhook', to: 'listener', from: { event: 'order_approved', order: '${other}' } },
        withOwnOrder({ other: '' }),
      );
    expect(run).toThrow('from.order is "" (from "${other}"): an order id is never empty');
  });

  it('says so with no checkout before it, never "give the step an order"', () => {
    let message = '';
    try {
      orderRunOn(
        { step: 'expect-order', state: 'canceled', order: '${other}' },
        new Variables({ other: '' }),
      );
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe('order is "" (from "${other}"): an order id is never empty');
  });

  it('leaves an order that expands to an id as it was', () => {
    const order = orderRunOn(
      { step: 'customer', action: 'pay', order: '${other}' },
      withOwnOrder({ other: 'ord-2' }),
    );
    expect(order).toBe('ord-2');
  });
});

function problemsOf(text: string): string[] {
  const file = join(temp.dir, 'case.yaml');
  writeFileSync(file, text);
  return loadScenarios([file], temp.dir).problems.map(formatProblem);
}

// Written empty, it is a problem of the file, at the field written: `from.order` was reported
// as `steps[0].order: left out`, a field the step does not have.
describe('an order written empty', () => {
  it('is a problem of `order:`', () => {
    const problems = problemsOf(
      ['name: empty', 'steps:', '  - step: expect-order', "    order: ''", '    state: approved', ''].join(
        '\n',
      ),
    );
    expect(problems).toEqual([`case.yaml:4:12: steps[0].order: an order id is never empty`]);
  });

  it('is a problem of `from.order`', () => {
    const problems = problemsOf(
      [
        'name: empty',
        'steps:',
        '  - step: send-webhook',
        '    to: listener',
        "    from: { event: order_approved, order: '' }",
        '',
      ].join('\n'),
    );
    expect(problems).toEqual([`case.yaml:5:43: steps[0].from.order: an order id is never empty`]);
  });
});
