import { afterEach, describe, expect, it } from 'vitest';
import { jwtVerificationSchema } from '../../src/shared/contract/jwt';
import { signWith } from '../fixtures/hostile-webhooks';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

// A token this console signed verifies as `valid`, exactly like the service's: the listener marks
// a webhook carrying one as crafted, but the inspector and `jwt verify` said only "valid", so a
// QA engineer pasting a token could not tell it was the console's own. Now they say so.

let dispose: (() => Promise<void>) | null = null;
afterEach(async () => {
  await dispose?.();
  dispose = null;
});

describe('verifying a token this console signed', () => {
  it('is valid and says it was signed here, when and with what; a token it did not sign says nothing of it', async () => {
    const opened = await openTempConsole();
    dispose = opened.dispose;
    const { core, dataDir } = opened;
    const signed = await core.jwt.sign({ signer: { source: 'active' }, preset: 'valid', claims: {} });
    const answer = await core.dispatcher(
      'verifyJwt',
      { token: `  ${signed.token}\n`, against: { source: 'active' } },
      { transport: 'direct' },
    );
    if (!answer.ok) throw new Error(answer.error.message);
    const verified = jwtVerificationSchema.parse(answer.data);
    expect(verified.verdict).toBe('valid');
    expect(verified.crafted).toEqual({
      signedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      signedWith: signed.signedWith,
      reason: expect.stringMatching(
        /^Signed by this console at \S+Z \(the notification token of profile "Local"\), not by the service: a webhook carrying it is stored as crafted and never moves an order\.$/,
      ),
    });

    const secret = 'whsec_not_remembered_0123456789';
    const foreign = await signWith(secret, { sub: 'x' });
    const other = await core.jwt.verify({ token: foreign, against: { source: 'secret', secret } });
    expect(other.verdict).toBe('valid');
    expect(other.crafted).toBeNull();

    const cli = await runCliCaptured(['--data-dir', dataDir, 'jwt', 'verify', signed.token]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(/^valid: Signed with HS256 .*\ncrafted: Signed by this console at \S+Z/);

    // `jwt decode` said nothing of it: it opened no data directory, so it could not know. It now
    // reads the one that exists, and says it on the same line, in the same words.
    const crafted = cli.stdout.split('\n')[1];
    const decoded = await runCliCaptured(['--data-dir', dataDir, 'jwt', 'decode', signed.token]);
    expect(decoded.code, decoded.stderr).toBe(0);
    expect(decoded.stdout.split('\n')).toContain(crafted);
    const json = await runCliCaptured(['--data-dir', dataDir, 'jwt', 'decode', signed.token, '--json']);
    expect((JSON.parse(json.stdout) as { crafted: unknown }).crafted).toEqual(verified.crafted);
    const notOurs = await runCliCaptured(['--data-dir', dataDir, 'jwt', 'decode', foreign]);
    expect(notOurs.stdout).not.toContain('crafted');
  });
});
