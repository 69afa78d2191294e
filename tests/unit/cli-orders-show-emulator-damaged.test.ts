import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckout } from './helpers/order-events';
import { writeConsoleFile } from './helpers/console-file';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

// `orders show` said nothing of the emulator when its row of the order was damaged (a column of
// emulator_orders that is not what the console writes): the emulator's list named the row, and
// the order read as though the emulator did not hold it. Text and --json name it now, in the
// sentence every reader of that row gives (emulator-columns.ts), through the one note owner.

const ORDER = '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e';
const SENTENCE = `Emulator order ${ORDER}'s stored state is damaged in the database (not what the console writes)`;

let dataDir = '';
let dispose: () => Promise<void> = async () => undefined;
const cli = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, 'orders', ...argv]);

beforeAll(async () => {
  const opened = await openTempConsole();
  dataDir = opened.dataDir;
  dispose = opened.dispose;
  opened.core.recorder.recordMany([createCheckout(ORDER, 'REF-DMG', 1_000)]);
  writeConsoleFile(dataDir, (db) =>
    db
      .prepare(
        `INSERT INTO emulator_orders (order_id, checkout_id, state, payload, reference_id, order_number,
        locale, currency, total_amount, captured_amount, refunded_amount, notification_url,
        legacy_approved, faults, page_token, created_at_ms, expires_at_ms, updated_at_ms)
        VALUES (?, 'c-1', 'zombie', '{}', 'REF-DMG', null, 'en_US', 'SAR', '10.00', '0', '0', null,
        0, null, 'page', 1000, 999999999999, 1000)`,
      )
      .run(ORDER),
  );
});

afterAll(async () => dispose());

describe("orders show, when the emulator's row of the order is damaged", () => {
  it('names it in text, beside the state', async () => {
    const run = await cli('show', ORDER);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`  emulator   ${SENTENCE}`);
  });

  it('names it in --json', async () => {
    const run = await cli('show', ORDER, '--json');
    expect(run.code).toBe(0);
    const order = JSON.parse(run.stdout) as { emulator_note?: string | null };
    expect(order.emulator_note).toContain(SENTENCE);
  });
});
