import { beforeEach, describe, expect, it } from 'vitest';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { orderLifecycleSchema } from '../../src/shared/orders/order-lifecycle';
import type { OrderRecord } from '../../src/shared/orders/order-record';
import {
  arrivalOf,
  call,
  CAPTURE_1,
  CAPTURE_2,
  captured,
  created,
  deliveryOf,
  forwardOf,
  importedCopy,
  money,
  ORDER_ID,
  replayOf,
  resetRecords,
  webhook,
} from './helpers/order-records';

// DESIGN.md, "Provenance": order state, amounts and the strip derive from the service's own,
// verified evidence only. Every case mixes that evidence with the console's own records.

const derive = (records: OrderRecord[]) => {
  const lifecycle = deriveLifecycle(ORDER_ID, records);
  expect(orderLifecycleSchema.parse(lifecycle)).toEqual(lifecycle);
  return lifecycle;
};
const effects = (records: OrderRecord[]) => derive(records).entries.map((entry) => entry.effect);

/** Created for 100.00 SAR, approved, authorised and captured in full, all by the service. */
function capturedOrder() {
  const capture = captured(CAPTURE_1, '100.00');
  return {
    capture,
    records: [created(), webhook('order_approved'), webhook('order_authorised'), capture],
  };
}

describe('provenance: only the service’s own, verified evidence moves an order', () => {
  beforeEach(() => resetRecords());

  it('the issue’s edited replay (1.999 XYZ, capture_id not-a-uuid) and its arrival move nothing, shown as one send', () => {
    const { capture, records } = capturedOrder();
    const replay = replayOf(capture, {
      bodyEdited: true,
      data: { capture_id: 'not-a-uuid', captured_amount: { amount: '1.999', currency: 'XYZ' } },
    });
    const arrival = arrivalOf(replay);
    const lifecycle = derive([...records, replay, arrival]);
    expect(lifecycle.state).toBe('fully_captured');
    expect(lifecycle.facts.capturedAmount).toBe('100.00');
    expect(lifecycle.strip[3]?.detail).toBe('100.00 SAR of 100.00 SAR');
    expect(lifecycle.findings).toEqual([]);
    // One entry for the two records of the send: the replay's, naming the listener's record.
    expect(lifecycle.entries.map((entry) => entry.recordId)).not.toContain(arrival.id);
    const entry = lifecycle.entries.at(-1);
    expect(entry).toMatchObject({
      recordId: replay.id,
      effect: 'copy',
      provenance: 'crafted',
      linkedRecordId: arrival.id,
    });
    expect(entry?.evidence).toContain(`Replay of #${capture.id} (body edited)`);
    expect(entry?.evidence).toContain(`received by the listener of profile "Local" as #${arrival.id}`);
  });

  it('a replay received by another profile\'s listener names that listener, not "this listener"', () => {
    const { capture, records } = capturedOrder();
    const replay = replayOf(capture);
    // Sent to the Sandbox listener while the window's active profile (and listener) was Local's.
    const arrival = { ...arrivalOf(replay), profileName: 'Sandbox' };
    const entry = derive([...records, replay, arrival]).entries.at(-1);
    expect(entry?.evidence).toBe(
      `Replay of #${capture.id} (exactly as stored), received by the listener of profile "Sandbox" as #${arrival.id}; the console's doing, never evidence`,
    );
  });

  it('an exact replay of every notification, original token, changes nothing and adds no duplicate', () => {
    const { records } = capturedOrder();
    const sends = records.slice(1).flatMap((original) => {
      const replay = replayOf(original);
      return [replay, arrivalOf(replay)];
    });
    const alone = derive(records);
    const mixed = derive([...records, ...sends]);
    expect(mixed.state).toBe(alone.state);
    expect(mixed.facts.capturedAmount).toBe(alone.facts.capturedAmount);
    expect(mixed.strip).toEqual(alone.strip);
    expect(mixed.entries.slice(records.length).map((entry) => [entry.effect, entry.provenance])).toEqual([
      ['copy', 'replay'],
      ['copy', 'replay'],
      ['copy', 'replay'],
    ]);
  });

  it('a re-signed replay that arrives before the real notification does not take its place', () => {
    const approved = webhook('order_approved');
    const resigned = replayOf(approved, { tokenMode: 'resign' });
    const authorised = replayOf(webhook('order_authorised'), { tokenMode: 'preset', preset: 'valid' });
    const records = [created(), resigned, arrivalOf(resigned), authorised, arrivalOf(authorised), approved];
    const lifecycle = derive(records);
    expect(lifecycle.state).toBe('approved');
    expect(lifecycle.stateRecordId).toBe(approved.id);
    expect(lifecycle.entries.find((entry) => entry.recordId === resigned.id)?.evidence).toContain(
      'token re-signed by the console',
    );
    expect(lifecycle.entries.find((entry) => entry.recordId === authorised.id)?.evidence).toContain(
      'crafted token (valid)',
    );
  });

  it('the listener’s record of a replay whose replay record is elsewhere is still not evidence', () => {
    const create = created();
    const replay = replayOf(webhook('order_authorised'));
    const arrival = { ...arrivalOf(replay), relatedId: 9_999 };
    const lifecycle = derive([create, arrival]);
    expect(lifecycle.state).toBe('new');
    expect(lifecycle.entries[1]).toMatchObject({ effect: 'copy', provenance: 'replay' });
    expect(lifecycle.entries[1]?.evidence).toContain("The listener's record of replay #9999");
  });

  it('a request that only claims to be a replay (marker not found) never moves the order', () => {
    const create = created();
    const spoofed = { ...webhook('order_approved'), provenance: 'replay' as const };
    const lifecycle = derive([create, spoofed]);
    expect(lifecycle.state).toBe('new');
    expect(lifecycle.entries[1]?.evidence).toContain('no replay of this console matches its marker');
  });

  it('forwards and the emulator’s deliveries are listed; the listener’s record is the evidence', () => {
    const create = created();
    const delivery = deliveryOf('order_approved');
    const approved = webhook('order_approved');
    const records = [create, delivery, approved, forwardOf(approved)];
    expect(effects(records)).toEqual(['moved', 'copy', 'moved', 'copy']);
    expect(derive(records).entries[3]).toMatchObject({ provenance: 'forward' });
  });

  it('a notification the emulator never sent (dropped by its fault, or nowhere to go) is listed as never sent, not as an attempt', () => {
    const create = created();
    const dropped = {
      ...deliveryOf('order_approved'),
      error: 'Dropped by fault injection: never sent.',
      details: { attempt: 0, dropped: true },
    };
    const unsent = {
      ...deliveryOf('order_authorised'),
      error: 'No notification URL',
      details: { attempt: 0, unsent: true },
    };
    const lifecycle = derive([create, dropped, unsent]);
    expect(lifecycle.state).toBe('new');
    expect(lifecycle.entries.slice(1).map((entry) => [entry.effect, entry.evidence])).toEqual([
      [
        'copy',
        "The emulator's notification, dropped by its fault injection: never sent, so no listener received it",
      ],
      ['copy', "The emulator's notification, never sent (No notification URL), so no listener received it"],
    ]);
  });

  it('a forwarded copy that reaches a listener is a copy: it neither moves the order nor counts as a duplicate', () => {
    const create = created();
    const approved = webhook('order_approved');
    const copy = { ...webhook('order_authorised'), provenance: 'forward' as const };
    const lifecycle = derive([create, approved, copy]);
    expect(lifecycle.state).toBe('approved');
    expect(lifecycle.entries[2]).toMatchObject({ effect: 'copy', provenance: 'forward' });
    expect(lifecycle.entries[2]?.evidence).toContain('A copy a console listener forwarded here');
  });

  it('duplicates from the emulator’s fault injection count once; its wrong-key and expired tokens not at all', () => {
    const records = [
      created(),
      webhook('order_approved'),
      webhook('order_approved'),
      webhook('order_authorised', [], { tokenVerdict: 'invalid_signature' }),
      webhook('order_authorised', [], { tokenVerdict: 'expired' }),
      webhook('order_authorised', [], { tokenVerdict: 'missing' }),
      webhook('order_authorised'),
    ];
    const lifecycle = derive(records);
    expect(lifecycle.entries.map((entry) => entry.effect)).toEqual([
      'moved',
      'moved',
      'duplicate',
      'unverified',
      'unverified',
      'unverified',
      'moved',
    ]);
    expect(lifecycle.state).toBe('authorised');
    expect(lifecycle.strip[2]?.recordId).toBe(7);
  });

  it('an unverified notification seen first does not make the real one a duplicate', () => {
    const before = [created(), webhook('order_approved'), webhook('order_authorised')];
    const forged = captured(CAPTURE_1, '100.00');
    forged.tokenVerdict = 'invalid_signature';
    const real = captured(CAPTURE_1, '100.00');
    const lifecycle = derive([...before, forged, real]);
    expect(lifecycle.entries.slice(3).map((entry) => entry.effect)).toEqual(['unverified', 'moved']);
    expect(lifecycle.facts.capturedAmount).toBe('100.00');
  });

  it('imported records are listed as imported and move nothing, whatever they were', () => {
    const { records } = capturedOrder();
    const copies = records.map(importedCopy);
    const lifecycle = derive(copies);
    expect(lifecycle.state).toBeNull();
    expect(lifecycle.entries.every((entry) => entry.effect === 'copy' && entry.provenance === 'import')).toBe(
      true,
    );
  });
});

