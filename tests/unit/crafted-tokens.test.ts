import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { runCliCaptured } from './helpers/run-cli';

// "Crafted tokens are marked and never move an order": a token the console signed (the JWT
// inspector, `jwt sign`) looks exactly like the service's, so the console remembers each one it
// signs (by fingerprint) and the listener marks an arrival that carries one.

let listening: ListeningConsole | null = null;
afterEach(async () => {
  await listening?.dispose();
  listening = null;
});

async function post(origin: string, token: string): Promise<number> {
  const response = await fetch(`${origin}/hooks?serviceToken=${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: payload('order_approved'),
  });
  const answer = (await response.json()) as { id: number };
  return answer.id;
}

describe('a webhook carrying a token the console signed', () => {
  it('is stored as crafted, with when and what signed it, and leaves the order where it was', async () => {
    listening = await openListeningConsole();
    const { core } = listening;
    const signed = await core.jwt.sign({ signer: { source: 'active' }, preset: 'valid', claims: {} });
    const id = await post(listening.origin, signed.token);
    const record = core.events.getDetail(id);
    expect(record?.tokenVerdict).toBe('valid');
    expect(record?.provenance).toBe('crafted');
    expect(record?.details).toMatchObject({
      craftedToken: {
        signedWith: signed.signedWith,
        reason: expect.stringMatching(
          /^Its token was signed by this console at \S+Z \(.+\), not by the service\.$/,
        ),
      },
    });
    const order = await runCliCaptured([
      '--data-dir',
      listening.dataDir,
      'orders',
      'show',
      record?.orderId ?? '',
    ]);
    expect(order.stdout).toContain('A request carrying a token this console signed');
    expect(order.stdout).not.toMatch(/state\s+approved/);
  });

  it('signed by `jwt sign` in another process on the same data directory, too', async () => {
    listening = await openListeningConsole();
    const cli = await runCliCaptured(['--data-dir', listening.dataDir, 'jwt', 'sign']);
    expect(cli.code, cli.stderr).toBe(0);
    const token = cli.stdout.trim().split('\n').at(-1) ?? '';
    const id = await post(listening.origin, token);
    expect(listening.core.events.getDetail(id)?.provenance).toBe('crafted');
  });

  it('signed by `jwt sign --secret` with the profile’s own notification token, on an existing data directory', async () => {
    listening = await openListeningConsole();
    const cli = await runCliCaptured([
      '--data-dir',
      listening.dataDir,
      'jwt',
      'sign',
      '--secret',
      listening.secret,
    ]);
    expect(cli.code, cli.stderr).toBe(0);
    const token = cli.stdout.trim().split('\n').at(-1) ?? '';
    const id = await post(listening.origin, token);
    const record = listening.core.events.getDetail(id);
    expect(record?.tokenVerdict).toBe('valid');
    expect(record?.provenance).toBe('crafted');
  });

  it('`jwt sign --secret` where there is no data directory signs without making one', async () => {
    const nowhere = join(mkdtempSync(join(tmpdir(), 'no-console-')), 'not-made');
    const cli = await runCliCaptured([
      '--data-dir',
      nowhere,
      'jwt',
      'sign',
      '--secret',
      'any-secret-0123456789',
    ]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout.trim().split('.')).toHaveLength(3);
    expect(existsSync(nowhere)).toBe(false);
  });

  it('a token signed with the same secret elsewhere (as the service signs) stays the service’s own', async () => {
    listening = await openListeningConsole();
    const now = Math.floor(Date.now() / 1000);
    const token = await signWith(listening.secret, { iat: now, exp: now + 600 });
    const id = await post(listening.origin, token);
    const record = listening.core.events.getDetail(id);
    expect(record?.tokenVerdict).toBe('valid');
    expect(record?.provenance).toBe('service');
  });

  // The last character of an HS256 signature carries 4 bits and 2 spare ones that no decoder
  // reads: with a spare bit flipped the token still verifies, but is another string, and its
  // fingerprint was not found, so a crafted token so altered moved the order as the service's.
  it('with the spare bits of its signature changed, is still crafted (and still verifies)', async () => {
    listening = await openListeningConsole();
    const signed = await listening.core.jwt.sign({
      signer: { source: 'active' },
      preset: 'valid',
      claims: {},
    });
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signed.token.slice(-1));
    const altered = `${signed.token.slice(0, -1)}${alphabet[last ^ 1] ?? ''}`;
    expect(altered).not.toBe(signed.token);
    const id = await post(listening.origin, altered);
    const record = listening.core.events.getDetail(id);
    expect(record?.tokenVerdict).toBe('valid');
    expect(record?.provenance).toBe('crafted');
    const verified = await listening.core.jwt.verify({ token: altered, against: { source: 'active' } });
    expect(verified.crafted?.signedWith).toBe(signed.signedWith);
  });

  it('is remembered by fingerprint only: the token itself is not in the database', async () => {
    listening = await openListeningConsole();
    const signed = await listening.core.jwt.sign({
      signer: { source: 'active' },
      preset: 'valid',
      claims: {},
    });
    listening.core.store.writer.flushNow();
    const files = ['console.sqlite', 'console.sqlite-wal'].map((name) =>
      join(listening?.dataDir ?? '', name),
    );
    for (const file of files) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch {
        continue;
      }
      expect(bytes.includes(Buffer.from(signed.token))).toBe(false);
      expect(bytes.includes(Buffer.from(signed.token.split('.')[2] ?? ''))).toBe(false);
    }
  });
});
