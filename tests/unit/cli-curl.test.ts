import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

let dataDir = '';
let dispose: () => Promise<void> = async () => undefined;
let webhookId = 0;
let unparsedId = 0;
let connectId = 0;
let c1HeaderId = 0;
let unparsedTokenId = 0;
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLWJ5dGVz';
const curl = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, 'curl', ...argv]);

beforeAll(async () => {
  const opened = await openTempConsole();
  dataDir = opened.dataDir;
  dispose = opened.dispose;
  const [webhook] = opened.core.recorder.recordMany([
    {
      kind: 'webhook',
      method: 'POST',
      url: 'http://127.0.0.1:4455/hooks',
      path: '/hooks',
      status: 200,
      requestBody: Buffer.from('{"order_id":"o-1"}'),
    },
  ]);
  webhookId = webhook?.id ?? 0;
  // As the listener stores what Node could not parse, and a CONNECT (raw-refusal.ts).
  const [unparsed, connect, c1Header, unparsedToken] = opened.core.recorder.recordMany([
    {
      kind: 'webhook',
      method: null,
      url: 'http://127.0.0.1:47101',
      path: null,
      status: 400,
      requestBody: Buffer.from('GARBAGE\r\n\r\n'),
    },
    { kind: 'webhook', method: 'CONNECT', url: '127.0.0.1:1', path: null, status: 405 },
    {
      kind: 'webhook',
      method: 'POST',
      url: 'http://127.0.0.1:4455/hooks',
      path: '/hooks',
      status: 200,
      // The byte 0x9B as Node reads a header (latin1): a one-character CSI on some terminals.
      requestHeaders: [['X-Note', 'a\u009b[2Jb']],
      requestBody: Buffer.from('{}'),
    },
    {
      kind: 'webhook',
      method: null,
      url: 'http://127.0.0.1:47101',
      path: null,
      status: 400,
      requestBody: Buffer.from(`GARBAGE /?serviceToken=${JWT}\r\n\r\n`),
    },
  ]);
  unparsedId = unparsed?.id ?? 0;
  connectId = connect?.id ?? 0;
  c1HeaderId = c1Header?.id ?? 0;
  unparsedTokenId = unparsedToken?.id ?? 0;
  await opened.core.close();
});
afterAll(async () => {
  await dispose().catch(() => undefined);
});

describe('checkout-console curl through the contract (copyAsCurl)', () => {
  it('prints the command as the timeline copies it', async () => {
    const run = await curl(String(webhookId));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^curl --request POST http:\/\/127\.0\.0\.1:4455\/hooks/);
    expect(run.stdout).toContain(`--data-raw '{"order_id":"o-1"}'`);
  });

  it("judges the id with the contract's schema, named as the argument (exit 2)", async () => {
    // Sixteen digits read as a number, but past the largest whole number the contract accepts.
    const run = await curl('9999999999999999');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('error: <id>: must be at most 9,007,199,254,740,991\n');
    expect(run.stdout).toBe('');
  });

  it('says plainly that a raw request the listener could not parse cannot be sent by curl (exit 1)', async () => {
    const run = await curl(String(unparsedId));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      new RegExp(
        `^error: Record ${unparsedId} is a raw request: the listener stored the bytes that arrived, .*curl cannot send it again\\.`,
      ),
    );
    expect(run.stderr).toMatch(
      /printf '%s' '?[A-Za-z0-9+/=]+'? \| base64 --decode \| nc 127\.0\.0\.1 47101\n$/,
    );
  });

  it('offers no bytes of a raw request that carries a token as "the same bytes" (its token REDACTED in them)', async () => {
    const run = await curl(String(unparsedTokenId));
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain('nc ');
    expect(run.stderr).not.toContain(JWT);
    expect(run.stderr).toContain(
      `Its bytes carry a token; \`npx checkout-console --data-dir ${dataDir} curl ${unparsedTokenId} --with-token\``,
    );
    const withToken = await curl(String(unparsedTokenId), '--with-token');
    const base64 = /printf '%s' '?([A-Za-z0-9+/=]+)'? \| base64 --decode/.exec(withToken.stderr)?.[1] ?? '';
    expect(Buffer.from(base64, 'base64').toString()).toBe(`GARBAGE /?serviceToken=${JWT}\r\n\r\n`);
  });

  it('does not aim a CONNECT at the address it asked to tunnel to (exit 1)', async () => {
    const run = await curl(String(connectId));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`Record ${connectId} is a CONNECT request for "127.0.0.1:1"`);
  });

  it('prints a header holding a raw C1 control only as escapes', async () => {
    const run = await curl(String(c1HeaderId));
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/[\u0080-\u009f]/);
    expect(run.stdout).toContain(`--header "$(printf 'X-Note: a\\233[2Jb')"`);
  });
});
