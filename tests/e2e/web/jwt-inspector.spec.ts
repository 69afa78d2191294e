import { connect } from 'node:net';
import { openConsole, test, expect } from '../fixtures/console-test';
import { JwtPage } from '../pages/jwt-page';

const APPROVED = JSON.stringify({
  order_id: '6f1c0a8e-2f7b-4c1e-9d3a-5b8e7c6d4a21',
  order_reference_id: 'REF-E2E-1',
  order_number: 'N-1',
  event_type: 'order_approved',
  data: [],
});

test('webhooks to the listener: a valid token shows valid in the inspector, a forged one invalid_signature', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/listener');
  const jwt = new JwtPage(page);
  const listener = await jwt.listenerUrl();
  expect(listener).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(listener).not.toBe('http://127.0.0.1:4455');

  await jwt.open();
  const valid = await jwt.craft('Valid');
  const forged = await jwt.craft('Wrong key');

  const deliver = async (token: string) => {
    const response = await page.request.post(`${listener}/webhooks?serviceToken=${token}`, {
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      data: APPROVED,
    });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { received: boolean; id: number }).id;
  };
  const validId = await deliver(valid);
  const forgedId = await deliver(forged);

  await page.goto(`${served.origin}/#/jwt?event=${validId}`);
  await expect(page.getByText(`Arrived with webhook #${validId}`)).toBeVisible();
  // Taken from a record, the token is inspected by reference, masked until "Edit a copy".
  await expect(page.getByTestId('inspected-token')).toContainText(`••••${valid.slice(-4)}`);
  await expect(jwt.verdict()).toHaveAttribute('data-verdict', 'valid');
  await expect(jwt.reason()).toContainText('Signed with HS256 by the notification token of profile "Local"');
  await expect(page.getByTestId('relative-exp')).toHaveText(/expires in 1[45] minutes/);

  await page.goto(`${served.origin}/#/jwt?token=${forged}`);
  await expect(jwt.verdict()).toHaveAttribute('data-verdict', 'invalid_signature');
  await expect(jwt.reason()).toContainText('forged, tampered with, or signed with another key');
  // A secret chosen for this pasted token is not carried into a record's view below: that one
  // verifies against what the record was judged against (it read invalid_signature under a
  // record judged valid, on one screen).
  const verifyAgainst = page.getByRole('combobox', { name: 'Verify against' });
  await verifyAgainst.click();
  await page.getByRole('option', { name: 'A secret pasted for this check only' }).click();
  await page.getByLabel('Secret', { exact: true }).fill('some-other-secret');

  // The listener stored the same verdicts when they arrived: the record's on top, each token's
  // in its row, and the header token's checked now.
  await page.goto(`${served.origin}/#/jwt?event=${forgedId}`);
  await expect(page.getByText(`Arrived with webhook #${forgedId}`)).toBeVisible();
  await expect(page.locator('[data-testid="token-verdict"][data-verdict="invalid_signature"]')).toHaveCount(
    4,
  );

  // A valid header token beside a forged query token: the record is mismatch, as the Timeline
  // and History say, at the top; the header token's own valid is below it, with why they differ.
  const mixed = await page.request.post(`${listener}/webhooks?serviceToken=${forged}`, {
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${valid}` },
    data: APPROVED,
  });
  const mixedId = ((await mixed.json()) as { id: number }).id;
  await page.goto(`${served.origin}/#/jwt?event=${mixedId}`);
  const record = page.getByTestId('record-verdict');
  await expect(record.getByTestId('token-verdict')).toHaveAttribute('data-verdict', 'mismatch');
  await expect(record.getByTestId('record-verdict-reason')).toContainText('differ');
  await expect(record.getByTestId('record-verdict-below')).toHaveText(
    'Below: the Authorization header token alone, checked now. Alone, this token is valid; the record is mismatch because its ?serviceToken= and Authorization header tokens differ, whatever each is worth alone.',
  );
  // Local is the active profile: its key is listed once, as "(active)", not also as "Active profile".
  await expect(verifyAgainst).toHaveValue('Profile Local (active)');
  await verifyAgainst.click();
  await expect(page.getByRole('option', { name: /Local/ })).toHaveCount(1);
  await page.getByRole('option', { name: 'Profile Local (active)' }).click();
  await expect(page.getByTestId('verify-against-own')).toHaveCount(0);
  await expect(jwt.verdict()).toHaveAttribute('data-verdict', 'valid');
  await expect(page.getByTestId('record-tokens').getByTestId('token-verdict-differs')).toHaveCount(2);
  // Another secret chosen in the record's view is the user's own, and said to be.
  await verifyAgainst.click();
  await page.getByRole('option', { name: 'A secret pasted for this check only' }).click();
  await expect(page.getByTestId('verify-against-own')).toHaveText(
    `Your choice, not the record's: webhook #${mixedId} was judged on arrival against the notification token of profile "Local".`,
  );
  await page.getByRole('button', { name: 'Verify against profile Local' }).click();
  await expect(page.getByTestId('verify-against-own')).toHaveCount(0);
  await expect(jwt.verdict()).toHaveAttribute('data-verdict', 'valid');

  // Bytes the listener could not read as HTTP, with the token in both places: not judged, and
  // its bytes carry a token (never "This record carried no token").
  const { hostname, port } = new URL(listener);
  await new Promise<void>((resolve, reject) => {
    const bytes = `POST /case/54?serviceToken=${valid} HTTP/1.1 junk\r\nHost: ${hostname}\r\nAuthorization: Bearer ${valid}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`;
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    socket.on('data', () => undefined);
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
  await page.goto(`${served.origin}/#/jwt?event=${mixedId + 1}`);
  await expect(record).toContainText('not judged (not HTTP).');
  await expect(page.getByTestId('record-no-token')).toContainText(
    'Its bytes carry a token, not judged (not HTTP)',
  );
  await expect(page.getByTestId('record-tokens')).not.toContainText('absent');
  // Opened from that record: never the way to open a webhook's token, as if it were not one.
  await expect(page.getByTestId('jwt-verdict')).toHaveText(
    new RegExp(`^Paste a token to verify it: \\w+ #${mixedId + 1} has none to inspect \\(below\\)\\.$`),
  );
});

test('a crafted expired token verifies as expired, with the time it expired', async ({ page, served }) => {
  await openConsole(page, served, '#/jwt');
  const jwt = new JwtPage(page);
  await jwt.craft('Expired');
  await page.getByRole('button', { name: 'Inspect this token' }).click();
  await expect(jwt.verdict()).toHaveAttribute('data-verdict', 'expired');
  await expect(jwt.reason()).toContainText('Expired 10 minutes ago');
  await expect(page.getByTestId('relative-exp')).toHaveText('expired 10 minutes ago');
  // The table's date is the reason's, written the same way (it read 2026-11-30 05:31:26 UTC
  // beside the reason's 2026-11-30T05:31:26.000Z).
  await expect(jwt.reason()).toContainText(
    `(exp ${(await page.getByTestId('utc-exp').textContent()) ?? ''};`,
  );

  // Against a secret pasted for this check only, it is a different key altogether.
  await page.getByRole('combobox', { name: 'Verify against' }).click();
  await page.getByRole('option', { name: 'A secret pasted for this check only' }).click();
  await page.getByLabel('Secret', { exact: true }).fill('some-other-secret');
  await expect(jwt.verdict()).toHaveAttribute('data-verdict', 'invalid_signature');
});

// The Local column names its zone, and where the local clock reads as UTC it says so instead of
// repeating the UTC column (a QA engineer on a UTC machine could not tell the two apart).
test.describe('in Riyadh', () => {
  test.use({ timezoneId: 'Asia/Riyadh' });
  test('the local time is Riyadh time, named', async ({ page, served }) => {
    await openConsole(page, served, '#/jwt');
    const token = await new JwtPage(page).craft('Valid');
    await page.goto(`${served.origin}/#/jwt?token=${token}`);
    await expect(page.getByRole('columnheader', { name: 'Local (Asia/Riyadh)' })).toBeVisible();
    await expect(page.getByTestId('local-exp')).toContainText(/GMT\+3/);
  });
});

test.describe('on a UTC machine', () => {
  test.use({ timezoneId: 'UTC' });
  test('the local column says it is the same as UTC', async ({ page, served }) => {
    await openConsole(page, served, '#/jwt');
    const token = await new JwtPage(page).craft('Valid');
    await page.goto(`${served.origin}/#/jwt?token=${token}`);
    await expect(page.getByRole('columnheader', { name: 'Local (UTC)' })).toBeVisible();
    await expect(page.getByTestId('local-exp')).toHaveText('same as UTC');
  });
});

// Claims that do not parse used to outline the editor in red and say nothing: Mantine's editor
// put its own bare "invalid" mark over the form's message once the field lost focus. Claims the
// preset would change were rewritten on blur ({"a":1,"a":2} became { "a": 2 }) and signed as
// changed, even by "Exactly as written".
test('claims that are not JSON, or that the preset would change, say why the token is not signed; "Exactly as written" signs them as typed', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/jwt');
  const form = page.getByRole('form', { name: 'Craft a token' });
  const claims = form.getByRole('textbox', { name: 'Claims' });
  await claims.fill('{"iss": ');
  await form.getByRole('button', { name: 'Sign token' }).click();
  await expect(claims).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('The claims must be a JSON object, such as {"iss": "checkout"}')).toBeVisible();
  await expect(page.getByTestId('crafted-token')).toHaveCount(0);

  const typed = '{"a":1,"a":2,"big":12345678901234567890,"n":1.0}';
  await claims.fill(typed);
  await claims.blur();
  await expect(claims).toHaveValue(typed);
  await expect(form.getByText('"a" is given twice, and this preset writes the claims anew')).toBeVisible();
  await form.getByRole('button', { name: 'Sign token' }).click();
  await expect(page.getByTestId('crafted-token')).toHaveCount(0);

  const token = await new JwtPage(page).craft('Exactly as written');
  await expect(claims).toHaveValue(typed);
  expect(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')).toBe(typed);

  // Valid with {"iss":5} was labelled "Valid, signed with …", a token the listener judges
  // malformed: refused in the listener's words, nothing labelled Valid.
  const jwt = new JwtPage(page);
  await jwt.choosePreset('Valid');
  await claims.fill('{"iss":5}');
  await form.getByRole('button', { name: 'Sign token' }).click();
  await expect(claims).toHaveAttribute('aria-invalid', 'true');
  await expect(
    form.getByText(
      'signed by this preset, the token would verify as malformed, not valid: The "iss" claim must be a string, not 5.',
    ),
  ).toBeVisible();
  await expect(page.getByTestId('crafted-token')).not.toContainText('Valid, signed with');

  // A profile without a notification token: Sign waits, saying why in the window's words (it
  // said 'npx checkout-console … --notification-token -' and '--secret on the command line').
  await claims.fill('{}');
  await form.getByRole('combobox', { name: 'Sign with' }).click();
  await page.getByRole('option', { name: 'Profile Live (no notification token)' }).click();
  const noToken =
    'The notification token of profile "Live" is not set: set it in Profiles, or choose "A secret pasted for this check only" to sign with.';
  await expect(page.getByTestId('craft-no-token')).toHaveText(noToken);
  await expect(form.getByRole('button', { name: 'Sign token' })).toHaveAttribute('aria-disabled', 'true');
  // alg: none signs with no key, so it still goes.
  await jwt.craft('alg: none');
  await expect(page.getByTestId('craft-no-token')).toHaveCount(0);
});

// At 1280 px the table of what arrived gave the listener's reason the width left over by three
// fixed columns, about 70 px: "Signed / with / HS256 / by the…", a word or two a line.
test('what arrived with a webhook reads at 1280 px: each reason has the width of the card', async ({
  page,
  served,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served, '#/listener');
  const jwt = new JwtPage(page);
  const { listener, token } = await jwt.listenerAndValidToken();
  const response = await page.request.post(`${listener}/webhooks?serviceToken=${token}`, {
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    data: APPROVED,
  });
  const { id } = (await response.json()) as { id: number };
  await page.goto(`${served.origin}/#/jwt?event=${id}`);
  const arrived = page.getByTestId('record-tokens');
  const reasons = arrived.getByText(/^Signed with HS256 by the notification token of profile "Local"/);
  await expect(reasons).toHaveCount(2);
  const card = await arrived.boundingBox();
  for (const reason of await reasons.all()) {
    const box = await reason.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan((card?.width ?? Infinity) * 0.75);
  }
});

// Empty, the inspector said only "Paste a token to verify it.": where a first-time user finds
// one (a webhook's, on the timeline) went unsaid.
test('the empty inspector says where a token comes from, with the way there', async ({ page, served }) => {
  await openConsole(page, served, '#/jwt');
  const idle = page.getByTestId('jwt-verdict');
  await expect(idle).toContainText('Paste a token to verify it, or open the one a webhook carried');
  await idle.getByRole('link', { name: 'webhooks on the timeline' }).click();
  await expect(page).toHaveURL(/#\/timeline\?kind=webhook$/);
});

// A token crafted here verifies as valid, like the service's own: the inspector said only
// "valid", while a webhook carrying it is stored as crafted. It now says it was signed here.
test('a token crafted here is valid and marked as signed by this console, not by the service', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/jwt');
  const jwt = new JwtPage(page);
  await jwt.craft('Valid');
  await page.getByRole('button', { name: 'Inspect this token' }).click();
  await expect(jwt.verdict()).toHaveAttribute('data-verdict', 'valid');
  await expect(page.getByTestId('jwt-crafted')).toContainText(
    /Signed by this console at \S+Z \(the notification token of profile "Local"\), not by the service/,
  );
  // A signature character changed (not the last, whose spare bits no decoder reads) is another
  // token: invalid_signature, and not the console's.
  const editor = page.getByRole('textbox', { name: 'Token' });
  const token = await editor.inputValue();
  await editor.fill(`${token.slice(0, -10)}${token.at(-10) === 'A' ? 'B' : 'A'}${token.slice(-9)}`);
  await expect(jwt.verdict()).toHaveAttribute('data-verdict', 'invalid_signature');
  await expect(page.getByTestId('jwt-crafted')).toHaveCount(0);
});

// Inspect put the token in the address (#/jwt?token=…); an edit did not take it out, so a reload
// brought back the old token in place of the one being edited, judged as if it were the edit.
test('a reload after an edit never brings back the token the address held before it', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/jwt');
  const jwt = new JwtPage(page);
  const crafted = await jwt.craft('Valid');
  await page.getByRole('button', { name: 'Inspect this token' }).click();
  const editor = page.getByRole('textbox', { name: 'Token' });
  await expect(editor).toHaveValue(crafted);
  await expect(page).toHaveURL(/#\/jwt\?token=/);
  await editor.fill(`${crafted}x`);
  await expect(jwt.verdict()).toHaveAttribute('data-verdict', 'invalid_signature');
  await expect(page).not.toHaveURL(/token=/);
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await expect(editor).not.toHaveValue(crafted);
});

// A token over the inspector's limit got no verdict (main refuses it, as `jwt decode` does) but
// its claims were decoded and shown below all the same, a megabyte of them, as if it were fine.
test('a token over the limit is refused once: no verdict and no claims, the limit said', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/jwt');
  const part = (text: string) => Buffer.from(text).toString('base64url');
  const huge = `${part('{"alg":"HS256"}')}.${part(JSON.stringify({ x: 'a'.repeat(100_000) }))}.c2ln`;
  await page.getByRole('textbox', { name: 'Token' }).fill(huge);
  await expect(page.getByTestId('jwt-verdict')).toContainText('A token is at most 65536 characters');
  await expect(page.getByTestId('jwt-claims')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Time claims' })).toHaveCount(0);
});

// A 5 MB paste was sent to main on every keystroke (refused each time, and soon "4 uploads are
// already in progress" instead of the limit), and the box re-measured its height for each key:
// about 2 s a keystroke. Over the limit the window says so itself and sends nothing.
test('a token far over the limit is refused in the window: nothing is sent to main, and the refusal says its size', async ({
  page,
  served,
}) => {
  const sent: number[] = [];
  await page.routeWebSocket(/.*/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (/"verifyJwt"/.test(String(message))) sent.push(String(message).length);
      server.send(message);
    });
    server.onMessage((message) => ws.send(message));
  });
  await openConsole(page, served, '#/jwt');
  const box = page.getByRole('textbox', { name: 'Token' });
  await box.fill(`eyJhbGciOiJIUzI1NiJ9.${'A'.repeat(5_000_000)}.c2ln`);
  await box.press('End');
  await page.keyboard.type('xy');
  await expect(page.getByTestId('jwt-verdict')).toContainText(
    'A token is at most 65536 characters; this one has 5,000,028. It was not sent to be verified.',
  );
  await expect(page.getByTestId('jwt-claims')).toHaveCount(0);
  // A token within the limit is verified as before, through main.
  await box.fill('eyJhbGciOiJIUzI1NiJ9.e30.c2ln');
  await expect(page.getByTestId('jwt-verdict')).toContainText('invalid');
  expect(sent.length).toBeGreaterThan(0);
  expect(Math.max(...sent)).toBeLessThan(65_536);
});

