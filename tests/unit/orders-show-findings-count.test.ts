import { SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { runCliCaptured } from './helpers/run-cli';

// `orders show` printed "findings none" right above its record "#40 webhook … 1 finding" (the
// listener's warning on an event type the spec does not list), and `orders` "FINDINGS 0": two
// counts of different things under one name. Each now says what it counts.

const NOTIFICATION_TOKEN = 'secret-notif-0123456789';
const ORDER_ID = 'dddddddd-0002-4000-8000-000000000002';

let listening: ListeningConsole | null = null;
afterEach(async () => {
  await listening?.dispose();
  listening = null;
});

describe('an order whose only record has a body finding of its own', () => {
  it('orders show names the record beside "none about the order"; orders names its count', async () => {
    listening = await openListeningConsole();
    listening.core.profiles.update(
      listening.core.profiles.active().id,
      {},
      { apiToken: { action: 'keep' }, notificationToken: { action: 'set', value: NOTIFICATION_TOKEN } },
    );
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(NOTIFICATION_TOKEN));
    const response = await fetch(`${listening.origin}/notify?serviceToken=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        order_id: ORDER_ID,
        order_reference_id: 'R-9',
        // The current form whole: its one finding is the warning on the event type. A body with an
        // error finding is one about the order too (it moves nothing; orders-judged-webhooks).
        order_number: 'N-9',
        // order_declined: the emulator's own extension, whose data is an empty array (an
        // order_refunded's data is judged as an order_captured's; [] is an error there).
        event_type: 'order_declined',
        data: [],
      }),
    });
    expect(response.status).toBe(200);
    const cli = (...argv: string[]) => runCliCaptured(['--data-dir', listening?.dataDir ?? '', ...argv]);

    const show = await cli('orders', 'show', ORDER_ID);
    expect(show.code, show.stderr).toBe(0);
    const record = /^#(\d+) +\S+ +webhook .* 1 finding/m.exec(show.stdout)?.[1];
    expect(record, show.stdout).toBeDefined();
    expect(show.stdout).toContain(
      `  findings   none about the order (about its records' bodies: #${record ?? ''} 1 finding, under BODY)\n`,
    );

    const list = await cli('orders');
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout.split('\n')[0]).toMatch(/ ORDER FINDINGS$/);
  });
});
