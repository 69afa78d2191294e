import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderDetailJson, orderDetailText } from '../../src/main/cli/order-report';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { emulatorHeldStateNote } from '../../src/shared/orders/emulator-held-state';
import { call, captured, CAPTURE_1, created, ORDER_ID, resetRecords, webhook } from './helpers/order-records';

// Profiles are different merchant accounts or environments. An order_approved verified under
// Live's notification token, then an order_authorised for the same order id verified under
// Local's: `orders show` said "profile Live, state authorised, #2 moved", and never named Local.
// Only the order's own profile's evidence counts (DESIGN.md, "Provenance").
const live = { profileId: 2, profileName: 'Live' };
const local = { profileId: 1, profileName: 'Local' };
const sandbox = { profileId: 3, profileName: 'Sandbox' };

describe("a record verified under another profile than the order's", () => {
  beforeEach(resetRecords);

  it('is listed, marked, a finding, and never moves an order its first evidence names', () => {
    const records = [webhook('order_approved', [], live), webhook('order_authorised', [], local)];
    const lifecycle = deriveLifecycle(ORDER_ID, records);
    expect(lifecycle.state).toBe('approved');
    expect(lifecycle.facts.profileName).toBe('Live');
    const entry = lifecycle.entries.find((row) => row.recordId === 2);
    expect(entry?.effect).toBe('other_profile');
    expect(entry?.otherProfile).toBe('Local');
    expect(entry?.stateAfter).toBe('approved');
    expect(lifecycle.findings).toEqual([
      {
        recordId: 2,
        severity: 'warning',
        code: 'another_profile',
        message:
          "order_authorised came under profile Local, but this order is profile Live's (its first evidence, #1): another merchant account or environment, not this order's service",
      },
    ]);
    expect(lifecycle.strip.find((step) => step.step === 'authorised')?.status).toBe('pending');
  });

  it("counts nothing of another profile's: no amount, no reference, no date", () => {
    const create = { ...created({ amount: '100.00' }), ...local };
    const approved = webhook('order_approved', [], local);
    const foreign = { ...captured(CAPTURE_1, '100.00'), ...sandbox };
    const lifecycle = deriveLifecycle(ORDER_ID, [create, approved, foreign]);
    expect(lifecycle.state).toBe('approved');
    expect(lifecycle.facts.capturedAmount).toBeNull();
    expect(lifecycle.facts.lastEvidenceAt).toBe(approved.at);
    expect(lifecycle.facts.profileName).toBe('Local');
  });

  it("belongs to its create-checkout call's profile, even when another profile's evidence came first", () => {
    const foreign = webhook('order_approved', [], sandbox);
    const create = { ...created(), ...local };
    const lifecycle = deriveLifecycle(ORDER_ID, [foreign, create]);
    expect(lifecycle.state).toBe('new');
    expect(lifecycle.facts.profileName).toBe('Local');
    expect(lifecycle.entries.find((row) => row.recordId === 1)?.effect).toBe('other_profile');
    expect(lifecycle.findings[0]?.message).toContain(
      "this order is profile Local's (its create-checkout call, #2)",
    );
  });

  it("a follow-up call sent with another profile is that profile's service answering: not counted", () => {
    const create = { ...created(), ...local };
    const approved = webhook('order_approved', [], local);
    const authorise = { ...call('authorise', { status: 200, response: { order_id: ORDER_ID } }), ...sandbox };
    const lifecycle = deriveLifecycle(ORDER_ID, [create, approved, authorise]);
    expect(lifecycle.state).toBe('approved');
    expect(lifecycle.entries.find((row) => row.recordId === 3)?.effect).toBe('other_profile');
  });

  it("the emulator's note agrees once another profile's notification no longer moves the order", () => {
    // Order A created under Local, approved (#2), then an order_authorised verified under Sandbox:
    // the order read authorised, and the note said "no record here says so yet" beside #2.
    const records = [
      { ...created(), ...local },
      webhook('order_approved', [], local),
      webhook('order_authorised', [], sandbox),
    ];
    const lifecycle = deriveLifecycle(ORDER_ID, records);
    expect(lifecycle.state).toBe('approved');
    expect(emulatorHeldStateNote(lifecycle.state, 'approved', records)).toBeNull();
  });

  it('`orders show` names the profile it came under, in WHOSE, --json and the findings', () => {
    const records = [webhook('order_approved', [], live), webhook('order_authorised', [], local)];
    const lifecycle = deriveLifecycle(ORDER_ID, records);
    const json = orderDetailJson({ lifecycle, records });
    expect(json.profile).toBe('Live');
    expect(
      json.records.map((record) => [record.id, record.effect, record.evidence, record.other_profile]),
    ).toEqual([
      [1, 'moved', true, null],
      [2, 'other_profile', false, 'Local'],
    ]);
    const text = orderDetailText({ lifecycle, records });
    expect(text).toContain('  state      approved');
    expect(text).toContain("  findings   1: a record of another profile's, not counted");
    expect(text).toMatch(
      /#2 +\S+ +webhook +another profile's: Local +order_authorised .* another profile's +approved/u,
    );
  });

  it('records of one profile, renamed since, are one profile (its id)', () => {
    const records = [
      webhook('order_approved', [], { profileId: 1, profileName: 'Local' }),
      webhook('order_authorised', [], { profileId: 1, profileName: 'Emulator' }),
    ];
    const lifecycle = deriveLifecycle(ORDER_ID, records);
    expect(lifecycle.state).toBe('authorised');
    expect(lifecycle.findings).toEqual([]);
  });
});

describe('a data directory from before', () => {
  it("has every order derived again, so another profile's evidence no longer moves it (migration 045)", () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((migration) => migration.id < 45),
    );
    db.exec("INSERT INTO orders (order_id, stale) VALUES ('o-1', 0)");
    migrate(
      db,
      migrations.filter((migration) => migration.id <= 45),
    );
    expect(db.prepare('SELECT stale FROM orders').all()).toEqual([{ stale: 1 }]);
    db.close();
  });
});