// Even said at once, a 5 MB paste made the box itself slow (Chromium lays out its text again
// on every key: about half a second a keystroke here). A paste that would put the token over
// the limit is not taken; the clipboard keeps it, and the box says why.
test('a paste that would put the token over the limit is not taken, and the box says why', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/jwt');
  const box = page.getByRole('textbox', { name: 'Token' });
  await box.fill('eyJhbGciOiJIUzI1NiJ9.e30.c2ln');
  const paste = (text: string) =>
    box.evaluate((element, pasted) => {
      const data = new DataTransfer();
      data.setData('text/plain', pasted);
      return element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, text);
  // Not cancelled: within the limit, the paste goes in as the browser does it.
  expect(await paste('eyJhbGciOiJIUzI1NiJ9.e30.c2ln')).toBe(true);
  await expect(page.getByTestId('token-paste-refused')).toHaveCount(0);
  expect(await paste('A'.repeat(5_000_000))).toBe(false);
  await expect(page.getByTestId('token-paste-refused')).toHaveText(
    'Not pasted: that is 5,000,000 characters. A token is at most 65536 characters. The clipboard still holds it.',
  );
  await expect(box).toHaveValue('eyJhbGciOiJIUzI1NiJ9.e30.c2ln');
  // The next edit takes the note away.
  await box.fill('eyJhbGciOiJIUzI1NiJ9.e30.c2lm');
  await expect(page.getByTestId('token-paste-refused')).toHaveCount(0);
});

