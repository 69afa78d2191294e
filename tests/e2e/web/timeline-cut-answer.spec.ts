import { expect, openConsole, test as base } from '../fixtures/console-test';
import { startConsoleWith, writeEvents } from '../fixtures/seed-events';
import type { ServedConsole } from '../fixtures/serve-process';

const MIB = 1024 * 1024;

/** A forward whose merchant answered 3 MiB, of which the console kept the first 1 MiB. */
const test = base.extend<{ seeded: ServedConsole }>({
  seeded: async ({}, use) => {
    const served = await startConsoleWith((dataDir) =>
      writeEvents(dataDir, [
        {
          kind: 'forward',
          method: 'POST',
          url: 'http://127.0.0.1:4455/hooks',
          path: '/hooks',
          status: 200,
          responseHeaders: [['Content-Type', 'text/plain']],
          responseBody: Buffer.alloc(MIB, 0x61),
          details: { target: 'http://127.0.0.1:4455/', responseTruncated: true, responseSize: 3 * MIB },
        },
      ]),
    );
    await use(served);
    await served.stop();
  },
});

// The detail said "1.00 MiB (1,048,576 bytes) · Truncated: only the first part was kept", and
// never how much had arrived.
test("a cut answer's detail says the size that arrived and how much of it was kept", async ({
  page,
  seeded,
}) => {
  await openConsole(page, seeded, '#/timeline?id=1');
  const detail = page.getByTestId('event-detail');
  await detail.getByRole('tab', { name: 'Response' }).click();
  await expect(detail.getByTestId('response-body-size')).toHaveText('3.00 MiB (3,145,728 bytes)');
  await expect(detail.getByTestId('response-body-truncated')).toHaveText(
    'Truncated: 1,048,576 of 3,145,728 bytes kept.',
  );
  await expect(detail.getByTestId('response-size-at-least')).toHaveCount(0);
});
