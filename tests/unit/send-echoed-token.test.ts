import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeService, json } from './helpers/fake-service';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// A service that echoed the profile's API token in its answer had it masked in the answer's body
// and the record, but not in what the client read from the answer before masking it: `send`
// printed `checkout_url  …&t=<the token>`, `send --json` held it in "checkout", and the builder's
// checkout_url row showed it. A service error that quoted it (its message, an errors entry) kept
// it the same way, and was stored in the record's details.

const TOKEN = 'sbx_SECRET_TOKEN_abcd1234';
const MASK = '••••1234';

let dataDir: string;
let remove: () => void;
let service: Awaited<ReturnType<typeof startFakeService>>;

beforeEach(async () => {
  ({ dir: dataDir, remove } = makeTempDir());
  service = await startFakeService((request, res) => {
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (request.body.includes('"refuse"'))
      return json(res, 401, {
        message: `The token ${token} is not valid`,
        errors: [{ error_code: 'invalid_token', token }],
        data: { token },
        title: `Unknown token ${token}`,
        screen_type: null,
      });
    json(res, 200, {
      order_id: 'o-echo',
      checkout_id: 'c-echo',
      status: 'new',
      checkout_url: `https://checkout.example.com/pay?order_id=o-echo&t=${token}`,
    });
  });
  const set = await cli('profiles', 'set', 'Sandbox', '--base-url', service.url, '--api-token', TOKEN);
  expect(set.code, set.stderr).toBe(0);
});
afterEach(async () => {
  await service.close();
  remove();
});

const cli = (...args: string[]) => runCliCaptured(['--data-dir', dataDir, ...args]);
function payloadFile(body: unknown): string {
  const file = join(dataDir, 'payload.json');
  writeFileSync(file, JSON.stringify(body));
  return file;
}

describe('an answer that echoes the profile’s API token', () => {
  it('in checkout_url: send, send --json (every field) and the record say it masked', async () => {
    const file = payloadFile({ order_reference_id: 'r-echo' });
    const text = await cli('send', file, '--profile', 'Sandbox');
    expect(service.received[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout + text.stderr).not.toContain(TOKEN);
    expect(text.stdout).toContain(`checkout_url  https://checkout.example.com/pay?order_id=o-echo&t=${MASK}`);

    const asJson = await cli('send', file, '--profile', 'Sandbox', '--json');
    expect(asJson.code, asJson.stderr).toBe(0);
    expect(asJson.stdout + asJson.stderr).not.toContain(TOKEN);
    const result = JSON.parse(asJson.stdout) as Record<string, unknown>;
    expect(result['checkout']).toMatchObject({
      order_id: 'o-echo',
      checkout_url: `https://checkout.example.com/pay?order_id=o-echo&t=${MASK}`,
    });
    // The one flag the window reads to say why its link is not opened.
    expect(result['checkoutUrlHoldsToken']).toBe(true);

    const history = await cli('history', '--json');
    expect(history.stdout).not.toContain(TOKEN);
  });

  it('in a service error: its message, entries, title and data are masked, on screen and on disk', async () => {
    const run = await cli(
      'send',
      payloadFile({ order_reference_id: 'refuse' }),
      '--profile',
      'Sandbox',
      '--json',
    );
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).not.toContain(TOKEN);
    const result = JSON.parse(run.stdout) as { serviceError: Record<string, unknown> };
    expect(result.serviceError).toMatchObject({
      message: `The token ${MASK} is not valid`,
      errorCodes: ['invalid_token'],
      title: `Unknown token ${MASK}`,
    });
    const text = await cli('send', payloadFile({ order_reference_id: 'refuse' }), '--profile', 'Sandbox');
    expect(text.stdout + text.stderr).not.toContain(TOKEN);
    // The record's details keep the service error as read: masked too.
    const exported = await cli('export', '--format', 'json', '--include-tokens');
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).not.toContain(TOKEN);
    expect(exported.stdout).toContain(`The token ${MASK} is not valid`);
  });
});