// The pasted secret's eye button could not be reached with Tab (Mantine leaves it out of the
// tab order) and was named "Toggle password visibility"; keyboard-only, it could not be revealed.
// Then an icon alone, it said nothing on screen, and there was no Copy for one's own secret.
test('a pasted secret stays masked until an explicit Reveal, reachable from the keyboard, and Copy copies it', async ({
  page,
  served,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: served.origin });
  await openConsole(page, served, '#/jwt');
  await page.getByRole('combobox', { name: 'Verify against' }).click();
  await page.getByRole('option', { name: 'A secret pasted for this check only' }).click();
  const secret = page.getByLabel('Secret', { exact: true });
  await secret.fill('whsec_keyboard_only');
  await expect(secret).toHaveAttribute('type', 'password');
  await secret.focus();
  await page.keyboard.press('Tab');
  const reveal = page.getByRole('button', { name: 'Reveal the secret' });
  await expect(reveal).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(secret).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Hide the secret' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Hide the secret' })).toHaveText('Hide');
  await page.keyboard.press('Enter');
  await expect(secret).toHaveAttribute('type', 'password');
  await expect(reveal).toHaveText('Reveal');
  const copy = page.getByRole('button', { name: 'Copy the secret' });
  await expect(copy).toHaveText('Copy');
  await copy.click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('whsec_keyboard_only');
  // Copying does not show it.
  await expect(secret).toHaveAttribute('type', 'password');
});