describe('the service’s own evidence that contradicts the order is a finding, never summed', () => {
  beforeEach(() => resetRecords());

  it('a capture in another currency', () => {
    const { records } = capturedOrder();
    const other = captured(CAPTURE_1, '5.00', 'AED');
    const lifecycle = derive([...records.slice(0, 3), other]);
    expect(lifecycle.state).toBe('authorised');
    expect(lifecycle.facts.capturedAmount).toBeNull();
    expect(lifecycle.entries.at(-1)?.effect).toBe('contradicts');
    expect(lifecycle.findings).toEqual([
      {
        recordId: other.id,
        severity: 'error',
        code: 'currency_mismatch',
        message: "order_captured's captured_amount is in AED, but the order is in SAR",
      },
    ]);
  });

  it('more captured than the total', () => {
    const { records } = capturedOrder();
    const lifecycle = derive([...records, captured(CAPTURE_2, '0.01')]);
    expect(lifecycle.facts.capturedAmount).toBe('100.00');
    expect(lifecycle.findings.map((finding) => finding.code)).toEqual(['over_capture']);
    expect(lifecycle.findings[0]?.message).toBe(
      "captured 0.01 SAR would make 100.01 SAR: more than the order's total of 100.00 SAR",
    );
  });

  it('a capture that names no capture, and one whose amount changed', () => {
    const base = [created(), webhook('order_approved'), webhook('order_authorised')];
    const lifecycle = derive([
      ...base,
      webhook('order_captured', {
        capture_id: 'not-a-uuid',
        captured_amount: { amount: '1.00', currency: 'SAR' },
      }),
      captured(CAPTURE_1, '40.00'),
      captured(CAPTURE_1, '45.00'),
      captured(CAPTURE_1, '40.00'),
    ]);
    expect(lifecycle.entries.slice(3).map((entry) => entry.effect)).toEqual([
      'contradicts',
      'moved',
      'contradicts',
      'duplicate',
    ]);
    expect(lifecycle.findings.map((finding) => finding.code)).toEqual([
      'unknown_capture',
      'capture_amount_changed',
    ]);
    expect(lifecycle.facts.capturedAmount).toBe('40.00');
    expect(lifecycle.state).toBe('partially_captured');
  });

  it('a refund beyond what was captured, and a capture call the service accepted beyond the total', () => {
    const lifecycle = derive([
      created(),
      webhook('order_approved'),
      call('authorise'),
      call('capture', { request: money('60.00') }),
      call('capture', { request: money('60.00') }),
      call('refund', { request: money('70.00') }),
    ]);
    expect(lifecycle.findings.map((finding) => finding.code)).toEqual(['over_capture', 'over_refund']);
    expect(lifecycle.facts.capturedAmount).toBe('60.00');
    expect(lifecycle.state).toBe('partially_captured');
  });
});
