import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import type { NewEvent } from '../../src/main/store/events-repository';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import type { OrderDetail, OrderPage } from '../../src/shared/contract/orders';
import { STRIP_STATUS_WORDS } from '../../src/shared/orders/order-lifecycle';
import { NO_STATE_WHY, noStateActionsNote } from '../../src/shared/orders/order-known-from';
import { createCheckout, notification } from './helpers/order-events';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

// An order known only from imported records (a colleague's export) was listed among this
// console's orders as `unknown`, like an order whose calls all failed: true, but noise. It is
// now listed as "imported only" (and one known only from the console's own sends as "console
// only"), in the CLI and the Orders view alike, and its state still comes only from the
// service's own evidence: none, so none.

const OWN = '0f8fad5b-d9cb-469f-a165-70867728950e';
const IMPORTED = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const CRAFTED = '16fd2706-8baf-433b-82eb-8c7fada847da';
const FAILED = '6f1c9b57-2c7e-4f0e-9a53-8a1f0c9d2b11';
const DELIVERED = '3b241101-e2bb-4255-8caf-4136c566a962';

let dataDir = '';
let core: ConsoleCore;
let dispose: () => Promise<void> = async () => undefined;
const cli = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, 'orders', ...argv]);
const imported = (event: NewEvent): NewEvent => ({ ...event, imported: true, profileId: null });

beforeAll(async () => {
  const opened = await openTempConsole();
  ({ dataDir, dispose, core } = opened);
  opened.core.recorder.recordMany([
    createCheckout(OWN, 'REF-OWN', 1_000),
    notification(OWN, 'order_approved', 2_000),
    // The same story in a file: the service's where it came from, not evidence here.
    imported(createCheckout(IMPORTED, 'REF-IMP', 3_000)),
    imported(notification(IMPORTED, 'order_approved', 4_000)),
    // A notification that carried a token this console signed, and nothing else.
    { ...notification(CRAFTED, 'order_approved', 5_000), provenance: 'crafted' },
    // The service's own answer, a failure: nothing says a state, yet the order is the service's.
    { ...createCheckout(FAILED, 'REF-FAIL', 6_000), status: 500, responseBody: null },
    // The emulator's delivery of an order's notification to the merchant's own endpoint, alone.
    {
      kind: 'delivery',
      atMs: 7_000,
      profileId: 1,
      profileName: 'Local',
      method: 'POST',
      url: 'http://127.0.0.1:9/notify',
      status: 200,
      orderId: DELIVERED,
      eventType: 'order_approved',
    },
  ]);
});
afterAll(async () => dispose());

const lineOf = (stdout: string, orderId: string) =>
  stdout.split('\n').find((line) => line.startsWith(orderId)) ?? '';