// A right-to-left override in a claim turned the rest of the claims block around, and a
// zero-width space was not there to see: both are now written as \u escapes, and said.
test('characters that hide or reorder a claim are shown as escapes, and said', async ({ page, served }) => {
  await openConsole(page, served, '#/jwt');
  const part = (text: string) => Buffer.from(text).toString('base64url');
  const claims = JSON.stringify({ order_id: 'abc\u200b', sub: 'a\u202eevil' });
  await page.getByRole('textbox', { name: 'Token' }).fill(`${part('{"alg":"HS256"}')}.${part(claims)}.c2ln`);
  await expect(page.getByTestId('jwt-claims')).toContainText('"order_id": "abc\\u200b"');
  await expect(page.getByTestId('jwt-claims')).toContainText('"sub": "a\\u202eevil"');
  await expect(page.getByTestId('text-warning')).toHaveText(
    'The claims part holds characters that are invisible or reorder text (U+200B, U+202E); they are shown as \\u escapes.',
  );
});

// {"exp":"never"} was judged malformed, and the line under that verdict said "No iat, nbf or exp
// claim … the listener accepts a token without them": it read the claim as absent.
test('a time claim that is no date is said as it is, under its malformed verdict', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/jwt');
  const part = (text: string) => Buffer.from(text).toString('base64url');
  await page
    .getByRole('textbox', { name: 'Token' })
    .fill(`${part('{"alg":"HS256","typ":"JWT"}')}.${part('{"exp":"never"}')}.c2ln`);
  await expect(new JwtPage(page).verdict()).toHaveText('malformed');
  await expect(page.getByTestId('relative-exp')).toHaveText('present but not a number: "never"');
  await expect(page.getByTestId('inspector')).not.toContainText('No iat, nbf or exp claim');
});

