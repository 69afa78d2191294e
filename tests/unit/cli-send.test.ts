import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeService, json } from './helpers/fake-service';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';
import { createConsole } from '../../src/main/app';
import { writeControlFile } from '../../src/main/browser-mode/control-file';
import { generateSample } from '../../src/shared/checkout/sample';

let dataDir: string;
let remove: () => void;
let service: Awaited<ReturnType<typeof startFakeService>>;

beforeEach(async () => {
  ({ dir: dataDir, remove } = makeTempDir());
  service = await startFakeService((request, res) => {
    if (request.body.includes('"bad"'))
      return json(res, 400, {
        message: 'Nope',
        errors: [{ error_code: 'bad_thing' }],
        data: {},
        title: null,
        screen_type: null,
      });
    json(res, 200, {
      order_id: 'o-1',
      checkout_id: 'c-1',
      status: 'new',
      checkout_url: 'https://pay.example/?orderId=o-1',
    });
  });
  await onTheService('Sandbox');
});

/**
 * Points a profile at the fake service. Live only in its own tests: a Sandbox on a live profile's
 * address is itself confirmed as live.
 */
const onTheService = (name: string) =>
  runCliCaptured([
    '--data-dir',
    dataDir,
    'profiles',
    'set',
    name,
    '--base-url',
    service.url,
    '--api-token',
    'sk_test_send_cli_abcd',
  ]);
afterEach(async () => {
  await service.close();
  remove();
});

const cli = (...args: string[]) => runCliCaptured(['--data-dir', dataDir, ...args]);
function payloadFile(body: unknown, name = 'payload.json'): string {
  const file = join(dataDir, name);
  writeFileSync(file, JSON.stringify(body));
  return file;
}

describe('send sends the file as written', () => {
  it('byte for byte: a key given twice, digits beyond a double, a trailing zero, the spacing', async () => {
    const text = '{"order_reference_id":"r1","a":1,"a":2, "n":12345678901234567890,"f":1.10}';
    const file = join(dataDir, 'exact.json');
    writeFileSync(file, text);
    const run = await cli('send', file, '--profile', 'Sandbox', '--no-notification-url');
    expect(run.code).toBe(0);
    expect(service.received[0]?.body).toBe(text);
  });

  it('written anew only when the listener URL is filled in (the plan says so)', async () => {
    const file = join(dataDir, 'fill.json');
    writeFileSync(file, '{"order_reference_id":"r1","merchant_url":{}}');
    await cli('profiles', 'set', 'Sandbox', '--public-listener-url', 'https://hooks.example/listen');
    const run = await cli('send', file, '--profile', 'Sandbox');
    expect(run.code).toBe(0);
    expect(JSON.parse(service.received[0]?.body ?? '{}')).toMatchObject({
      merchant_url: { notification: expect.stringContaining('https://hooks.example/listen') },
    });
  });

  it('a payload nested 100,000 deep goes as written, without a stack overflow', async () => {
    const file = join(dataDir, 'deep.json');
    const text = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    writeFileSync(file, text);
    const run = await cli('send', file, '--profile', 'Sandbox');
    expect(run.stderr).not.toContain('call stack');
    expect(service.received[0]?.body).toBe(text);
  });
});

