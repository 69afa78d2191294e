import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { captureCliContext } from './helpers/captured-cli-context';
import {
  openEmulator,
  startReceiver,
  until,
  validPayload,
  type EmulatorHarness,
} from './helpers/emulator-harness';
import { runCliCaptured } from './helpers/run-cli';
import { runEmulator } from '../../src/main/cli/commands/emulator';
import { makeTempDir } from './helpers/temp-console';
import { writeControlFile } from '../../src/main/browser-mode/control-file';
import { createServer, type AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The customer's side of a checkout from a terminal: `emulator pay|decline|cancel|expire` act
// on the emulator of the data directory (here another console's, as `serve` runs it) through
// the Emulator view's own command, and refuse with a clear cause and an exit code of its own.

let emulator: EmulatorHarness;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeEach(async () => {
  emulator = await openEmulator();
  receiver = await startReceiver();
  // The Local profile points at the running emulator, as "Start on a free port" leaves it.
  const set = await cli('profiles', 'set', 'Local', '--base-url', emulator.url);
  expect(set.code, set.stderr).toBe(0);
});

afterEach(async () => {
  await receiver.close();
  await emulator.dispose();
});

const cli = (...argv: string[]) => runCliCaptured(['--data-dir', emulator.dataDir, ...argv]);

/** A `new` order created through the emulator's API, its notifications going to the receiver. */
async function newOrder(reference = `REF-${Math.random().toString(36).slice(2, 10)}`) {
  const created = await emulator.call(
    'POST',
    '/checkout',
    validPayload(receiver.url, { order_reference_id: reference }),
  );
  expect(created.status).toBe(200);
  return { orderId: String(created.json['order_id']), reference };
}

const stateOf = (orderId: string) => emulator.core.emulator.engine.get(orderId).state;
const eventsTo = () => receiver.received.map((notification) => notification.body['event_type']);

describe('checkout-console emulator pay|decline|cancel|expire', () => {
  it('pays an order by its id: one line with the new state, and the merchant is notified', async () => {
    const { orderId } = await newOrder();
    const run = await cli('emulator', 'pay', orderId);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(run.stdout).toContain(orderId);
    expect(run.stdout).toContain('approved');
    expect(stateOf(orderId)).toBe('approved');
    // The running emulator (another console) delivers what the move queued.
    await until(() => eventsTo().includes('order_approved'), 'order_approved at the merchant');
  });

  it('makes no delivery attempt of its own: the running emulator sends it, once, and nothing reads "failed"', async () => {
    // The terminal's own dispatcher delivered what its move queued, and its exit cut that
    // attempt short: every pay from a terminal left a failed delivery ("Cancelled before an
    // answer arrived.") on the timeline beside the running emulator's.
    const { orderId } = await newOrder();
    const run = await cli('emulator', 'pay', orderId);
    expect(run.code, run.stderr).toBe(0);
    await until(() => eventsTo().includes('order_approved'), 'order_approved at the merchant');
    // The merchant has it before the emulator stores its answer: read until the delivery is settled.
    const approvedDeliveries = async () => {
      const listed = await cli('history', '--kind', 'delivery', '--json');
      expect(listed.code, listed.stderr).toBe(0);
      return z
        .array(
          z.object({
            event_type: z.string().nullable(),
            status: z.number().nullable(),
            error: z.string().nullable(),
          }),
        )
        .parse(JSON.parse(listed.stdout))
        .filter((delivery) => delivery.event_type === 'order_approved');
    };
    let deliveries = await approvedDeliveries();
    for (
      let read = 0;
      read < 200 && deliveries.some((d) => d.status === null && d.error === null);
      read += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      deliveries = await approvedDeliveries();
    }
    expect(deliveries).toEqual([expect.objectContaining({ status: 200, error: null })]);
  });

  it('declines an order named by its reference, answering JSON with --json', async () => {
    const { orderId, reference } = await newOrder();
    const run = await cli('emulator', 'decline', reference, '--json');
    expect(run.code, run.stderr).toBe(0);
    const answer = z
      .object({
        action: z.string(),
        order_id: z.string(),
        order_reference_id: z.string().nullable(),
        previous_status: z.string(),
        status: z.string(),
        notification: z.object({ event_type: z.string(), url: z.string().nullable() }).nullable(),
      })
      .parse(JSON.parse(run.stdout));
    expect(answer).toMatchObject({
      action: 'decline',
      order_id: orderId,
      order_reference_id: reference,
      previous_status: 'new',
      status: 'declined',
      notification: { event_type: 'order_declined', url: receiver.url },
    });
    expect(stateOf(orderId)).toBe('declined');
    await until(() => eventsTo().includes('order_declined'), 'order_declined at the merchant');
  });

  it('says where the notification stands, not "queued" whatever happened: dropped by a fault, never sendable', async () => {
    // It said "order_approved queued for <url>" of a notification the Drop fault dropped and of
    // one whose ftp:// URL the record says was never sent.
    const dropped = await newOrder();
    emulator.core.emulator.engine.setOrderOptions(dropped.orderId, {
      faults: { drop: true, duplicate: false, outOfOrder: false, delayMs: 0, token: 'valid' },
    });
    const run = await cli('emulator', 'pay', dropped.orderId);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`order_approved dropped by the Drop fault: never sent to ${receiver.url}`);
    expect(run.stdout).not.toContain('queued');

    const created = await emulator.call(
      'POST',
      '/checkout',
      validPayload('ftp://x.example/n', { order_reference_id: 'REF-ftp' }),
    );
    const ftp = await cli('emulator', 'pay', String(created.json['order_id']), '--json');
    expect(ftp.code, ftp.stderr).toBe(0);
    expect(JSON.parse(ftp.stdout)).toMatchObject({
      notification: {
        event_type: 'order_approved',
        status: 'unsent',
        attempts: 0,
        said: expect.stringContaining(
          'order_approved not sent: the notification URL ftp://x.example/n is not an http:// or https:// URL',
        ) as unknown,
      },
    });
  });

  it('orders show says what the emulator holds beside the state, as the Orders view does', async () => {
    // The customer's cancel sends no notification: the order stays new by its records, and the
    // Orders view said so beside the state while `orders show` said only "new".
    const file = join(emulator.dataDir, 'show-note.json');
    writeFileSync(file, JSON.stringify(validPayload(receiver.url, { order_reference_id: 'REF-SHOW-NOTE' })));
    const sent = await cli('send', file, '--json');
    expect(sent.code, sent.stderr).toBe(0);
    const orderId = z.object({ checkout: z.object({ order_id: z.string() }) }).parse(JSON.parse(sent.stdout))
      .checkout.order_id;
    expect((await cli('emulator', 'cancel', orderId)).code).toBe(0);
    const shown = await cli('orders', 'show', orderId);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/state {6}new\n/);
    expect(shown.stdout).toContain(
      "  emulator   The emulator holds this order as canceled (the customer cancelled it there); the service sends no notification for that, so this order's state is from its records.",
    );
  });

  it('cancels (no notification, as the page’s Cancel) and expires (order_expired)', async () => {
    const first = await newOrder();
    const cancel = await cli('emulator', 'cancel', first.orderId);
    expect(cancel.code, cancel.stderr).toBe(0);
    expect(cancel.stdout).toContain('canceled');
    expect(stateOf(first.orderId)).toBe('canceled');

    const second = await newOrder();
    const expire = await cli('emulator', 'expire', second.orderId, '--json');
    expect(expire.code, expire.stderr).toBe(0);
    expect(JSON.parse(expire.stdout)).toMatchObject({
      status: 'expired',
      notification: { event_type: 'order_expired' },
    });
    await until(() => eventsTo().includes('order_expired'), 'order_expired at the merchant');
    expect(eventsTo()).not.toContain('order_canceled');
  });

  it('an unknown order exits 3 and names what was looked for', async () => {
    const run = await cli('emulator', 'pay', 'no-such-order');
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('no-such-order');
    expect(run.stderr).toMatch(/no order/i);
    expect(run.stdout).toBe('');
  });

  it('an order no longer new exits 4, says its state, and changes nothing', async () => {
    const { orderId } = await newOrder();
    expect((await cli('emulator', 'pay', orderId)).code).toBe(0);
    const again = await cli('emulator', 'decline', orderId);
    expect(again.code).toBe(4);
    expect(again.stderr).toContain('approved');
    expect(stateOf(orderId)).toBe('approved');
  });

  it('a reference two orders share: the newest is acted on, and a refusal names which order it judged', async () => {
    // "The customer can pay only a new order; it is approved." while the older order with the
    // same reference was still new: the refusal did not say it had judged the newest one.
    const older = await newOrder('REF-SHARED');
    const newer = await newOrder('REF-SHARED');
    expect((await cli('emulator', 'pay', 'REF-SHARED')).code).toBe(0);
    expect(stateOf(newer.orderId)).toBe('approved');
    const again = await cli('emulator', 'pay', 'REF-SHARED');
    expect(again.code).toBe(4);
    expect(again.stderr).toContain(
      `error: order ${newer.orderId} (the newest with order_reference_id REF-SHARED): The customer can pay only a new order; it is approved.`,
    );
    expect(stateOf(older.orderId)).toBe('new');
  });

  it('a reference with spaces around it is found as written; an id pasted with spaces still is', async () => {
    // <order> was trimmed before the look-up, so an order whose reference is " SP " could not be
    // named at all: 'no order "SP"'.
    const spaced = await newOrder(' SP ');
    const run = await cli('emulator', 'pay', ' SP ');
    expect(run.code, run.stderr).toBe(0);
    expect(stateOf(spaced.orderId)).toBe('approved');
    const other = await newOrder();
    const pasted = await cli('emulator', 'pay', ` ${other.orderId}\n`);
    expect(pasted.code, pasted.stderr).toBe(0);
    expect(stateOf(other.orderId)).toBe('approved');
  });

  it('quotes an order it cannot find, so a name with spaces reads as one', async () => {
    const run = await cli('emulator', 'pay', 'no such order');
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('error: no order "no such order" in the emulator');
  });

  it('with --json, a refusal still writes nothing to standard output (the exit code and standard error say it)', async () => {
    const run = await cli('emulator', 'pay', 'no-such-order', '--json');
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    const help = await cli('emulator', 'pay', '--help');
    expect(help.stdout).toMatch(/--json[\s\S]*refusal[\s\S]*nothing on standard output/);
  });

  it("exits 5 naming another data directory's emulator when what answers refuses this profile's API token", async () => {
    // Each data directory's Local profile has its own API token, so the usual cause of a 401 is
    // another data directory's emulator on the port; the message only guessed --api-token.
    const { orderId } = await newOrder();
    // This data directory's emulator runs nowhere (one running on another port would be named
    // instead: running-emulator-elsewhere.test.ts).
    await emulator.core.emulator.stop();
    const other = await openEmulator();
    try {
      expect((await cli('profiles', 'set', 'Local', '--base-url', other.url)).code).toBe(0);
      const run = await cli('emulator', 'pay', orderId);
      expect(run.code).toBe(5);
      expect(run.stderr).toContain(
        `what answers there refuses its API token (another data directory's emulator, or one whose API token is not this profile’s (started with --api-token, or for another local profile))`,
      );
      // Starting this data directory's emulator there would fail: the port is taken.
      expect(run.stderr).not.toContain('hint: start it with');
      expect(run.stderr).toContain(
        `hint: the port is taken by what answers there: stop it, or point the profile at another port (npx checkout-console --data-dir ${emulator.dataDir} profiles set Local --base-url http://127.0.0.1:<port>) and start this data directory's emulator there`,
      );
      expect(stateOf(orderId)).toBe('new');
    } finally {
      await other.dispose();
    }
  });

  it('with the emulator stopped it exits 5, says how to start it, and changes nothing', async () => {
    const { orderId } = await newOrder();
    await emulator.core.emulator.stop();
    const run = await cli('emulator', 'pay', orderId);
    expect(run.code).toBe(5);
    expect(run.stderr).toMatch(/not running/);
    expect(run.stderr).toContain(emulator.url);
    // The hint names the data directory, so the command it gives starts this one's emulator.
    expect(run.stderr).toContain(
      `hint: start it with npx checkout-console --data-dir ${emulator.dataDir} serve`,
    );
    expect(run.stderr).toContain(`--data-dir ${emulator.dataDir} emulator`);
    // An emulator of this data directory on another port (emulator --port 0) would be named:
    // none is, so the hint says none was found (running-emulator-elsewhere.test.ts names one).
    expect(run.stderr).toContain(
      'no emulator of this data directory was found running on another port either',
    );
    expect(stateOf(orderId)).toBe('new');
  });

  it('with the emulator stopped in a console that serves this data directory, points at that console, not at a second serve', async () => {
    // "start it with … serve" while `serve` already ran on this data directory (its emulator
    // stopped from the Emulator view): a second serve is not the answer, that console's Start is.
    const { orderId } = await newOrder();
    await emulator.core.emulator.stop();
    const origin = 'http://127.0.0.1:4999';
    writeControlFile(emulator.dataDir, {
      version: 1,
      pid: process.pid,
      origin,
      secret: 'S'.repeat(43),
      startedAt: new Date().toISOString(),
    });
    const run = await cli('emulator', 'pay', orderId);
    expect(run.code).toBe(5);
    expect(run.stderr).toContain(
      `hint: a console serves this data directory (${origin}, pid ${process.pid}): press Start in its Emulator view (for a link to it: npx checkout-console --data-dir ${emulator.dataDir} open)`,
    );
    expect(run.stderr).not.toContain('start it with');
    expect(run.stderr).not.toContain('S'.repeat(43));
    expect(stateOf(orderId)).toBe('new');
  });

  it('says the order’s state before whether the emulator runs: that answer does not change by starting it', async () => {
    const { orderId } = await newOrder();
    expect((await cli('emulator', 'cancel', orderId)).code).toBe(0);
    await emulator.core.emulator.stop();
    const run = await cli('emulator', 'pay', orderId);
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('canceled');
  });

  it("exits 5 when what answers at the Local profile's address is another data directory's emulator", async () => {
    const { orderId } = await newOrder();
    // This data directory's emulator runs nowhere (one running on another port would be named
    // instead: running-emulator-elsewhere.test.ts).
    await emulator.core.emulator.stop();
    const other = await openEmulator();
    try {
      const token = await cli(
        'profiles',
        'set',
        'Local',
        '--api-token',
        other.apiToken,
        '--base-url',
        other.url,
      );
      expect(token.code, token.stderr).toBe(0);
      const run = await cli('emulator', 'pay', orderId);
      expect(run.code).toBe(5);
      expect(run.stderr).toContain(`the emulator at ${other.url} does not know this order`);
      expect(run.stderr).toContain('hint: the port is taken by what answers there');
      expect(stateOf(orderId)).toBe('new');
    } finally {
      await other.dispose();
    }
  });

  it('--profile naming a second local profile with its own API token: the refusal says the emulator stands in for another profile', async () => {
    const { orderId } = await newOrder();
    const added = await cli(
      'profiles',
      'add',
      'Local2',
      '--env',
      'local',
      '--base-url',
      emulator.url,
      '--api-token',
      'not-the-emulators-token',
    );
    expect(added.code, added.stderr).toBe(0);
    const run = await cli('emulator', 'pay', orderId, '--profile', 'Local2');
    expect(run.code).toBe(5);
    expect(run.stderr).toContain(
      'or one whose API token is not this profile’s (started with --api-token, or for another local profile)',
    );
    expect(stateOf(orderId)).toBe('new');
  });

  it('a program that takes the connection and drops it holds the port: starting an emulator there would fail', async () => {
    const { orderId } = await newOrder();
    // This data directory's emulator runs nowhere (one running on another port would be named
    // instead: running-emulator-elsewhere.test.ts).
    await emulator.core.emulator.stop();
    const dropper = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => dropper.listen(0, '127.0.0.1', resolve));
    try {
      const port = (dropper.address() as AddressInfo).port;
      expect((await cli('profiles', 'set', 'Local', '--base-url', `http://127.0.0.1:${port}`)).code).toBe(0);
      const run = await cli('emulator', 'pay', orderId);
      expect(run.code).toBe(5);
      expect(run.stderr).not.toContain('start it with');
      expect(run.stderr).toContain('hint: the port is taken by what answers there');
    } finally {
      await new Promise<void>((resolve) => dropper.close(() => resolve()));
    }
  });

  it('a local profile whose base URL no emulator can take, or without an API token: the hint says what to change, not to start one', async () => {
    // Both said "start it with … serve", which changes neither.
    const { orderId } = await newOrder();
    await cli('profiles', 'add', 'Remote', '--env', 'local', '--base-url', 'https://example.com');
    const remote = await cli('emulator', 'pay', orderId, '--profile', 'Remote');
    expect(remote.code).toBe(5);
    expect(remote.stderr).not.toContain('start it with');
    expect(remote.stderr).toContain(
      `hint: give the profile a base URL the emulator can take: npx checkout-console --data-dir ${emulator.dataDir} profiles set Remote --base-url http://127.0.0.1:<port>`,
    );
    await cli('profiles', 'add', 'NoToken', '--env', 'local', '--base-url', emulator.url);
    const noToken = await cli('emulator', 'pay', orderId, '--profile', 'NoToken');
    expect(noToken.code).toBe(5);
    expect(noToken.stderr).not.toContain('start it with');
    expect(noToken.stderr).toContain(
      `hint: give the profile the emulator’s API token: npx checkout-console --data-dir ${emulator.dataDir} profiles set NoToken --api-token -`,
    );
    expect(stateOf(orderId)).toBe('new');
  });

  it('refuses a sandbox or live profile (exit 2): only the local emulator has a customer', async () => {
    const { orderId } = await newOrder();
    const run = await cli('emulator', 'pay', orderId, '--profile', 'Sandbox');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/only the local emulator/i);
    expect(stateOf(orderId)).toBe('new');
    const empty = await cli('emulator', 'pay', orderId, '--profile', ' ');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--profile');
  });

  it('fails with exit 1 for a profile that does not exist, as send and history do', async () => {
    const { orderId } = await newOrder();
    for (const action of ['pay', 'decline', 'cancel', 'expire']) {
      const run = await cli('emulator', action, orderId, '--profile', 'Nope');
      expect(run.code, `${action}: ${run.stderr}`).toBe(1);
      expect(run.stderr).toBe('error: No profile named "Nope". Known profiles: Local, Sandbox, Live.\n');
    }
    expect((await cli('history', '--profile', 'Nope')).code).toBe(1);
    expect(stateOf(orderId)).toBe('new');
  });
});

