import { describe, expect, it } from 'vitest';
import { formatWebhookLine } from '../../src/main/cli/commands/listen';
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
