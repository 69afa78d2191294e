import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCheckDiff } from '../../src/shared/scenarios/expectations';
import { runReportSchema } from '../../src/shared/scenarios/scenario-results';
import { expectWebhookStepSchema } from '../../src/shared/scenarios/scenario-schema';
import type { ScenarioServices, StepContext } from '../../src/main/scenarios/step-context';
import { runExpectWebhookStep } from '../../src/main/scenarios/steps/webhook-steps';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';
import { timelineSummary } from './helpers/timeline-summary';
import { stepContext } from './helpers/step-context';

// A webhook step that saw no verdict wrote a stand-in string as the check's actual value:
// expect-webhook `"(not judged)"`, send-webhook `"(no listener record)"`. In a JSON report or
// JUnit it read as a verdict the listener gave. Said as absent now, the one way a step says it
// saw nothing, with why in the step's message.
const ORDER = '0b9a4c1e-6f3d-4e8a-9b2c-5d7e8f901234';

describe("a send-webhook step expecting the listener's verdict of a send no listener record was made of", () => {
  const temp = makeTempDir('cc-send-absent-');
  let elsewhere: Server;
  let url = '';
  beforeAll(async () => {
    // An endpoint that is not this console's listener: it answers, and keeps no record.
    elsewhere = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/hooks`;
    mkdirSync(join(temp.dir, 'scenarios'));
    writeFileSync(
      join(temp.dir, 'scenarios', 'elsewhere.yaml'),
      [
        'name: sent elsewhere',
        'steps:',
        '  - step: send-webhook',
        `    to: ${url}`,
        `    order: ${ORDER}`,
        '    body: { order_id: x, event_type: order_approved }',
        '    expect: { bodyVerdict: event }',
        '',
      ].join('\n'),
    );
  });
  afterAll(async () => {
    elsewhere.closeAllConnections();
    await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
    temp.remove();
  });

  const run = (reporter: 'json' | 'junit', data: string) =>
    runCliCaptured([
      '--data-dir',
      join(temp.dir, data),
      'test',
      join(temp.dir, 'scenarios'),
      '--reporter',
      reporter,
    ]);

  it('has it absent in the JSON report, and says why in its message', async () => {
    const report = runReportSchema.parse(JSON.parse((await run('json', 'json-data')).stdout));
    const step = report.scenarios[0]?.steps[0];
    expect(step?.status).toBe('failed');
    expect(step?.checks.filter((check) => !check.passed)).toEqual([
      { what: 'listener body verdict', expected: 'event', actual: null, actualAbsent: true, passed: false },
      // The findings an event body is expected to have none of by default: none to read either.
      {
        what: 'listener body findings',
        expected: 'no errors',
        actual: null,
        actualAbsent: true,
        passed: false,
      },
    ]);
    expect(step?.message).toBe("200, no listener record: the send did not reach this console's listener");
  });

  it('writes it absent in JUnit, never the stand-in string', async () => {
    const junit = (await run('junit', 'junit-data')).stdout;
    expect(junit).toContain('listener body verdict\n    - expected  "event"\n    + actual    absent');
    expect(junit).not.toContain('(no listener record)');
    expect(junit).toContain('no listener record: the send did not reach this console');
  });
});

/** A listener record of the order's order_approved with these verdicts. */
function contextWith(verdicts: { tokenVerdict: null; bodyVerdict: null }): StepContext {
  const record = timelineSummary(7, new Date(), { orderId: ORDER, eventType: 'order_approved', ...verdicts });
  const services = {
    eventsQuery: { page: () => ({ items: [record] }) },
    events: {
      getRow: () => ({ request_body: new TextEncoder().encode('{}') }),
      getDetail: () => ({ details: { body: { verdict: null, findings: [] } } }),
    },
  } as unknown as ScenarioServices;
  return stepContext(services, { orderIds: [ORDER] });
}

describe('an expect-webhook step over a record whose token and body were not judged', () => {
  it('has both verdicts absent, not "(not judged)", and says so in its message', async () => {
    const step = expectWebhookStepSchema.parse({
      step: 'expect-webhook',
      event: 'order_approved',
      order: ORDER,
      within: 1,
      findings: 'any',
    });
    const outcome = await runExpectWebhookStep(contextWith({ tokenVerdict: null, bodyVerdict: null }), step);
    const failed = outcome.checks.filter((check) => !check.passed);
    expect(failed).toEqual([
      { what: 'token verdict', expected: 'valid', actual: null, actualAbsent: true, passed: false },
      { what: 'body verdict', expected: 'event', actual: null, actualAbsent: true, passed: false },
    ]);
    expect(failed.flatMap((check) => formatCheckDiff(check))).toEqual([
      'token verdict',
      '  - expected  "valid"',
      '  + actual    absent',
      'body verdict',
      '  - expected  "event"',
      '  + actual    absent',
    ]);
    expect(outcome.message).toBe('token not judged, body not judged');
  });
});