describe('checkout-console send', () => {
  it('creates a checkout on the named profile and prints the order', async () => {
    const run = await cli('send', payloadFile({ order_reference_id: 'r1' }), '--profile', 'Sandbox');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/POST http:\/\/127\.0\.0\.1:\d+\/checkout → 200/);
    expect(run.stdout).toMatch(/order_id\s+o-1/);
    expect(run.stdout).toMatch(/checkout_url\s+https:\/\/pay\.example/);
    expect(service.received[0]?.headers.authorization).toBe('Bearer sk_test_send_cli_abcd');
    expect(run.stdout + run.stderr).not.toContain('sk_test_send_cli_abcd');
  });

  it('prints the whole exchange with --json', async () => {
    const run = await cli(
      'send',
      payloadFile({ order_reference_id: 'r2' }),
      '--profile',
      'Sandbox',
      '--json',
    );
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 200, checkout: { order_id: 'o-1' } });
  });

  it('on the Local profile with no emulator running, says where the emulator runs', async () => {
    const { createServer } = await import('node:net');
    // A port nothing listens on: taken, then released.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
      });
    });
    await cli('profiles', 'set', 'Local', '--base-url', `http://127.0.0.1:${port}`);
    const run = await cli('send', payloadFile({ order_reference_id: 'r1' }), '--profile', 'Local');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('no answer (Connection refused');
    expect(run.stderr).toContain('hint: the Local profile talks to the built-in emulator');
    // The commands it names start this data directory's emulator, not the default one's.
    expect(run.stderr).toContain(
      `which does not answer at its base URL: start it with npx checkout-console --data-dir ${dataDir} serve (the console) or npx checkout-console --data-dir ${dataDir} emulator (the emulator alone), or press Start in the Emulator view.`,
    );
    // A sandbox that refuses gets no such hint: it is not the console's to start.
    await cli('profiles', 'set', 'Sandbox', '--base-url', `http://127.0.0.1:${port}`);
    const sandbox = await cli('send', payloadFile({ order_reference_id: 'r2' }), '--profile', 'Sandbox');
    expect(sandbox.code).toBe(1);
    expect(sandbox.stderr).not.toContain('hint:');
  });

  it('with the emulator stopped in a console that serves this data directory, points at its Start, not at a second serve', async () => {
    // "runs while the console is open (… serve)" while `serve` ran on this data directory, its
    // emulator stopped from the Emulator view: the advice is emulator pay's (one owner).
    const { createServer } = await import('node:net');
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
      });
    });
    await cli('profiles', 'set', 'Local', '--base-url', `http://127.0.0.1:${port}`);
    const origin = 'http://127.0.0.1:4999';
    writeControlFile(dataDir, {
      version: 1,
      pid: process.pid,
      origin,
      secret: 'S'.repeat(43),
      startedAt: new Date().toISOString(),
    });
    const run = await cli('send', payloadFile({ order_reference_id: 'r1' }), '--profile', 'Local');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `hint: the Local profile talks to the built-in emulator, which does not answer at its base URL: a console serves this data directory (${origin}, pid ${process.pid}): press Start in its Emulator view (for a link to it: npx checkout-console --data-dir ${dataDir} open).`,
    );
    expect(run.stderr).not.toContain('start it with');
    expect(run.stderr).not.toContain('S'.repeat(43));
  });

  it('exits 1 with the error body on a 4xx', async () => {
    const run = await cli('send', payloadFile({ order_reference_id: 'bad' }), '--profile', 'Sandbox');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/→ 400/);
    expect(run.stdout).toMatch(/error codes: bad_thing/);
    expect(run.stdout).toMatch(/"message": "Nope"/);
  });

  it('sends nothing to a live profile without --yes-live', async () => {
    await onTheService('Live');
    const refused = await cli('send', payloadFile({ order_reference_id: 'r3' }), '--profile', 'Live');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/LIVE.*--yes-live/);
    expect(service.received).toHaveLength(0);
    const confirmed = await cli(
      'send',
      payloadFile({ order_reference_id: 'r3' }),
      '--profile',
      'Live',
      '--yes-live',
    );
    expect(confirmed.code).toBe(0);
    expect(service.received).toHaveLength(1);
  });

  it("needs --yes-live for a profile not live whose base URL is a live profile's address", async () => {
    await onTheService('Live');
    // Duplicate Live, set the copy to Sandbox: it keeps Live's base URL and API token.
    const copy = ['profiles', 'add', 'Live copy', '--env', 'sandbox', '--base-url'];
    const added = await cli(...copy, service.url.replace('127.0.0.1', 'localhost'));
    expect(added.code).toBe(0);
    expect(added.stderr).toContain(
      `warning: Live copy is not live, but its base URL is the base URL of the LIVE profile "Live" (${service.url}): its calls reach production and need --yes-live.`,
    );
    const refused = await cli('send', payloadFile({ order_reference_id: 'r7' }), '--profile', 'Live copy');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `error: Creating a checkout session on "Live copy" would reach the LIVE (production) profile "Live": it goes to ${service.url.replace('127.0.0.1', 'localhost')}/checkout, on the same server as that profile's base URL (${service.url}). Pass --yes-live to confirm it.\n`,
    );
    expect(service.received).toHaveLength(0);
    const confirmed = await cli(
      'send',
      payloadFile({ order_reference_id: 'r7' }),
      '--profile',
      'Live copy',
      '--yes-live',
    );
    expect(confirmed.code).toBe(0);
    expect(service.received).toHaveLength(1);
  });

  it('names --yes-live in a terminal, never "Confirm it in the UI"', async () => {
    await onTheService('Live');
    const refused = await cli('send', payloadFile({ order_reference_id: 'r5' }), '--profile', 'Live');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      // The address too: the refusal says where the call would have gone.
      `error: Creating a checkout session would reach the LIVE (production) profile "Live": it goes to ${service.url}/checkout. Pass --yes-live to confirm it.\n`,
    );
    expect(service.received).toHaveLength(0);
  });

  it('a live profile not set up says so first: --yes-live would not make it send', async () => {
    // A fresh data directory's Live starts on a placeholder: asking for --yes-live first, only to
    // say "not set up" once it was given, sent the user round twice for nothing.
    await cli('profiles', 'set', 'Live', '--base-url', 'https://api.example.com');
    const refused = await cli('send', payloadFile({ order_reference_id: 'r6' }), '--profile', 'Live');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'error: Live is not set up, so nothing was sent: its base URL is a placeholder',
    );
    expect(refused.stderr).not.toContain('--yes-live');
    expect(service.received).toHaveLength(0);
  });

  it('sends nothing to a placeholder base URL, and says what to set, as the builder does', async () => {
    // A fresh data directory's Sandbox starts on a reserved name (RFC 2606): nothing answers there,
    // and "Name lookup failed" for it told a newcomer nothing.
    await cli('profiles', 'set', 'Sandbox', '--base-url', 'https://api-sandbox.example.com');
    const refused = await cli('send', payloadFile({ order_reference_id: 'r4' }), '--profile', 'Sandbox');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "Sandbox is not set up, so nothing was sent: its base URL is a placeholder (https://api-sandbox.example.com): set the service's sandbox address (Profiles, or profiles set Sandbox --base-url URL).",
    );
    expect(refused.stdout).not.toContain('Name lookup failed');
    const history = await cli('history', '--json');
    expect(JSON.parse(history.stdout)).toEqual([]);
  });

  it('on a profile without an API token, says it sent without one, as the builder asks first', async () => {
    const add = await cli('profiles', 'add', 'NoTok', '--env', 'sandbox', '--base-url', `${service.url}/nt`);
    expect(add.code, add.stderr).toBe(0);
    const run = await cli('send', payloadFile({ order_reference_id: 'nt-1' }), '--profile', 'NoTok');
    expect(service.received.at(-1)?.headers.authorization).toBeUndefined();
    expect(run.stderr).toContain(
      'warning: sent without a token: NoTok has no API token, so the request went without Authorization',
    );
    expect(run.stderr).toMatch(/profiles set NoTok --api-token -/);
    const withToken = await cli('send', payloadFile({ order_reference_id: 'nt-2' }), '--profile', 'Sandbox');
    expect(withToken.stderr).not.toContain('without a token');
  });

  it('exits 2 for a file that is not JSON, saying where it breaks', async () => {
    const file = join(dataDir, 'broken.json');
    writeFileSync(file, '{\n  "a": 1,\n  oops\n}');
    const run = await cli('send', file, '--profile', 'Sandbox');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/line 3, column 3/);
    expect(service.received).toHaveLength(0);
  });
});

