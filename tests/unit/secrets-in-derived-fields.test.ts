import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import type { CommandInput, CommandName, CommandOutput } from '../../src/shared/contract';
import { openTempConsole } from './helpers/temp-console';

// A record's body is masked on every screen, but what main derives from it was not: a payload
// whose order_reference_id was pasted with the API token (a slip in the builder) showed the token
// whole in the row's reference, and a finding quoting the value ("got the text "sk_test_…"")
// showed it in the detail's verdicts.

const API_TOKEN = 'sk_test_DERIVED_0123456789';

let core: ConsoleCore;
let dispose: () => Promise<void> = async () => undefined;
beforeEach(async () => {
  ({ core, dispose } = await openTempConsole());
  core.profiles.update(
    core.profiles.active().id,
    {},
    { apiToken: { action: 'set', value: API_TOKEN }, notificationToken: { action: 'keep' } },
  );
});
afterEach(async () => {
  await dispose();
});

async function call<C extends CommandName>(command: C, input: CommandInput<C>): Promise<CommandOutput<C>> {
  const result = await core.dispatcher(command, input, { transport: 'websocket' });
  if (!result.ok) throw new Error(`${command}: ${JSON.stringify(result.error)}`);
  return result.data as CommandOutput<C>;
}

it("a secret in a record's derived fields and its finding messages is masked in the rows and the detail", async () => {
  const { id } = core.recorder.record({
    kind: 'request',
    method: 'POST',
    url: 'http://127.0.0.1:4455/checkout',
    path: '/checkout',
    status: 400,
    orderReferenceId: API_TOKEN,
    eventType: `createCheckout ${API_TOKEN}`,
    error: `refused: ${API_TOKEN}`,
    details: {
      findings: [{ path: 'order_reference_id', message: `got the text "${API_TOKEN}"` }],
      nested: { deeper: [API_TOKEN] },
    },
  });
  const rows = JSON.stringify(await call('listEvents', { filter: {}, limit: 10 }));
  expect(rows).not.toContain(API_TOKEN);
  expect(rows).toContain('••••6789');
  const detail = await call('getEvent', { id });
  expect(JSON.stringify(detail)).not.toContain(API_TOKEN);
  expect(detail.orderReferenceId).toBe('••••6789');
  expect(JSON.stringify(detail.details)).toContain('got the text \\"••••6789\\"');
});

it('an order whose reference was pasted with a token lists it masked', async () => {
  const orderId = '0f8fad5b-d9cb-469f-a165-70867728950e';
  core.recorder.record({
    kind: 'request',
    method: 'POST',
    url: 'http://127.0.0.1:4455/checkout',
    path: '/checkout',
    status: 200,
    orderId,
    orderReferenceId: API_TOKEN,
  });
  const page = await call('listOrders', {});
  expect(page.items.map((item) => item.orderId)).toEqual([orderId]);
  expect(JSON.stringify(page)).not.toContain(API_TOKEN);
  expect(page.items[0]?.referenceId).toBe('••••6789');
  const detail = await call('getOrderLifecycle', { orderId });
  expect(JSON.stringify(detail)).not.toContain(API_TOKEN);
});
