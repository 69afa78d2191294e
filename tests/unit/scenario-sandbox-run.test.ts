import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReportSchema } from '../../src/shared/scenarios/scenario-results';
import { json, startFakeService } from './helpers/fake-service';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// Scenarios run on a sandbox profile (listener port 0, no public listener URL) against a stand-in
// for the service.
describe('a run on a sandbox profile', () => {
  const temp = makeTempDir('cc-sandbox-notify-');
  const dataDir = join(temp.dir, 'data');
  let service: Awaited<ReturnType<typeof startFakeService>>;
  let refuse = false;
  const cli = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, ...argv]);

  beforeAll(async () => {
    service = await startFakeService((request, res) => {
      if (refuse)
        return json(res, 400, {
          message: 'Invalid request',
          errors: ['shipping_amount', 'tax_amount', 'items', 'consumer', 'country_code'].map((path) => ({
            error_code: 'required',
            path,
            message: `${path} is required.`,
          })),
        });
      const orderId = `ord-${service.received.length}`;
      json(res, 200, {
        order_id: orderId,
        checkout_id: `chk-${service.received.length}`,
        status: 'new',
        checkout_url: `${service.url}/pay/${orderId}`,
      });
    });
    const added = await cli(
      ...['profiles', 'add', 'Sbx2', '--env', 'sandbox', '--base-url', service.url],
      ...['--api-token', 'tok123', '--notification-token', 'ntok', '--listener-port', '0'],
    );
    expect(added.code, added.stderr).toBe(0);
  });
  afterAll(async () => {
    await service.close();
    temp.remove();
  });

  const scenarioFile = (name: string, lines: string[]) => {
    const folder = join(temp.dir, name);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'case.yaml'), [`name: ${name}`, 'steps:', ...lines, ''].join('\n'));
    return folder;
  };

  // The service cannot reach the run's listener, so nothing filled the notification field. The
  // checkout step said nothing of it, and a customer step then waited its whole timeout (5 minutes
  // by default) to report "nothing arrived".
  it('that the service cannot notify says so at the start and at the checkout, and the wait fails at once naming why', async () => {
    refuse = false;
    const folder = scenarioFile('pay', [
      '  - step: checkout',
      '    sample: { country: SA }',
      '  - step: customer',
      '    action: pay',
      '    timeout: 20s',
      '  - step: expect-webhook',
      '    event: order_approved',
    ]);
    const started = Date.now();
    const run = await cli('test', folder, '--profile', 'Sbx2', '--reporter', 'json');
    expect(Date.now() - started).toBeLessThan(10_000);
    const reason = "No listener URL: set the profile's public listener URL (a tunnel) to receive webhooks.";
    expect(run.stderr).toContain(`notifications cannot reach it: ${reason}`);
    const [checkout, customer] = runReportSchema.parse(JSON.parse(run.stdout)).scenarios[0]?.steps ?? [];
    expect(checkout).toMatchObject({
      status: 'passed',
      message: `order ord-1 (new); the request carries no notification URL (merchant_url.notification): ${reason}`,
    });
    expect(customer).toMatchObject({
      status: 'failed',
      message: `no order_approved for order ord-1 can arrive: its checkout request carried no notification URL (${reason})`,
    });
    expect(customer?.checks[0]).toMatchObject({
      what: 'order_approved',
      actual: `cannot arrive: its checkout request carried no notification URL (${reason})`,
      passed: false,
    });
  }, 30_000);

  it('that the service cannot notify: an expect-webhook step for such an order looks once and says why, without waiting', async () => {
    refuse = false;
    const folder = scenarioFile('expect', [
      '  - step: checkout',
      '    sample: { country: SA }',
      '  - step: expect-webhook',
      '    event: order_approved',
      '    within: 20s',
    ]);
    const started = Date.now();
    const run = await cli('test', folder, '--profile', 'Sbx2', '--reporter', 'json');
    expect(Date.now() - started).toBeLessThan(10_000);
    const [checkout, webhook] = runReportSchema.parse(JSON.parse(run.stdout)).scenarios[0]?.steps ?? [];
    const orderId = /^order (\S+) /.exec(checkout?.message ?? '')?.[1];
    expect(webhook).toMatchObject({
      status: 'failed',
      message: `no order_approved for order ${orderId} can arrive: its checkout request carried no notification URL (No listener URL: set the profile's public listener URL (a tunnel) to receive webhooks.)`,
    });
  }, 30_000);

  // A refusal read `answered 400 required, required, … required` while the body named each field.
  it("names each refused field's path and message, a bounded number of them", async () => {
    refuse = true;
    const folder = scenarioFile('refused', ['  - step: checkout', '    sample: { country: SA }']);
    const run = await cli('test', folder, '--profile', 'Sbx2', '--reporter', 'json');
    const [checkout] = runReportSchema.parse(JSON.parse(run.stdout)).scenarios[0]?.steps ?? [];
    expect(checkout?.message).toBe(
      'answered 400: shipping_amount: shipping_amount is required. (required); tax_amount: tax_amount is required. (required); items: items is required. (required); and 2 more',
    );
  }, 30_000);
});