describe('sends with errors are marked in history', () => {
  async function lastRequestDetails(): Promise<Record<string, unknown>> {
    const core = await createConsole({ dataDir, frontDoor: 'cli', keychain: 'off' });
    const dispose = () => core.close();
    try {
      const [summary] = core.eventsQuery.page({ kinds: ['request'] }, { limit: 1 }).items;
      const record = summary === undefined ? undefined : core.events.getDetail(summary.id);
      return record?.details ?? {};
    } finally {
      await dispose();
    }
  }

  it('judges an education payload with the single-checkout option it was sent with', async () => {
    const {
      payment_type: _type,
      instalments: _instalments,
      ...payload
    } = generateSample('education', {
      seed: 3,
    });
    const file = payloadFile(payload);

    const clean = await cli('send', file, '--profile', 'Sandbox', '--form', 'education');
    expect(clean.code).toBe(0);
    expect(clean.stderr).not.toContain('sent with');
    expect(await lastRequestDetails()).toMatchObject({ sentWithErrors: false, findings: { errors: 0 } });

    const disabled = await cli(
      'send',
      file,
      '--profile',
      'Sandbox',
      '--form',
      'education',
      '--single-checkout-disabled',
    );
    expect(disabled.code).toBe(0);
    expect(await lastRequestDetails()).toMatchObject({ sentWithErrors: true, findings: { errors: 2 } });
    // Said as the builder's Send anyway says it, with which: the record alone held the mark.
    expect(disabled.stderr).toMatch(/^warning: sent with 2 errors, as the file has it/m);
    expect(disabled.stderr).toMatch(/^ {2}payment_type: .+ \[\w+\]$/m);
    expect(disabled.stderr).toMatch(/^ {2}instalments: .+ \[\w+\]$/m);
    const asJson = await cli(
      'send',
      file,
      '--profile',
      'Sandbox',
      '--form',
      'education',
      '--single-checkout-disabled',
      '--json',
    );
    expect(JSON.parse(asJson.stdout)).toMatchObject({ sentWithErrors: { errors: 2 } });
  });

  it("checks --timeout-ms with the contract's own limits, named as the flag, and sends nothing", async () => {
    const file = payloadFile({ order_reference_id: 'R-1' });
    const before = service.received.length;
    const short = await cli('send', file, '--profile', 'Sandbox', '--timeout-ms', '10');
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/--timeout-ms: The timeout is at least 1000 ms \(not "10"\)/);
    const word = await cli('send', file, '--profile', 'Sandbox', '--timeout-ms', 'soon');
    expect(word).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--timeout-ms: must be a whole number of milliseconds \(not "soon"\)/),
    });
    expect(service.received.length).toBe(before);
  });
});
