import { describe, expect, it } from 'vitest';
import { deliveryArrivalId } from '../../src/main/timeline/delivery-arrival';
import { recordName } from '../../src/renderer/src/features/timeline/record-name';
import {
  firstPart,
  groupRecords,
  isSecondPart,
  joinsKnownRow,
} from '../../src/renderer/src/features/timeline/timeline-rows';
import type { TimelineSummary } from '../../src/shared/events';
import { timelineSummary } from './helpers/timeline-summary';

const AT = Date.parse('2026-03-01T12:10:33.000Z');
const ORDER = '6f1c0a8e-2f7b-4c1e-9d3a-5b8e7c6d4a21';

const record = (id: number, ms: number, extra: Partial<TimelineSummary> = {}): TimelineSummary =>
  timelineSummary(id, new Date(AT + ms), {
    orderId: ORDER,
    durationMs: 3,
    eventType: 'order_approved',
    bodyFindings: 0,
    ...extra,
  });
const delivery = (id: number, ms: number, extra: Partial<TimelineSummary> = {}) =>
  record(id, ms, { kind: 'delivery', tokenVerdict: null, bodyVerdict: null, bodyFindings: null, ...extra });
const replay = (id: number, ms: number, extra: Partial<TimelineSummary> = {}) =>
  record(id, ms, { kind: 'replay', provenance: 'replay', tokenVerdict: null, bodyVerdict: null, ...extra });

const shape = (items: TimelineSummary[]) =>
  groupRecords(items).map((row) => row.parts.map((part) => `${part.kind}#${part.id}`).join('+'));

describe('timeline rows', () => {
  it('joins a delivery and the webhook it produced into one row, whichever order they load in', () => {
    // The webhook (#1) is written while the delivery (#2) waits for its answer.
    const webhook = record(1, 605);
    const sent = delivery(2, 496, { relatedId: 1 });
    for (const items of [
      [sent, webhook],
      [webhook, sent],
    ]) {
      const [row, ...rest] = groupRecords(items);
      expect(rest).toEqual([]);
      expect(row?.primary.id).toBe(1);
      expect(row?.origin?.id).toBe(2);
      expect(row?.parts.map((part) => part.id)).toEqual([2, 1]);
      expect(row?.missing).toBeNull();
    }
  });

  it("shows the time and id of one record, the part that began the happening: never one's time beside another's id", () => {
    // The tester's row: "02:37:17.031 #3 delivery webhook", where .031 was delivery #2's time.
    const [row] = groupRecords([record(3, 69), delivery(2, 31, { relatedId: 3 })]);
    expect(row?.primary.id).toBe(3);
    const first = row === undefined ? undefined : firstPart(row);
    expect(first?.id).toBe(2);
    expect(first?.at).toBe(new Date(AT + 31).toISOString());
    expect(Date.parse(first?.at ?? '')).toBe(row?.atMs);
    const [alone] = groupRecords([record(5, 10)]);
    expect(alone === undefined ? undefined : firstPart(alone).id).toBe(5);
  });

  it('joins a replay and the listener record of it; an original stays on its own', () => {
    expect(
      shape([
        record(1, 0),
        replay(2, 10, { relatedId: 1 }),
        record(3, 12, { relatedId: 2, provenance: 'replay' }),
      ]),
    ).toEqual(['replay#2+webhook#3', 'webhook#1']);
  });

  it('never puts one part in two rows (a second copy naming the same record stays alone)', () => {
    expect(shape([record(1, 5), delivery(2, 0, { relatedId: 1 }), delivery(3, 1, { relatedId: 1 })])).toEqual(
      ['delivery#3', 'delivery#2+webhook#1'],
    );
  });

  it('does not join records whose link means something else (a forward names its webhook)', () => {
    expect(shape([record(1, 0), record(2, 5, { kind: 'forward', relatedId: 1 })])).toEqual([
      'forward#2',
      'webhook#1',
    ]);
  });

  it('is newest first by time, ties broken by id, whatever the ids say', () => {
    // The case: #2 written after #1 but 109 ms earlier was listed above it.
    const rows = groupRecords([
      record(1, 605),
      delivery(2, 496, { url: 'http://127.0.0.1:9/elsewhere' }),
      record(3, 700),
      record(4, 700, { kind: 'request', operation: 'authorise', eventType: null }),
    ]);
    expect(rows.map((row) => row.primary.id)).toEqual([4, 3, 1, 2]);
  });

  it('says what a lone delivery or replay lacks', () => {
    const [pending] = groupRecords([replay(1, 0, { status: null })]);
    expect(pending?.missing).toBe('sent, no answer yet');
    // Imported while it waited: nothing is still coming, and no arrival is known of.
    const [imported] = groupRecords([replay(1, 0, { status: null, imported: true })]);
    expect(imported?.missing).toBe('no answer in the imported file, so no arrival known');
    const [elsewhere] = groupRecords([delivery(1, 0)]);
    expect(elsewhere?.missing).toContain("no arrival on this console's listener");
    const [failed] = groupRecords([delivery(1, 0, { status: null, error: 'ECONNREFUSED' })]);
    expect(failed?.missing).toBe('no answer, so no arrival');
    const [filtered] = groupRecords([delivery(2, 0, { relatedId: 1 })]);
    expect(filtered?.missing).toBe('its webhook #1 is filtered out');
    expect(groupRecords([record(1, 0)])[0]?.missing).toBeNull();
  });

  it("says where a lone delivery's webhook is when it is on screen, not that it is filtered out", () => {
    // An import: deliveries #2 and #4 both name webhook #3; #2, written first, is paired with it.
    const rows = groupRecords([
      delivery(2, 0, { relatedId: 3 }),
      record(3, 5),
      delivery(4, 10, { relatedId: 3 }),
    ]);
    const lone = rows.find((row) => row.primary.id === 4);
    expect(lone?.missing).toBe('its webhook #3 is shown with delivery #2');
    // A link to a record that is no webhook (it cannot pair) is on screen too: said so.
    const [, alone] = groupRecords([record(3, 5, { kind: 'forward' }), delivery(4, 0, { relatedId: 3 })]);
    expect(alone?.missing).toBe('its answer names forward #3, shown on its own row');
  });

  it('counts a record that completes a known row as no new row', () => {
    const webhook = record(1, 5);
    const sent = delivery(2, 0, { relatedId: 1 });
    expect(joinsKnownRow(sent, (id) => (id === 1 ? webhook : undefined))).toBe(true);
    expect(joinsKnownRow(sent, () => undefined)).toBe(false);
    expect(joinsKnownRow(webhook, () => sent)).toBe(false);
    expect(isSecondPart(sent)).toBe(true);
    expect(isSecondPart(record(3, 0, { relatedId: 2, provenance: 'replay' }))).toBe(true);
    expect(isSecondPart(record(3, 0, { kind: 'forward', relatedId: 2 }))).toBe(false);
  });
});

