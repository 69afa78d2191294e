import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenarios } from '../../src/main/scenarios/load-scenarios';
import { substitutedStep } from '../../src/main/scenarios/substituted-step';
import { formatProblem } from '../../src/shared/scenarios/scenario-file-problems';
import type { ScenarioStep } from '../../src/shared/scenarios/scenario-schema';
import { Variables } from '../../src/shared/scenarios/variables';
import { makeTempDir } from './helpers/temp-console';

// Values a scenario file took that could only fail later, or say something else than was meant:
// a capture of 0 or less (the service's refusal then failed the step as an expectation), an
// expect-webhook step's `within: 0` (looked once: Playwright's `timeout: 0` means "no limit"),
// a send-webhook step's `from.event` no webhook ever has (failed only when the step ran), and a
// checkout payload the spec's minimums refuse on a step that expects it created.
const temp = makeTempDir('cc-scenario-refused-');
afterAll(() => temp.remove());

function problemsOf(lines: readonly string[]): string[] {
  const file = join(temp.dir, 'case.yaml');
  writeFileSync(file, ['name: case', "vars: { v: '1' }", 'steps:', ...lines, ''].join('\n'));
  return loadScenarios([file], temp.dir).problems.map(formatProblem);
}

const capture = (amount: string) => [
  '  - step: operation',
  "    order: 'o-1'",
  '    operation: capture',
  `    amount: ${amount}`,
];
const NOT_POSITIVE =
  'the service refuses a capture or refund of 0 or less (to send one on purpose, write the whole body)';

describe("an operation step's amount", () => {
  it('of 0 or less is a problem of the file, naming the step and the field', () => {
    expect(problemsOf(capture('0'))).toEqual([
      `case.yaml:7:13: steps[0].amount: 0 is not more than 0: ${NOT_POSITIVE}`,
    ]);
    expect(problemsOf(capture("'0.00'"))).toEqual([
      `case.yaml:7:13: steps[0].amount: "0.00" is not more than 0: ${NOT_POSITIVE}`,
    ]);
    expect(problemsOf(capture("'-5.00'"))).toEqual([
      `case.yaml:7:13: steps[0].amount: "-5.00" is not more than 0: ${NOT_POSITIVE}`,
    ]);
    expect(problemsOf(capture('-0.5'))).toEqual([
      `case.yaml:7:13: steps[0].amount: -0.5 is not more than 0: ${NOT_POSITIVE}`,
    ]);
    expect(problemsOf(capture("'0.01'"))).toEqual([]);
  });

  it('from a variable is refused when the step runs, in the same words', () => {
    const step = { step: 'operation', operation: 'refund', amount: '${amt}' } as unknown as ScenarioStep;
    expect(() => substitutedStep(step, new Variables({ amt: '0' }))).toThrow(
      `amount is "0" (from "\${amt}"): "0" is not more than 0: ${NOT_POSITIVE}`,
    );
  });
});

const webhook = (within: string) => [
  '  - step: expect-webhook',
  "    order: 'o-1'",
  '    event: order_approved',
  `    within: ${within}`,
];
const WITHIN_WORDS =
  'is not more than 0 ms: the step waits this long for the notification (write such as 10s; left out, 10s)';

describe("an expect-webhook step's within", () => {
  it('of 0 is a problem of the file; below 0 still is', () => {
    for (const [within, quoted] of <const>[
      ['0', '0'],
      ['0ms', '"0ms"'],
      ['0s', '"0s"'],
      ["'0.0m'", '"0.0m"'],
    ])
      expect(problemsOf(webhook(within)), within).toEqual([
        `case.yaml:7:13: steps[0].within: ${quoted} ${WITHIN_WORDS}`,
      ]);
    expect(problemsOf(webhook('-1'))[0]).toMatch(/^case\.yaml:7:13: steps\[0\]\.within: -1 is below zero/);
    expect(problemsOf(webhook('1ms'))).toEqual([]);
  });

  it('from a variable is refused when the step runs, in the same words', () => {
    const step = {
      step: 'expect-webhook',
      event: 'order_approved',
      within: '${w}',
    } as unknown as ScenarioStep;
    expect(() => substitutedStep(step, new Variables({ w: '0s' }))).toThrow(
      `within is "0s" (from "\${w}"): "0s" ${WITHIN_WORDS}`,
    );
  });

  it("of an expect-order step may be 0: that step's default, which checks once", () => {
    expect(problemsOf(["  - step: expect-order\n    order: 'o-1'\n    state: new\n    within: 0"])).toEqual(
      [],
    );
  });
});

