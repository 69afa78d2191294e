import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import type { TimelineDetail } from '../../src/shared/events';
import { setEverySecret } from './helpers/profile-secrets';
import { openTempConsole } from './helpers/temp-console';

// Reveal answered the request side of a record as stored, so a webhook whose path, query,
// headers or body echoed a profile's API token (or another profile secret) put it whole in
// the window, though no window may ever hold a profile's token: only the tokens that came
// with the record are Reveal's to show.

const API_TOKEN = 'sk_test_REVEALECHO_0123456789';
const NOTIFICATION_TOKEN = 'notify-REVEALECHO-7777';
const HEADER_VALUE = 'hdr/VALUE+reveal=4321';
/** The record's own token: a JWT that came with it, which Reveal is for. */
const OWN_JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJvcmRlcl9pZCI6IjEyMyJ9.c2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXJl';

let core: ConsoleCore;
let dispose: () => Promise<void> = async () => undefined;
beforeEach(async () => {
  ({ core, dispose } = await openTempConsole());
  setEverySecret(core, 'Local', {
    apiToken: API_TOKEN,
    notificationToken: NOTIFICATION_TOKEN,
    headerValue: HEADER_VALUE,
  });
});
afterEach(async () => {
  await dispose();
});

describe('Reveal', () => {
  it("shows the record's own tokens and masks every profile secret it echoes, in any spelling", async () => {
    const { id } = core.recorder.record({
      kind: 'webhook',
      method: 'POST',
      url: `http://127.0.0.1:4455/hook/${API_TOKEN}?serviceToken=${OWN_JWT}`,
      path: `/hook/${API_TOKEN}`,
      query: `serviceToken=${OWN_JWT}`,
      status: 200,
      requestHeaders: [
        ['Authorization', `Bearer ${OWN_JWT}`],
        ['X-Echo', NOTIFICATION_TOKEN],
        ['Content-Type', 'application/x-www-form-urlencoded'],
      ],
      requestBody: Buffer.from(
        `order_reference_id=${encodeURIComponent(HEADER_VALUE)}&key=sk%5Ftest%5FREVEALECHO%5F0123456789`,
      ),
    });
    const answer = await core.dispatcher('revealEvent', { id }, { transport: 'websocket' });
    expect(answer.ok).toBe(true);
    const revealed = (answer as { data: TimelineDetail }).data;
    const whole = JSON.stringify(revealed);
    for (const secret of [API_TOKEN, NOTIFICATION_TOKEN, HEADER_VALUE, encodeURIComponent(HEADER_VALUE)])
      expect(whole, secret).not.toContain(secret);
    expect(whole).not.toContain('sk%5Ftest%5FREVEALECHO');
    expect(revealed.path).toBe(`/hook/••••${API_TOKEN.slice(-4)}`);
    // What Reveal is for stays whole.
    expect(revealed.query).toBe(`serviceToken=${OWN_JWT}`);
    expect(revealed.requestHeaders).toContainEqual(['Authorization', `Bearer ${OWN_JWT}`]);
    expect(revealed.url).toContain(`serviceToken=${OWN_JWT}`);
  });
});
