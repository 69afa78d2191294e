import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeService, json } from './helpers/fake-service';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// `send` on a local profile is a one-shot process: it runs no listener of its own. It filled the
// notification field only from a listener running in its own process, so an order created from a
// terminal while `serve` (or the desktop app) ran the Local profile's listener had no
// notification URL: "order_approved has nowhere to go", and the console's timeline never saw the
// webhooks the builder's Send would have brought. It now fills in the address the profile's
// listener takes in any console on this data directory, and says where notifications go.

let dataDir: string;
let remove: () => void;
let service: Awaited<ReturnType<typeof startFakeService>>;

beforeEach(async () => {
  ({ dir: dataDir, remove } = makeTempDir());
  service = await startFakeService((_request, res) =>
    json(res, 200, {
      order_id: 'o-1',
      checkout_id: 'c-1',
      status: 'new',
      checkout_url: 'https://pay.example/',
    }),
  );
  // Local, as a person sets it up, but answered by the fake service so the body can be read.
  await runCliCaptured(['--data-dir', dataDir, 'profiles', 'set', 'Local', '--base-url', service.url]);
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
const sentNotification = () =>
  (JSON.parse(service.received[0]?.body ?? '{}') as { merchant_url?: { notification?: string } }).merchant_url
    ?.notification;

describe('send on a local profile fills in where its listener runs', () => {
  it('the profile’s listener port, whichever console runs it, and the output says so', async () => {
    await cli('profiles', 'set', 'Local', '--listener-port', '45871');
    const run = await cli(
      'send',
      payloadFile({ order_reference_id: 'r1', merchant_url: {} }),
      '--profile',
      'Local',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(sentNotification()).toBe('http://127.0.0.1:45871');
    expect(run.stdout).toMatch(
      /^notification {2}http:\/\/127\.0\.0\.1:45871 \(merchant_url\.notification was empty: filled in with the profile's listener port.*\)$/m,
    );
  });

  it('does not claim a console listens there: send does not look, and another program may hold the port', async () => {
    // "where a console on this data directory runs its listener" was said with nothing checked,
    // also while another program held the port and took the order's notifications.
    await cli('profiles', 'set', 'Local', '--listener-port', '45871');
    const run = await cli('send', payloadFile({ order_reference_id: 'r1', merchant_url: {} }));
    expect(run.stdout).not.toContain('runs its listener');
    expect(run.stdout).toMatch(
      /^notification {2}http:\/\/127\.0\.0\.1:45871 \(.*where a console on this data directory listens while it runs \(not checked from here\)\)$/m,
    );
  });

  it('a listener port that is the base URL’s own port is not filled in: notifications would go to the service itself', async () => {
    // The emulator refuses to deliver to itself; the order's notifications went nowhere while
    // the line said where a console listens.
    const port = new URL(service.url).port;
    await cli('profiles', 'set', 'Local', '--listener-port', port);
    const run = await cli('send', payloadFile({ order_reference_id: 'r1', merchant_url: {} }));
    expect(run.code, run.stderr).toBe(0);
    expect(sentNotification()).toBeUndefined();
    expect(run.stdout).toMatch(
      new RegExp(
        `^notification {2}none: No listener URL: the profile's listener port ${port} is its base URL's own port \\(the emulator\\); give the listener another port$`,
        'm',
      ),
    );
  });

  it('a profile whose listener takes any free port cannot be named: nothing is filled in, and the output says why', async () => {
    await cli('profiles', 'set', 'Local', '--listener-port', '0');
    const run = await cli(
      'send',
      payloadFile({ order_reference_id: 'r1', merchant_url: {} }),
      '--profile',
      'Local',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(sentNotification()).toBeUndefined();
    expect(run.stdout).toMatch(
      /^notification {2}none: No listener URL: the profile's listener takes any free port.*$/m,
    );
  });

  it('a notification the file sets is sent as it is, and said', async () => {
    const file = payloadFile({
      order_reference_id: 'r1',
      merchant_url: { notification: 'https://shop.example/hook' },
    });
    const run = await cli('send', file, '--profile', 'Local');
    expect(sentNotification()).toBe('https://shop.example/hook');
    expect(run.stdout).toMatch(/^notification {2}https:\/\/shop\.example\/hook \(.*already set.*\)$/m);
  });

  it('--no-notification-url fills nothing in, and says so', async () => {
    const run = await cli(
      'send',
      payloadFile({ order_reference_id: 'r1', merchant_url: {} }),
      '--profile',
      'Local',
      '--no-notification-url',
    );
    expect(sentNotification()).toBeUndefined();
    expect(run.stdout).toMatch(/^notification {2}none: Filling in the listener URL is turned off$/m);
  });
});

// scenarios/payloads/general-sa.json is a scenario's payload: its reference is `${fresh.reference}`,
// which a scenario's checkout step fills in. Sent with `send`, the order's reference was the
// literal text, without a word; then a hint named the variables but not the fields holding them.
describe('send names the scenario variables a payload holds, and the fields', () => {
  it('sends them as written (its job), warns naming each field, and says a scenario fills them in', async () => {
    const file = payloadFile({
      order_reference_id: '${fresh.reference}',
      consumer: { email: '${env.EMAIL}' },
    });
    const run = await cli('send', file, '--profile', 'Local', '--no-notification-url');
    expect(run.code, run.stderr).toBe(0);
    expect(service.received[0]?.body).toContain('"order_reference_id":"${fresh.reference}"');
    expect(run.stderr).toContain(
      'warning: order_reference_id holds ${fresh.reference} and consumer.email holds ${env.EMAIL}, scenario variables: send sends them as written (it fills in none); a scenario fills them in (checkout-console test).',
    );
  });

  it('names a field inside an array, and every variable of one string', async () => {
    const file = payloadFile({ items: [{ name: 'mat' }, { name: '${colour} mat, ${size}' }] });
    const run = await cli('send', file, '--profile', 'Local', '--no-notification-url');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'warning: items[1].name holds ${colour} and ${size}, scenario variables: send sends them as written',
    );
  });

  it('reads the strings a scenario fills in (values, after JSON escapes), not the file text: keys and $${ are not variables', async () => {
    // The hint read the raw file: "\u0024{fresh.reference}" is ${fresh.reference} once parsed
    // (a scenario fills it in) but went unnamed, while a key "${keyvar}" (never filled in) and
    // a literal "$${x}" were the file's own text.
    const file = join(dataDir, 'payload.json');
    writeFileSync(file, '{"order_reference_id":"\\u0024{fresh.reference}","${keyvar}":"$${x}"}');
    const run = await cli('send', file, '--profile', 'Local', '--no-notification-url');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'warning: order_reference_id holds ${fresh.reference}, a scenario variable:',
    );
    expect(run.stderr).not.toContain('keyvar');
    expect(run.stderr).not.toContain('${x}');
  });

  it('fifty fields: five named, the rest counted, on one line', async () => {
    const body = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, `\${v${i}}`]));
    const run = await cli('send', payloadFile(body), '--profile', 'Local', '--no-notification-url');
    const hints = run.stderr.split('\n').filter((line) => line.includes('scenario variable'));
    expect(hints).toEqual([
      'warning: k0 holds ${v0}, k1 holds ${v1}, k2 holds ${v2}, k3 holds ${v3} and k4 holds ${v4} (and 45 more fields), scenario variables: send sends them as written (it fills in none); a scenario fills them in (checkout-console test).',
    ]);
  });

  it('a payload nested too deep for any reader still sends, and gets no warning (a scenario refuses it)', async () => {
    // Asking the substitution walked the whole payload: 5,000 levels ended the command with
    // "Maximum call stack size exceeded" after the order was created.
    const file = join(dataDir, 'payload.json');
    const depth = 5000;
    writeFileSync(
      file,
      `{"order_reference_id":"\${fresh.reference}","a":${'['.repeat(depth)}"\${x}"${']'.repeat(depth)}}`,
    );
    const run = await cli('send', file, '--profile', 'Local', '--no-notification-url');
    expect(run.stderr).not.toContain('call stack');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('scenario variable');
  });

  it('a payload without one gets no such warning', async () => {
    const run = await cli('send', payloadFile({ order_reference_id: 'r1' }), '--profile', 'Local');
    expect(run.stderr).not.toContain('scenario variable');
  });
});