describe("a send-webhook step's from.event", () => {
  it('that no webhook has is a problem of the file, with the nearest event', () => {
    expect(
      problemsOf([
        "  - step: send-webhook\n    to: listener\n    from: { event: order_aproved, order: 'o-1' }",
      ]),
    ).toEqual([
      'case.yaml:6:20: steps[0].from.event: "order_aproved" is not an event the service sends; did you mean "order_approved"?',
    ]);
  });

  it('of the spec or the emulator loads; its own event stays free, to send an unknown one on purpose', () => {
    expect(
      problemsOf([
        "  - step: send-webhook\n    to: listener\n    from: { event: order_captured, order: 'o-1' }",
      ]),
    ).toEqual([]);
    expect(
      problemsOf([
        "  - step: send-webhook\n    to: listener\n    from: { event: order_declined, order: 'o-1' }",
      ]),
    ).toEqual([]);
    expect(
      problemsOf(["  - step: send-webhook\n    to: listener\n    order: 'o-1'\n    event: order_unheard_of"]),
    ).toEqual([]);
  });

  it('from a variable is refused when the step runs, in the same words', () => {
    const step = { step: 'send-webhook', to: 'listener', from: { event: '${e}' } } as unknown as ScenarioStep;
    expect(() => substitutedStep(step, new Variables({ e: 'order_paid' }))).toThrow(
      /^from\.event is "order_paid" \(from "\$\{e\}"\): "order_paid" is not an event the service sends/,
    );
  });
});

const checkout = (...lines: string[]) => ['  - step: checkout', '    sample: { country: SA }', ...lines];

describe("a checkout step's amounts, on a step that expects the session created", () => {
  it('below the spec minimum is a problem of the file, at the field that holds it', () => {
    const refused = (words: string) =>
      `${words}: the service refuses the request, and the step expects 200; to send it on purpose, expect the refusal (expect: { status: 400 })`;
    expect(problemsOf(checkout('    set: { /total_amount/amount: 0 }'))).toEqual([
      `case.yaml:6:34: steps[0].set["/total_amount/amount"]: ${refused('total_amount.amount is 0; the minimum is 0.1 (Checkout request: total_amount — amount minimum 0.1)')}`,
    ]);
    expect(
      problemsOf(checkout("    set: { /items/0/tax_amount: { amount: '-1.00', currency: SAR } }")),
    ).toEqual([
      `case.yaml:6:33: steps[0].set["/items/0/tax_amount"]: ${refused('tax_amount.amount is -1.00; the minimum is 0 (Item: tax_amount — amount minimum 0)')}`,
    ]);
    const payload = [
      '  - step: checkout',
      '    payload:',
      '      total_amount: { amount: 10, currency: SAR }',
      '      shipping_amount: { amount: -2, currency: SAR }',
    ];
    expect(problemsOf(payload)).toEqual([
      `case.yaml:7:34: steps[0].payload.shipping_amount.amount: ${refused('shipping_amount.amount is -2; the minimum is 0 (Checkout request: shipping_amount — amount minimum 0)')}`,
    ]);
  });

  it('that the spec allows loads: zero shipping and tax, a free item, a negative line (a warning only)', () => {
    expect(
      problemsOf(
        checkout(
          '    set:',
          '      /shipping_amount/amount: 0',
          "      /tax_amount: { amount: '0.00', currency: SAR }",
          '      /items/0/total_amount/amount: 0',
          '      /items/0/unit_price/amount: -3',
          "      /total_amount/amount: '0.10'",
        ),
      ),
    ).toEqual([]);
  });

  it('below the minimum on purpose loads, on a step that expects the refusal', () => {
    expect(
      problemsOf(checkout('    set: { /total_amount/amount: 0 }', '    expect: { status: 400 }')),
    ).toEqual([]);
    expect(
      problemsOf(checkout('    set: { /total_amount/amount: 0 }', "    expect: { status: '4xx' }")),
    ).toEqual([]);
    expect(
      problemsOf(checkout('    set: { /total_amount/amount: 0 }', "    expect: { status: '${v}' }")),
    ).toEqual([]);
    // A later `set` or `remove` of the field is what is sent.
    expect(
      problemsOf(
        checkout('    set: { /total_amount/amount: 0, /total_amount: { amount: 5, currency: SAR } }'),
      ),
    ).toEqual([]);
    expect(
      problemsOf(checkout('    set: { /total_amount/amount: 0 }', '    remove: [/total_amount]')),
    ).toEqual([]);
  });
});