// Now was read every 15 seconds: a token signed a moment before it was pasted was "issued in 11
// seconds", "not valid until in 10 minutes", under a verdict "Checked now".
test('a token signed a moment ago is issued seconds ago when pasted, and its times keep ticking', async ({
  page,
  served,
}) => {
  await page.clock.install();
  await openConsole(page, served, '#/jwt');
  const start = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(start + 1000);
  // The inspector shows a token already; eleven seconds go by, no timer firing in between.
  const part = (text: string) => Buffer.from(text).toString('base64url');
  const editor = page.getByRole('textbox', { name: 'Token' });
  await editor.fill(`${part('{"alg":"HS256"}')}.${part('{"iat":1700000000}')}.c2ln`);
  await expect(page.getByTestId('relative-iat')).toBeVisible();
  await page.clock.setSystemTime(start + 12_000);
  const iat = Math.floor((start + 12_000) / 1000);
  await editor.fill(
    `${part('{"alg":"HS256","typ":"JWT"}')}.${part(JSON.stringify({ iat, exp: iat + 900 }))}.c2ln`,
  );
  await expect(page.getByTestId('relative-iat')).toHaveText(/^issued [01] seconds? ago$/);
  await expect(page.getByTestId('relative-exp')).toHaveText('expires in 15 minutes');
  await page.clock.runFor(20_000);
  await expect(page.getByTestId('relative-iat')).toHaveText(/^issued 2[01] seconds ago$/);
});

