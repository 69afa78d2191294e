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
