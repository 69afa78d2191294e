import { afterEach, describe, expect, it } from 'vitest';
import { wellFormedText } from '../../src/shared/well-formed-text';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { runCliCaptured } from './helpers/run-cli';

// A webhook whose order_id JSON spelled with an unpaired surrogate escape ("ordC\ud8001") was
// stored (SQLite kept the text as bytes no UTF-8 reader takes back whole) but its order never
// appeared: `listen` showed `ordC�1`, `history` `ordC���1`, and `orders --search ordC` found
// nothing; the order's summary stayed stale for ever. Text columns hold well-formed text.

let listening: ListeningConsole | null = null;
afterEach(async () => {
  await listening?.dispose();
  listening = null;
});

describe('an order id with an unpaired surrogate escape', () => {
  it('is stored as one spelling (U+FFFD in its place), listed as an order and found by it', async () => {
    listening = await openListeningConsole();
    const origin = listening.core.listener.status().url ?? '';
    const body =
      '{"order_id":"ordC\\ud8001","order_reference_id":"ref-\\udc00surrogate","order_number":"1","event_type":"order_approved","data":[]}';
    const answer = await fetch(`${origin}/hook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(answer.status).toBe(200);
    const cli = (...args: string[]) => runCliCaptured(['--data-dir', listening?.dataDir ?? '', ...args]);
    const history = await cli('history', '--json');
    const [record] = JSON.parse(history.stdout) as {
      order_id: string;
      order_reference_id: string;
      body: string;
    }[];
    expect(record?.order_id).toBe('ordC\uFFFD1');
    expect(record?.order_reference_id).toBe('ref-\uFFFDsurrogate');
    // The evidence itself is the bytes as they came.
    expect(record?.body).toBe(body);
    expect(JSON.parse((await cli('history', '--json', '--order', 'ordC\uFFFD1')).stdout)).toHaveLength(1);
    const orders = await cli('orders', '--json', '--search', 'ordC');
    expect(orders.code, orders.stderr).toBe(0);
    expect((JSON.parse(orders.stdout) as { order_id: string }[]).map((order) => order.order_id)).toEqual([
      'ordC\uFFFD1',
    ]);
  });
});

describe('wellFormedText', () => {
  it('replaces each unpaired surrogate and keeps pairs', () => {
    expect(wellFormedText('a\ud800b\udc00c')).toBe('a\uFFFDb\uFFFDc');
    expect(wellFormedText('emoji 😀 ok')).toBe('emoji 😀 ok');
    expect(wellFormedText('\udc00\ud800')).toBe('\uFFFD\uFFFD');
    expect(wellFormedText('plain')).toBe('plain');
  });
});
