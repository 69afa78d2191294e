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
