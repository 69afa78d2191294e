import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import { openConsoleWithWebhook, type ConsoleWithWebhook } from './helpers/unopened-secrets';

// While a profile's token could not be opened by this process (sealed by the desktop app and
// read from the CLI, or a lost vault.key), `curl` failed for every record, a webhook that had
// nothing to do with that profile included, naming only the vault's words. Now it prints the
// command: what it cannot vouch for (the body, where an echo of that token could not be
// REDACTED; the API token it cannot open) is left out or REDACTED, and a note says why.

const API_TOKEN = 'sk_test_UNOPENED_0123456789';

let opened: ConsoleWithWebhook;
let core: ConsoleCore;
let webhookId = 0;
let requestId = 0;

beforeEach(async () => {
  opened = await openConsoleWithWebhook();
  ({ core, webhookId } = opened);
  const sandbox = core.profiles.findByName('Sandbox');
  if (sandbox === undefined) throw new Error('seed profiles missing');
  requestId = core.recorder.record({
    kind: 'request',
    profileId: sandbox.id,
    profileName: 'Sandbox',
    method: 'POST',
    url: 'https://sandbox.example.test/v1/checkouts',
    path: '/v1/checkouts',
    status: 201,
    requestHeaders: [
      ['Content-Type', 'application/json'],
      ['Authorization', 'Bearer ••••6789'],
    ],
    requestBody: Buffer.from('{"order_reference_id":"REF-1"}'),
  }).id;
  opened.sealElsewhere('Sandbox');
});
afterEach(async () => {
  await opened.dispose();
});

const cli = (...args: string[]) => opened.cli(...args);

describe('curl while a token cannot be opened here', () => {
  it('prints the command without the body, saying why and how to forget the token', async () => {
    const run = await cli('curl', String(webhookId));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^curl --request POST http:\/\/127\.0\.0\.1:4455\/hooks/);
    expect(run.stdout).toContain('Content-Type: application/json');
    expect(run.stdout).not.toContain('kettle');
    expect(run.stderr).toMatch(/request body \(26 bytes\) is left out/);
    expect(run.stderr).toMatch(/Sandbox's API token.*safestorage/s);
    expect(run.stderr).toContain(
      `npx checkout-console --data-dir ${opened.dataDir} profiles forget-secret Sandbox`,
    );
  });

  it('an echo of the unopened token outside the body (a header, the URL) is never printed', async () => {
    // The token this process cannot open cannot be REDACTED by its value anywhere in the record:
    // only the body was left out, so a header or a query echoing it was printed as stored.
    const echoed = core.recorder.record({
      kind: 'webhook',
      method: 'POST',
      url: `http://127.0.0.1:4455/hooks?echo=${API_TOKEN}`,
      path: '/hooks',
      status: 200,
      requestHeaders: [
        ['Content-Type', 'application/json'],
        ['X-Echo', API_TOKEN],
      ],
      requestBody: null,
    }).id;
    for (const flags of [[], ['--with-token']]) {
      const run = await cli('curl', String(echoed), ...flags);
      expect(run.stdout).not.toContain(API_TOKEN);
      expect(run.stdout).not.toContain('UNOPENED');
      expect(run.stdout).toContain('echo=REDACTED');
      expect(run.stdout).toContain("--header 'X-Echo: REDACTED'");
      expect(run.stdout).toContain('Content-Type: application/json');
      expect(run.stderr).toMatch(/The query's values, a header value \(REDACTED\) are left out/);
    }
  });

  it('--with-token on a request of that profile: REDACTED in the token’s place, never a token', async () => {
    const run = await cli('curl', String(requestId), '--with-token');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("--header 'Authorization: Bearer REDACTED'");
    expect(run.stdout).not.toContain('••••');
    expect(run.stdout).not.toContain(API_TOKEN);
    expect(run.stderr).toMatch(/Sandbox"'s API token cannot be opened here/);
    expect(run.stderr).not.toMatch(/contains an API token/);
    expect(run.stderr).not.toMatch(/add --with-token/);
  });

  it('--with-token --exact-bytes on a request of that profile: never claims the stored bytes as they are', async () => {
    // The token cannot be put in, so the command is a redacted build (REDACTED in its place),
    // yet a warning said "the stored bytes as they are: any profile token they echo is in this command".
    const run = await cli('curl', String(requestId), '--with-token', '--exact-bytes');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("--header 'Authorization: Bearer REDACTED'");
    expect(run.stderr).not.toMatch(/^warning: the stored bytes as they are/m);
    expect(run.stderr).not.toMatch(/is in this command/);
    expect(run.stderr).toMatch(/--exact-bytes: not the stored bytes as they are/);
  });

  it('--with-token --exact-bytes on a webhook: the stored bytes as asked, body included', async () => {
    const run = await cli('curl', String(webhookId), '--with-token', '--exact-bytes');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('kettle descaled');
    expect(run.stderr).toMatch(
      /the stored bytes as they are: any profile token they echo is in this command/,
    );
  });

  it("a record's detail withholds its body (it may echo the token), naming the way out", async () => {
    // It was refused whole; now the rest is shown (tests/unit/record-detail-withheld.test.ts).
    await expect(
      core.dispatcher('getEvent', { id: webhookId }, { transport: 'websocket' }),
    ).resolves.toMatchObject({
      ok: true,
      data: {
        requestBody: null,
        withheld: {
          parts: ['requestBody'],
          wayOut: expect.stringContaining(
            `npx checkout-console --data-dir ${opened.dataDir} profiles forget-secret Sandbox`,
          ),
        },
      },
    });
  });

  it('once the token is forgotten, the command has its body again', async () => {
    expect((await cli('profiles', 'forget-secret', 'Sandbox', '--yes')).code).toBe(0);
    const run = await cli('curl', String(webhookId));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('kettle descaled');
    expect(run.stderr).not.toMatch(/left out/);
  });
});