describe('checkout-console emulator [options], beside its subcommands', () => {
  it('still runs the emulator in the foreground, and pay acts on that one until it stops', async () => {
    const temp = makeTempDir();
    const at = (...argv: string[]) => runCliCaptured(['--data-dir', temp.dir, ...argv]);
    const token = 'foreground-api-token-0123';
    expect((await at('profiles', 'set', 'Local', '--api-token', token)).code).toBe(0);
    const run = captureCliContext({ dataDir: temp.dir });
    let stop: () => void = () => undefined;
    const running = runEmulator(run.context, { port: '0' }, new Promise<void>((resolve) => (stop = resolve)));
    try {
      await until(() => /listening on \S+/.test(run.out()), 'the emulator to listen');
      const url = /listening on (\S+)/.exec(run.out())?.[1] ?? '';
      expect((await at('profiles', 'set', 'Local', '--base-url', url)).code).toBe(0);
      const create = () =>
        fetch(`${url}/checkout`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(validPayload(null)),
        }).then(async (response) => String(((await response.json()) as Record<string, unknown>)['order_id']));
      const first = await create();
      const second = await create();
      const paid = await at('emulator', 'pay', first, '--json');
      expect(paid.code, paid.stderr).toBe(0);
      expect(JSON.parse(paid.stdout)).toMatchObject({ order_id: first, status: 'approved' });
      stop();
      await running;
      const stopped = await at('emulator', 'cancel', second);
      expect(stopped.code).toBe(5);
      expect(stopped.stderr).toMatch(/not running/);
    } finally {
      stop();
      await running;
      temp.remove();
    }
  });

  it("a subcommand's flags do not replace the emulator's own: --port is still judged", async () => {
    const temp = makeTempDir();
    try {
      const run = await runCliCaptured(['--data-dir', temp.dir, 'emulator', '--port', 'abc']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--port: must be a whole number (not "abc")');
    } finally {
      temp.remove();
    }
  });
});