describe('record names', () => {
  it('names a request by its operation and a notification by its event type, never by a dash', () => {
    expect(recordName(record(1, 0, { kind: 'request', operation: 'authorise', eventType: null })).name).toBe(
      'authorise',
    );
    expect(recordName(delivery(1, 0)).name).toBe('order_approved');
    expect(
      recordName(
        record(1, 0, { kind: 'request', operation: null, method: 'GET', path: '/merchants/orders/x' }),
      ),
    ).toEqual({ name: 'GET /merchants/orders/x', known: false });
    expect(recordName(record(1, 0, { eventType: null, bodyVerdict: 'invalid_json' })).name).toBe(
      'no event type (invalid json body)',
    );
  });
});

describe('a delivery and its arrival', () => {
  const attempt = { orderId: ORDER, eventType: 'order_approved', startedMs: AT, endedMs: AT + 50 };
  const answer = (body: unknown) => new TextEncoder().encode(JSON.stringify(body));
  const arrival = record(7, 20);
  const lookup = (id: number) => (id === 7 ? arrival : undefined);

  it("links the listener record the answer names when it is that attempt's webhook", () => {
    expect(deliveryArrivalId(answer({ received: true, id: 7 }), attempt, lookup)).toBe(7);
  });

  it('does not trust the answer alone: another order, event, time, kind or provenance stays unlinked', () => {
    const body = answer({ received: true, id: 7 });
    expect(deliveryArrivalId(body, { ...attempt, orderId: 'other' }, lookup)).toBeNull();
    expect(deliveryArrivalId(body, { ...attempt, eventType: 'order_captured' }, lookup)).toBeNull();
    expect(deliveryArrivalId(body, { ...attempt, endedMs: AT + 10 }, lookup)).toBeNull();
    expect(deliveryArrivalId(body, attempt, () => ({ ...arrival, kind: 'forward' }))).toBeNull();
    expect(deliveryArrivalId(body, attempt, () => ({ ...arrival, provenance: 'replay' }))).toBeNull();
    expect(deliveryArrivalId(answer({ received: true, id: 8 }), attempt, lookup)).toBeNull();
    expect(deliveryArrivalId(answer({ ok: true }), attempt, lookup)).toBeNull();
    expect(deliveryArrivalId(new TextEncoder().encode('<html>'), attempt, lookup)).toBeNull();
    expect(deliveryArrivalId(null, attempt, lookup)).toBeNull();
  });
});