describe('orders known only from the console’s records', () => {
  it('the table says "imported only" and "console only", never "unknown", for them', async () => {
    const run = await cli();
    expect(run.code, run.stderr).toBe(0);
    expect(lineOf(run.stdout, OWN)).toMatch(/\sapproved\s/);
    expect(lineOf(run.stdout, IMPORTED)).toMatch(/\simported only\s+REF-IMP\s/);
    expect(lineOf(run.stdout, CRAFTED)).toMatch(/\sconsole only\s/);
    expect(lineOf(run.stdout, FAILED)).toMatch(/\sunknown\s/);
  });

  it('--json keeps the state null and says what the order is known from', async () => {
    const run = await cli('--json');
    const orders = JSON.parse(run.stdout) as { order_id: string; state: string | null; known_from: string }[];
    const byId = new Map(orders.map((order) => [order.order_id, order]));
    expect(byId.get(OWN)).toMatchObject({ state: 'approved', known_from: 'service' });
    expect(byId.get(IMPORTED)).toMatchObject({ state: null, known_from: 'import' });
    expect(byId.get(CRAFTED)).toMatchObject({ state: null, known_from: 'console' });
    expect(byId.get(FAILED)).toMatchObject({ state: null, known_from: 'service' });
  });

  it('orders show says so, and lists the imported records as imported', async () => {
    const run = await cli('show', IMPORTED);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/state\s+imported only: no evidence of this console's own/);
    expect(run.stdout).toContain('console: import');
    expect(run.stdout).not.toMatch(/state\s+approved/);
  });

  // An emulator's delivery is the service's doing (the emulator plays it; provenance.ts), as
  // `history` and the WHOSE column said, while the state line called it "the console's own
  // records" and the view's details "console: delivery". It is the emulator's word that it SENT a
  // notification, not a notification this console received: the service's, and no state.
  it('an order known from the emulator’s deliveries alone is the service’s, its state unknown', async () => {
    const table = await cli();
    expect(lineOf(table.stdout, DELIVERED)).toMatch(/\sunknown\s/);
    const json = JSON.parse((await cli('--json')).stdout) as { order_id: string; known_from: string }[];
    expect(json.find((order) => order.order_id === DELIVERED)).toMatchObject({ known_from: 'service' });
    const run = await cli('show', DELIVERED);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /state\s+unknown: no answer or verified notification received from the service names one\n/,
    );
    expect(run.stdout).not.toContain("the console's own records");
    expect(run.stdout).toMatch(/\sdelivery\s+service\s/);
    // With no evidence, no step is known to be unreached: each is not seen, never "not reached".
    expect(run.stdout).toMatch(/\nNew\s+not seen\s/);
    expect(run.stdout).toMatch(/\nCaptured\s+not seen\s/);
    expect(run.stdout).not.toContain('not reached');
  });

  it('an order with no state has a strip of steps not seen, in every view’s words', async () => {
    const answer = await core.dispatcher('getOrderLifecycle', { orderId: CRAFTED }, { transport: 'direct' });
    if (!answer.ok) throw new Error(answer.error.message);
    const { strip } = (answer.data as OrderDetail).lifecycle;
    expect(strip.map((step) => step.status)).toEqual(strip.map(() => 'unknown'));
    expect(STRIP_STATUS_WORDS.unknown).toBe('not seen');
  });

  it('says what an order known only from the console’s own records lacks: the service’s evidence', async () => {
    const run = await cli('show', CRAFTED);
    expect(run.code, run.stderr).toBe(0);
    // "no evidence of this console's own; only the console's own records" contradicted itself.
    expect(run.stdout).toMatch(
      /state\s+console only: no evidence from the service; only the console's own records \(replays, crafted tokens, forwards\), which never move an order\n/,
    );
  });
});

describe('the one wording of an order with no state', () => {
  it('says the same in the actions’ note, and reads as a sentence', () => {
    const note = noStateActionsNote('console', null);
    expect(note).toBe(
      "Known only from the console's own records (replays, crafted tokens, forwards), which never move an order: the state is not known here, and every operation is offered.",
    );
    expect(NO_STATE_WHY.console).not.toContain("this console's own");
    for (const words of [...Object.values(NO_STATE_WHY), note]) expect(words).not.toContain('delivery');
  });

  it('has every order derived again, so one stored as "console only" from deliveries reads unknown (migration 041)', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((migration) => migration.id < 41),
    );
    db.exec("INSERT INTO orders (order_id, stale, known_from) VALUES ('o-1', 0, 'console')");
    migrate(
      db,
      migrations.filter((migration) => migration.id <= 41),
    );
    expect(db.prepare('SELECT stale FROM orders').all()).toEqual([{ stale: 1 }]);
    db.close();
  });
});

describe('the Orders view’s profile filter', () => {
  it('finds an imported-only order by the profile name its records carry, as History does', async () => {
    const local = core.profiles.findByName('Local')?.id ?? 0;
    const answer = await core.dispatcher(
      'listOrders',
      { profileId: local, limit: 50 },
      { transport: 'direct' },
    );
    if (!answer.ok) throw new Error(answer.error.message);
    const ids = (answer.data as OrderPage).items.map((order) => order.orderId);
    expect(ids).toContain(IMPORTED);
    expect(ids).toContain(OWN);
  });
});
