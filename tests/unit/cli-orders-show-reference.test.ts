import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckout } from './helpers/order-events';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

// `orders show aed1` said "no order aed1" of an order whose reference is aed1, where `orders
// --search aed1` finds it and `emulator pay aed1` takes a reference: show takes one too.

const AED1 = '3b241101-e2bb-4255-8caf-4136c566a962';
const AED12 = '9a0364b9-e99b-4d8c-9f3a-1b5c2d7e8f01';
const TWIN_OLD = '1d2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a5b';
const TWIN_NEW = '6e7f8a9b-0c1d-4e2f-9a4b-5c6d7e8f9a0b';

let dataDir = '';
let dispose: () => Promise<void> = async () => undefined;
const cli = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, 'orders', ...argv]);

beforeAll(async () => {
  const opened = await openTempConsole();
  dataDir = opened.dataDir;
  dispose = opened.dispose;
  opened.core.recorder.recordMany([
    createCheckout(AED1, 'aed1', 1_000),
    // Its reference contains aed1: a search finds both, a reference names only the one.
    createCheckout(AED12, 'aed12', 2_000),
    createCheckout(TWIN_OLD, 'TWIN', 3_000),
    createCheckout(TWIN_NEW, 'TWIN', 4_000),
  ]);
});

afterAll(async () => dispose());

describe('orders show <order>: an order id, or an order_reference_id', () => {
  it('shows the order whose reference it is, as its id would', async () => {
    const byId = await cli('show', AED1, '--json');
    expect(byId.code).toBe(0);
    const byReference = await cli('show', 'aed1', '--json');
    expect(byReference.stderr).toBe('');
    expect(byReference.code).toBe(0);
    expect(byReference.stdout).toBe(byId.stdout);
    expect((await cli('show', 'aed1')).stdout).toBe((await cli('show', AED1)).stdout);
  });

  it('refuses a reference several orders carry, naming their ids, newest first', async () => {
    const run = await cli('show', 'TWIN');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `error: 2 orders carry order_reference_id TWIN (${TWIN_NEW}, ${TWIN_OLD}); name one by its order_id\n`,
    );
  });

  it('an order nowhere says it looked for both', async () => {
    const run = await cli('show', 'aed');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'error: no order aed in this data directory (looked for it as an order_id and as an order_reference_id)\n',
    );
  });
});
