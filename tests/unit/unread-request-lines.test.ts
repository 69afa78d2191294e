import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWebhookLine } from '../../src/main/cli/commands/listen';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';
import { timelineSummary } from './helpers/timeline-summary';

// Bytes the listener could not read as HTTP are stored with no method, no path and no verdict.
// The detail said "Not judged"; `listen` printed `token=-  body=-` and `history` `-  -`, which
// read as nothing wrong (unparseable is never "no findings").

const unread = { method: null, path: null, status: 400, tokenVerdict: null, bodyVerdict: null } as const;

let dataDir = '';
let dispose: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  const opened = await openTempConsole();
  dataDir = opened.dataDir;
  dispose = opened.dispose;
  opened.core.recorder.recordMany([
    {
      kind: 'webhook',
      url: 'http://127.0.0.1:4455',
      status: 400,
      error: 'Not a valid HTTP request (HPE_INVALID_METHOD: Invalid method encountered); answered 400.',
      requestBody: Buffer.from('GARBAGE LINE\r\n\r\n'),
      atMs: Date.parse('2026-01-15T10:00:00Z'),
    },
  ]);
  await opened.core.close();
});
afterAll(async () => {
  await dispose().catch(() => undefined);
});

describe('a request the listener could not read as HTTP, on a CLI line', () => {
  it('listen says its token and body were not judged, and why', () => {
    const line = formatWebhookLine(timelineSummary(1, new Date(0), unread));
    expect(line).toContain('  token=not judged (not HTTP)  body=not judged (not HTTP)  ');
    // Nothing vouches for bytes that were not HTTP: unverified, as history's WHOSE says.
    expect(line).toMatch(/-> 400 {2}unverified$/);
  });

  it('a webhook that was read keeps its verdicts, and one with none judged keeps its dashes', () => {
    expect(formatWebhookLine(timelineSummary(1, new Date(0)))).toContain('token=valid  body=event');
    // A request line with no verdict (stored before the listener judged) is not "not HTTP".
    const notYet = timelineSummary(1, new Date(0), { tokenVerdict: null, bodyVerdict: null });
    expect(formatWebhookLine(notYet)).toContain('token=-  body=-');
  });

  it('history says so in its TOKEN and BODY columns', async () => {
    const run = await runCliCaptured(['--data-dir', dataDir, 'history']);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[1]).toMatch(
      /webhook\s+unverified\s+-\s+-\s+400\s+not judged \(not HTTP\)\s+not judged \(not HTTP\)\s+-\s+-$/,
    );
  });
});
