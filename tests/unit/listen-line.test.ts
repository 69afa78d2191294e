import { describe, expect, it } from 'vitest';
import { formatWebhookLine, printArrivals } from '../../src/main/cli/commands/listen';
import { createEventBus } from '../../src/main/event-bus';
import { forwardLine } from '../../src/main/cli/commands/listen-forward-line';
import { PROVENANCES } from '../../src/shared/provenance';
import { timelineSummary } from './helpers/timeline-summary';

// A replay, a crafted token or another listener's forwarded copy reached the port: the window
// marks whose doing it was, and `listen` printed it like the service's own notification.

describe('the listen line says whose doing a webhook was', () => {
  it('the service’s own: no mark; anything else: the console’s, as history says it', () => {
    expect(formatWebhookLine(timelineSummary(1, new Date(0)))).not.toContain('console:');
    for (const provenance of PROVENANCES.filter((word) => word !== 'service'))
      expect(formatWebhookLine(timelineSummary(1, new Date(0), { provenance }))).toMatch(
        new RegExp(`-> 200 {2}console: ${provenance}$`),
      );
  });
});

// listen printed `order_captured  E1  -> 200` for a body giving order_id twice, and nothing
// for a webhook whose token did not verify, where history says `E1 +1 D1` and `unverified`.
describe('the listen line says what history says', () => {
  it('an order_id given twice: the order filed under, +1 and the first, as history’s ORDER', () => {
    const twice = timelineSummary(1, new Date(0), {
      eventType: 'order_captured',
      orderId: 'E1',
      firstNamedOrderId: 'D1',
    });
    expect(formatWebhookLine(twice)).toContain('  order_captured  E1 +1 D1  -> 200');
    const once = timelineSummary(1, new Date(0), { eventType: 'order_captured', orderId: 'E1' });
    expect(formatWebhookLine(once)).toContain('  order_captured  E1  -> 200');
  });

  it('a webhook whose token did not verify is unverified; the service’s own verified one has no mark', () => {
    for (const tokenVerdict of ['invalid_signature', 'missing', null] as const)
      expect(formatWebhookLine(timelineSummary(1, new Date(0), { tokenVerdict }))).toMatch(
        /-> 200 {2}unverified$/,
      );
    expect(formatWebhookLine(timelineSummary(1, new Date(0)))).toMatch(/-> 200$/);
  });
});

// A forward the guard refused read "  forwarded #1 to …: Not forwarded to …", and one that could
// not connect "  forwarded #1 to …: Connection refused …": each line said it was forwarded.
describe("a forward's listen line says what became of it, by the record's own status", () => {
  const url = 'http://127.0.0.1:3000/hooks/notify';
  const forward = (extra: Parameters<typeof timelineSummary>[2]) =>
    forwardLine(
      timelineSummary(9, new Date(0), {
        kind: 'forward',
        url,
        relatedId: 4,
        durationMs: 12.4,
        ...extra,
      }),
    );

  it('sent and answered: forwarded, with the status or why the answer was not taken', () => {
    expect(forward({ status: 200 })).toBe(`  forwarded #4 to ${url}: 200 in 12 ms\n`);
    expect(forward({ status: 500, error: 'The target answered 500.' })).toBe(
      `  forwarded #4 to ${url}: The target answered 500.\n`,
    );
  });

  it('sent whole, then no answer: forwarded, and unanswered', () => {
    const cancelled =
      'Cancelled after the request was sent, before an answer arrived: it may have been carried out.';
    expect(forward({ status: null, error: cancelled, unanswered: true })).toBe(
      `  forwarded #4 to ${url}: ${cancelled}\n`,
    );
  });

  it('a network failure: the forward failed, never "forwarded"', () => {
    const refused = 'Connection refused by 127.0.0.1:3000: nothing is listening there.';
    expect(forward({ status: null, error: refused })).toBe(`  forward #4 to ${url} failed: ${refused}\n`);
  });

  it('refused by its guard or cancelled before it left: not forwarded, the reason said once', () => {
    expect(
      forward({
        status: null,
        error: `Not forwarded to ${url}: this webhook is a forward this listener sent earlier.`,
        notSent: 'refused_by_console',
      }),
    ).toBe(`  not forwarded #4 to ${url}: this webhook is a forward this listener sent earlier.\n`);
    const cancelled = 'Cancelled before the request was sent whole, so the service cannot have acted on it.';
    expect(forward({ status: null, error: cancelled, notSent: 'cancelled' })).toBe(
      `  not forwarded #4 to ${url}: ${cancelled}\n`,
    );
    expect(forward({ status: null, error: null, notSent: 'refused_by_console' })).toBe(
      `  not forwarded #4 to ${url}: never sent (refused by the console)\n`,
    );
  });
});

// Without a response delay a webhook's line says `-> 200` as it is stored, just before the answer
// goes out. A client gone in between makes the record `not answered`, and listen said nothing:
// its `-> 200` stood for an answer that was never sent.
describe('an answer printed as stored and then not sent has a line of its own', () => {
  const arrivals = () => {
    const bus = createEventBus();
    let out = '';
    const stop = printArrivals(
      { bus, profiles: { secretsHere: () => ({ secrets: [], unopened: [] }) } },
      { stdout: (text) => (out += text), stderr: () => undefined },
    );
    return { bus, read: () => (stop(), out) };
  };

  it('a client gone before the answer went out: `#N not answered`, under its `-> 200`', () => {
    const { bus, read } = arrivals();
    const stored = timelineSummary(5, new Date(0), { status: 200 });
    bus.publish('timeline.appended', stored);
    bus.publish('timeline.updated', {
      ...stored,
      status: null,
      error: 'The client closed the connection before the answer was sent.',
    });
    expect(read()).toMatch(
      /-> 200\n {2}#5 not answered: The client closed the connection before the answer was sent\.\n$/,
    );
  });

  it('an answer that went out adds no line (only its duration was updated)', () => {
    const { bus, read } = arrivals();
    const stored = timelineSummary(6, new Date(0), { status: 200 });
    bus.publish('timeline.appended', stored);
    bus.publish('timeline.updated', { ...stored, durationMs: 3 });
    expect(read().split('\n').filter(Boolean)).toHaveLength(1);
  });
});
