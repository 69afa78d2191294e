import { expect, openConsole, test as base } from '../fixtures/console-test';
import { seededEvent, writeEvents } from '../fixtures/seed-events';
import type { ServedConsole } from '../fixtures/serve-process';
import { TimelinePage } from '../pages/timeline-page';

// docs/timeline.md: parts of an address that make no sense are named, not silently dropped.
// `q=abc&q=def` searched "abc" without a word (`history` took the last value), and
// `q=%E0%A4%A`, a broken escape, was searched as "\uFFFD%A": about every record matched "A".

function seed(dataDir: string): void {
  const start = Date.now() - 60_000;
  writeEvents(
    dataDir,
    Array.from({ length: 6 }, (_, n) => seededEvent(n, start + n * 1000)),
  );
}

const test = base.extend<{ seeded: ServedConsole }>({
  // Every test of this file only reads the seeded records: a worker's tests share one console.
  seeded: async ({ sharedConsoles }, use) => {
    await use(await sharedConsoles.readOnly(seed));
  },
});

test('the Timeline names a search given twice and one that is not text, and searches neither', async ({
  page,
  seeded,
}) => {
  const timeline = new TimelinePage(page);
  const note = page.getByTestId('filter-problems');

  await openConsole(page, seeded, '#/timeline?q=abc&q=def');
  await timeline.expectReady();
  await expect(note).toContainText('q is given twice ("abc", "def"); it takes one value, so it was ignored.');
  await expect(timeline.search()).toHaveValue('');
  await expect(timeline.rows()).toHaveCount(6);

  await page.goto(`${seeded.origin}/#/timeline?q=%E0%A4%A`);
  await expect(note).toContainText(
    '"q=%E0%A4%A" cannot be read: "%A" is not a percent-escape (a % takes two hex digits), so it was ignored.',
  );
  await expect(note).not.toContainText('given twice');
  await expect(timeline.search()).toHaveValue('');
  await expect(timeline.rows()).toHaveCount(6);
});

test('History names them too', async ({ page, seeded }) => {
  await openConsole(page, seeded, '#/history?q=abc&q=def');
  await expect(page.getByRole('alert').filter({ hasText: 'q is given twice' })).toHaveText(
    'q is given twice ("abc", "def"); it takes one value, so it was ignored.',
  );
  await expect(page.getByTestId('history-count')).toHaveText('6 matching records');

  await page.goto(`${seeded.origin}/#/history?q=caf%E9`);
  await expect(page.getByRole('alert').filter({ hasText: 'cannot be read' })).toHaveText(
    '"q=caf%E9" cannot be read: "%E9" is not UTF-8 text, so it was ignored.',
  );
  await expect(page.getByRole('textbox', { name: 'Search the history' })).toHaveValue('');
  await expect(page.getByTestId('history-count')).toHaveText('6 matching records');
});