// A name given twice was `valid · 1 warning` on the Timeline and in History, but plain green
// `valid` in the inspector: the record's tokens' rows and the verdict checked now.
test('a token with a warning carries it on every chip of the inspector, as the Timeline does', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/listener');
  const jwt = new JwtPage(page);
  const listener = await jwt.listenerUrl();
  await jwt.open();
  await page
    .getByRole('form', { name: 'Craft a token' })
    .getByRole('textbox', { name: 'Claims' })
    .fill('{"iss":"a","iss":"b"}');
  const token = await jwt.craft('Exactly as written');
  const response = await page.request.post(`${listener}/webhooks?serviceToken=${token}`, {
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    data: APPROVED,
  });
  const { id } = (await response.json()) as { id: number };

  await page.goto(`${served.origin}/#/jwt?event=${id}`);
  await expect(page.getByText(`Arrived with webhook #${id}`)).toBeVisible();
  const chips = [
    page.getByTestId('record-verdict').getByTestId('token-verdict'),
    ...[0, 1].map((at) => page.getByTestId('record-tokens').getByTestId('token-verdict').nth(at)),
    page.getByTestId('jwt-verdict').getByTestId('token-verdict'),
  ];
  for (const chip of chips) {
    await expect(chip).toHaveAttribute('data-verdict', 'valid');
    await expect(chip).toHaveAttribute('data-findings', '1');
    await expect(chip).toHaveText('valid · 1 warning');
  }
});

// A token copied from a terminal that wrapped it was malformed ("A JWT has no spaces or line
// breaks"); a space pasted before one was taken off without a word. Both are read, and the
// warning names what was removed and what the official client would do with it as pasted.
test('a token pasted with line breaks inside it is read, and the warning says what was removed', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/jwt');
  const jwt = new JwtPage(page);
  const token = await jwt.craft('Valid');
  await page
    .getByRole('textbox', { name: 'Token' })
    .fill(` ${token.slice(0, 40)}\n${token.slice(40, 80)}\n${token.slice(80)}`);
  await expect(page.getByTestId('jwt-claims')).toBeVisible();
  const said =
    'The console removed a space at its start and 2 line breaks inside the token before reading it; as pasted, php-jwt 6.9, with which the official client verifies (Authenticator::decode), would refuse it: it checks the signature over the header and claims as written, whitespace and all (SignatureInvalidException), answering 403.';
  await expect(page.getByTestId('paste-warning')).toHaveText(said);
  await expect(jwt.verdict()).toHaveAttribute('data-verdict', 'valid');
  await expect(jwt.verdict()).toHaveText('valid · 1 warning');
  // Read without its whitespace, it is still the token this console signed.
  await expect(page.getByTestId('jwt-crafted')).toContainText('Signed by this console');
});
