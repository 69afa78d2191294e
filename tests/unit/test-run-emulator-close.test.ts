import { describe, expect, it } from 'vitest';
import { withConsoleFile } from './helpers/console-file';
import { openTestRun, payAnOrder, type TestRunConsole } from './helpers/test-run-console';

// `checkout-console test` on the Local profile runs its own emulator and listener (a session);
// a scenario ending with `customer: pay` ends while the order's notification is on its way.

/** The run's last step, the delivery then made and waiting for the listener's (delayed) answer. */
async function payAndWait(run: TestRunConsole): Promise<void> {
  await payAnOrder(run.core);
  await new Promise((resolve) => setTimeout(resolve, 100));
}

interface Stored {
  kind: string;
  status: number | null;
  error: string | null;
}

const recordsOf = (dataDir: string) =>
  withConsoleFile(dataDir, (db) =>
    db
      .prepare<[], Stored>(
        "SELECT kind, status, error FROM events WHERE kind IN ('delivery', 'webhook') ORDER BY id",
      )
      .all(),
  );

const outboxOf = (dataDir: string) =>
  withConsoleFile(dataDir, (db) =>
    db
      .prepare<[], { status: string; attempts: number }>('SELECT status, attempts FROM emulator_outbox')
      .all(),
  );

describe('a test run that ends while its emulator delivers a notification', () => {
  it('waits for the answer: the delivery answered 200 is delivered, not "Cancelled", and the webhook is the one row', async () => {
    const run = await openTestRun(300);
    await payAndWait(run);
    await run.end();
    expect(recordsOf(run.dataDir)).toEqual([
      { kind: 'delivery', status: 200, error: null },
      { kind: 'webhook', status: 200, error: null },
    ]);
    expect(outboxOf(run.dataDir)).toEqual([{ status: 'delivered', attempts: 1 }]);
  });

  it('waits a bounded time: an answer that takes longer is cancelled after 2 s, and said so', async () => {
    const run = await openTestRun(10_000);
    await payAndWait(run);
    const started = performance.now();
    await run.end();
    const took = performance.now() - started;
    expect(took).toBeGreaterThan(1_800);
    expect(took).toBeLessThan(4_000);
    expect(recordsOf(run.dataDir)).toEqual([
      {
        kind: 'delivery',
        status: null,
        error:
          'Cancelled after the request was sent, before an answer arrived: it may have been carried out, so look on the timeline for what followed.',
      },
      // The listener's row says what became of its answer: the emulator hung up before it went
      // out, so no status was answered (docs/listener.md), and why.
      {
        kind: 'webhook',
        status: null,
        error: 'The client closed the connection before the answer was sent.',
      },
    ]);
  }, 20_000);
});
