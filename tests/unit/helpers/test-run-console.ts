import { createConsole, type ConsoleCore } from '../../../src/main/app';
import type { Faults } from '../../../src/shared/emulator';
import { validPayload } from './emulator-harness';
import { afterThisTest } from './replay-targets';
import { makeTempDir } from './temp-console';

export interface TestRunConsole {
  core: ConsoleCore;
  dataDir: string;
  /** Ends the run (closes its console), once; also done after the test. */
  end: () => Promise<void>;
}

/**
 * The console of a `checkout-console test` run on the Local profile, on a fresh data directory:
 * a session, with its own emulator and listener on free ports, its listener answering after
 * `responseDelayMs`.
 */
export async function openTestRun(responseDelayMs = 0): Promise<TestRunConsole> {
  const temp = makeTempDir();
  const core = await createConsole({ dataDir: temp.dir, frontDoor: 'cli', keychain: 'off', session: {} });
  let ended = false;
  const end = async () => {
    if (ended) return;
    ended = true;
    await core.close();
  };
  afterThisTest(async () => {
    await end();
    temp.remove();
  });
  if (responseDelayMs > 0) core.listener.updateSettings({ responseDelayMs });
  return { core, dataDir: temp.dir, end };
}

/**
 * A scenario's `checkout` then `customer: pay`: the order's notification is queued (and leaves when
 * due). `faults`: the order's own, set before the pay (a run's emulator injects no saved ones).
 */
export async function payAnOrder(core: ConsoleCore, faults?: Faults): Promise<string> {
  const created = await core.merchantApi.sendCheckout({
    body: { kind: 'json', payload: validPayload(null) },
    injectNotificationUrl: true,
    form: 'general',
  });
  const orderId = created.checkout?.order_id ?? '';
  if (faults !== undefined) core.emulator.setOrderOptions(orderId, { faults });
  core.emulator.customerAction(orderId, 'pay');
  return orderId;
}
