import { connect } from 'node:net';
import { expect, openConsole, test } from '../fixtures/console-test';
import { JwtPage } from '../pages/jwt-page';
import { TimelinePage } from '../pages/timeline-page';

/** Sends a raw CONNECT to the listener (as the tester did) and returns the id it was stored as. */
function storeConnect(listener: string): Promise<number> {
  const { hostname, port } = new URL(listener);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write('CONNECT evil:443 HTTP/1.1\r\nHost: evil:443\r\n\r\n'),
    );
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      try {
        resolve((JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { id: number }).id);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

// Replayed from the window, a stored CONNECT's send never settled: the run stayed `running`, its
// record `waiting`. It is refused before anything leaves, and the run says why, as `replay` does.
test('Replay of a stored CONNECT ends, counted and said as not sent, in one line why', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/listener');
  const listener = await new JwtPage(page).listenerUrl();
  const id = await storeConnect(listener);
  await page.goto(`${served.origin}/#/replay?ids=${id}`);
  await expect(page.getByTestId('replay-plan')).toContainText('1 send');
  await page.getByRole('button', { name: /^Replay 1$/ }).click();
  const progress = page.getByTestId('replay-progress');
  await expect(progress).toHaveAttribute('data-state', 'done');
  // Nothing left, so nothing is counted sent or failed: "1 / 1 sent … 1 failed" said both, and
  // "1 of 1 done" left a reader to work out from the counts beside it that none had gone.
  await expect(page.getByTestId('replay-count')).toHaveText('0 of 1 sent');
  await expect(page.getByTestId('replay-not-sent')).toHaveText('1 not sent');
  // The line read "0 of 1 sent83.3/s1 not sent": a rate of sends though none went, run together,
  // and its one outcome as faint as the rate. Now parted by dots, no rate, the count in bold.
  await expect(progress).toContainText('0 of 1 sent · 1 not sent');
  await expect(progress).not.toContainText('/s');
  const notSentCount = page.getByTestId('replay-not-sent');
  await expect(notSentCount).toHaveCSS('font-weight', '600');
  const notSentColor = await notSentCount.evaluate((node) => getComputedStyle(node).color);
  await expect(page.getByTestId('replay-failures')).toHaveCount(0);
  await expect(page.getByTestId('replay-causes')).toHaveCount(0);
  await expect(page.getByTestId('replay-not-sent-causes')).toHaveText(
    'Not sent: a CONNECT request asks for a tunnel to another address, not for an answer, and the console sends only requests it can record an answer to.',
  );
  // Its record reads as the run counted it: not sent, with why, never `failed`.
  const timeline = new TimelinePage(page);
  await timeline.open();
  await expect(timeline.rows()).toHaveCount(2);
  const [replayed] = (await timeline.shownIds()).filter((shown) => shown !== id);
  const row = timeline.row(replayed ?? 0);
  await expect(row.getByTestId('record-status')).toHaveText('not sent');
  // The run's count is drawn in the hue its record has here (one owner: statusWords).
  await expect(row.getByTestId('record-status')).toHaveCSS('color', notSentColor);
  await expect(row.getByTestId('row-missing')).toHaveText(
    'never sent (refused by the console), so no arrival',
  );
  // Never sent, it has no body verdict: the row showed `empty` (the judgement of a body that
  // never went anywhere), and so did its record, beside `not sent`.
  await expect(row.getByTestId('body-verdict')).toHaveCount(0);
  await expect(row.getByTestId('record-name')).not.toContainText('empty body');
  await timeline.openRecord(replayed ?? 0);
  await expect(timeline.detail().getByTestId('body-findings')).toHaveCount(0);
  await expect(timeline.detail().getByTestId('response-section')).toHaveText(
    'Not sent: a CONNECT request asks for a tunnel to another address, not for an answer, and the console sends only requests it can record an answer to.',
  );
});
