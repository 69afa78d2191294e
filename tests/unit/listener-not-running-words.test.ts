import { describe, expect, it } from 'vitest';
import type { TimelineSummary } from '../../src/shared/events';
import type { ListenerStatus } from '../../src/shared/listener';
import {
  deliveredElsewhere,
  deliveredElsewhereWords,
} from '../../src/renderer/src/features/builder/delivered-elsewhere';
import {
  listenerNotRunningWords,
  notStoredWords,
} from '../../src/renderer/src/features/listener/listener-status-words';

// The Local profile's listener port held by another program answering 200: the Builder said
// nothing of the listener, the Response tab said "No webhook yet. Pay on the checkout page" of a
// paid order forever, and the Listener view said "every request that reached the port was stored".

const taken = 'Port 47471 is already in use by another program, so this console’s listener is not running.';
const status = (patch: Partial<ListenerStatus> = {}): ListenerStatus => ({
  running: false,
  port: null,
  configuredPort: 47471,
  url: null,
  publicUrl: null,
  error: taken,
  portTakenBy: 'other',
  profileId: 1,
  profileName: 'Local',
  hasNotificationToken: true,
  notificationTokenUnopened: null,
  notStored: 0,
  notStoredReason: null,
  forwardHold: null,
  ...patch,
});

let nextId = 1;
const record = (patch: Partial<TimelineSummary>): TimelineSummary => ({
  id: nextId++,
  uid: `u${nextId}`,
  kind: 'delivery',
  at: '2025-01-01T10:00:00.000Z',
  profileId: 1,
  profileName: 'Local',
  method: 'POST',
  path: null,
  url: 'http://127.0.0.1:47471/?serviceToken=eyJhbGciOi.x.y',
  status: 200,
  durationMs: 3,
  orderId: 'ord-1',
  firstNamedOrderId: null,
  orderReferenceId: 'ref-1',
  eventType: 'order_approved',
  tokenVerdict: null,
  bodyVerdict: null,
  error: null,
  relatedId: null,
  imported: false,
  provenance: 'service',
  originalProvenance: null,
  bodyFindings: null,
  tokenFindings: null,
  operation: null,
  notSent: null,
  unanswered: false,
  ...patch,
});

describe("the Builder's notice of a listener that is not running", () => {
  it('says why, and what it means for an order sent with the profile', () => {
    expect(listenerNotRunningWords(status(), 'Local')).toBe(
      `The webhooks of an order sent with Local do not reach this console while it is not running, so a paid order stays new here. ${taken}`,
    );
  });

  it('says nothing while it runs, or when a console on this data directory holds its port (it stores here too)', () => {
    expect(
      listenerNotRunningWords(
        status({ running: true, error: null, portTakenBy: null, url: 'http://127.0.0.1:47471' }),
        'Local',
      ),
    ).toBeNull();
    expect(listenerNotRunningWords(status({ portTakenBy: 'console' }), 'Local')).toBeNull();
  });
});

describe("the Listener view's Not stored cell", () => {
  it('does not say every request that reached the port was stored while something else holds it', () => {
    const words = notStoredWords(status());
    expect(words.text).not.toContain('every request that reached the port was stored');
    expect(words).toEqual({
      text: 'none stored here, since the listener is not running: what is sent to port 47471 reaches whatever holds it, not this console',
      alarm: false,
    });
    expect(notStoredWords(status({ error: 'Not allowed', portTakenBy: null })).text).toBe(
      'none: the listener is not running, so no request reaches it',
    );
  });

  it('says every request was stored only while it runs, and counts the ones that were not', () => {
    expect(notStoredWords(status({ running: true, error: null, portTakenBy: null })).text).toBe(
      'none: every request that reached the port was stored',
    );
    expect(
      notStoredWords(status({ running: true, notStored: 2, notStoredReason: 'database is locked' })),
    ).toEqual({
      text: '2 requests answered 503 since the console started, not stored. The last one: database is locked',
      alarm: true,
    });
  });
});

describe('a delivery something else answered, which this console never received', () => {
  it('is found among the order’s records, and said with its address (no token), its answer and the cause', () => {
    const delivery = record({});
    const found = deliveredElsewhere([record({ kind: 'request', url: null, eventType: null }), delivery]);
    expect(found).toEqual([delivery]);
    expect(deliveredElsewhereWords(delivery)).toBe(
      "order_approved was delivered to http://127.0.0.1:47471 and answered 200 there, but this console's listener did not receive it, so the order's state here does not show it. Something else answers at that address: the Listener view says why this console's listener is not there.",
    );
  });

  it('is not one when this console received it, when no answer came, or when it is the console’s own', () => {
    // Linked to this console's listener record of it.
    expect(deliveredElsewhere([record({ relatedId: 7 })])).toEqual([]);
    // Received here, though not linked (the listener's record of the same event is there).
    expect(
      deliveredElsewhere([record({}), record({ kind: 'webhook', status: 200, tokenVerdict: 'valid' })]),
    ).toEqual([]);
    // No answer: not delivered anywhere (the emulator tries again).
    expect(deliveredElsewhere([record({ status: null, error: 'Connection refused' })])).toEqual([]);
    expect(deliveredElsewhere([record({ provenance: 'replay' })])).toEqual([]);
  });

  it('is still one beside a post of that event anyone could send (no delivery names it, its token unverified)', () => {
    const delivery = record({});
    const handSent = record({ kind: 'webhook', status: 200, tokenVerdict: 'missing' });
    expect(deliveredElsewhere([delivery, handSent])).toEqual([delivery]);
  });
});
