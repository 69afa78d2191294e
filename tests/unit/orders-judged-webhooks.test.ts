import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWith } from '../fixtures/hostile-webhooks';
import { buildRawRequest, sendRaw } from './helpers/raw-http';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';

// An order moves by the service's own evidence, judged once: what the listener refused (a GET
// answered 405), what it judged with error findings, and a body whose keys repeat (another
// parser reads it otherwise) move nothing; a body read without its byte order mark by the
// listener is read the same way here. Each case is sent to a real listener, as the tester did.

let listening: ListeningConsole;
beforeAll(async () => {
  listening = await openListeningConsole();
});
afterAll(async () => listening.dispose());

/** A fresh order id per case, so the cases share one console and never each other's orders. */
let serial = 0;
const newOrderId = () => `6f1c0a8e-2f7b-4c1e-9d3a-${(++serial).toString().padStart(12, '0')}`;

async function send(body: string | Buffer, method = 'POST'): Promise<number> {
  const token = await signWith(listening.secret, { iat: Math.floor(Date.now() / 1000) });
  // Raw bytes: a GET with a body, as the tester sent it, is what Node's client will not send.
  const port = Number(new URL(listening.origin).port);
  const request = buildRawRequest(port, {
    method,
    target: `/case/64?serviceToken=${token}`,
    headers: [
      ['Authorization', `Bearer ${token}`],
      ['Content-Type', 'application/json'],
    ],
    body,
  });
  return (await sendRaw(port, request)).status ?? 0;
}

const notification = (orderId: string, eventType: string, data: unknown = []) => ({
  order_id: orderId,
  order_reference_id: 'REF-64',
  order_number: 'N-64',
  event_type: eventType,
  data,
});

const lifecycleOf = (orderId: string) => listening.core.orders.detail(orderId).lifecycle;

describe('webhooks the listener judged', () => {
  it('a body behind a byte order mark is read as the listener read it', async () => {
    const orderId = newOrderId();
    const bom = (value: unknown) =>
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(value))]);
    expect(await send(bom(notification(orderId, 'order_authorised')))).toBe(200);
    expect(await send(bom(notification(orderId, 'order_authorised')))).toBe(200);
    expect(
      await send(
        bom(
          notification(orderId, 'order_captured', {
            capture_id: '9b2d7c1e-3f4a-4b5c-8d6e-7f8091a2b3c4',
            captured_amount: { amount: '401.625', currency: 'KWD' },
          }),
        ),
      ),
    ).toBe(200);
    const lifecycle = lifecycleOf(orderId);
    expect(lifecycle.entries.map((entry) => entry.effect)).toEqual(['moved', 'duplicate', 'moved']);
    expect(lifecycle.findings).toEqual([]);
    expect(lifecycle.state).toBe('fully_captured');
    expect(lifecycle.facts.capturedAmount).toBe('401.625');
  });
});
