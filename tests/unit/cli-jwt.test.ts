import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from '../../src/shared/jwt/decode-jwt';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

const SECRET = 'whsec_cli_jwt_0123456789';
let dir: { dir: string; remove: () => void };
const cli = (...argv: string[]) => runCliCaptured(['--data-dir', dir.dir, ...argv]);

beforeAll(async () => {
  dir = makeTempDir();
  const set = await cli(
    'profiles',
    'set',
    'Sandbox',
    '--notification-token',
    SECRET,
    '--token-minutes',
    '30',
  );
  expect(set.code).toBe(0);
});
afterAll(() => dir.remove());

describe('jwt sign', () => {
  it('signs with --secret and a --ttl, printing only the token', async () => {
    const run = await cli(
      'jwt',
      'sign',
      '--secret',
      SECRET,
      '--claims',
      '{"iss":"checkout","order_id":"o-1"}',
      '--ttl',
      '90s',
    );
    expect(run.code).toBe(0);
    const token = run.stdout.trim();
    const decoded = decodeJwt(token);
    expect(decoded.header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decoded.claims).toMatchObject({ iss: 'checkout', order_id: 'o-1' });
    expect((decoded.times.exp?.seconds ?? 0) - (decoded.times.iat?.seconds ?? 0)).toBe(90);
    expect((await cli('jwt', 'verify', token, '--secret', SECRET)).code).toBe(0);
  });

  it("uses the profile's token lifetime by default", async () => {
    const run = await cli('jwt', 'sign', '--profile', 'Sandbox');
    const decoded = decodeJwt(run.stdout.trim());
    expect((decoded.times.exp?.seconds ?? 0) - (decoded.times.iat?.seconds ?? 0)).toBe(30 * 60);
    expect(run.stdout).not.toContain(SECRET);
  });

  it('parses ttl in s, m and h, and refuses anything else', async () => {
    for (const [ttl, seconds] of [
      ['45s', 45],
      ['15m', 900],
      ['2h', 7200],
    ] as const) {
      const decoded = decodeJwt((await cli('jwt', 'sign', '--secret', SECRET, '--ttl', ttl)).stdout.trim());
      expect((decoded.times.exp?.seconds ?? 0) - (decoded.times.iat?.seconds ?? 0)).toBe(seconds);
    }
    const bad = await cli('jwt', 'sign', '--secret', SECRET, '--ttl', '15');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--ttl: "15" is not a duration/);
  });

  it('bad JSON in --claims exits 2 naming the flag', async () => {
    const bad = await cli('jwt', 'sign', '--secret', SECRET, '--claims', '{iss: nope}');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--claims: not valid JSON/);
    const notObject = await cli('jwt', 'sign', '--secret', SECRET, '--claims', '[1]');
    expect(notObject.code).toBe(2);
    expect(notObject.stderr).toMatch(/--claims: must be a JSON object/);
  });

  it('presets make negative tokens', async () => {
    const expired = (await cli('jwt', 'sign', '--secret', SECRET, '--preset', 'expired')).stdout.trim();
    expect((await cli('jwt', 'verify', expired, '--secret', SECRET)).stdout).toMatch(
      /^expired: Expired 10 minutes ago/,
    );
    const none = (await cli('jwt', 'sign', '--secret', SECRET, '--preset', 'alg_none')).stdout.trim();
    expect((await cli('jwt', 'verify', none, '--secret', SECRET)).stdout).toMatch(/^alg_not_allowed:/);
    const bad = await cli('jwt', 'sign', '--secret', SECRET, '--preset', 'nonsense');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--preset: must be one of/);
  });

  // "Exactly as written" signed the claims as JSON.parse read them: {"a":1,"a":2,"n":1.0} went
  // out as {"a":2,"n":1}, and {"exp":1e999} failed with jose's own words. The other presets
  // changed the same text without a word.
  it('--preset exact signs the claims text as typed; the other presets refuse what they would change, naming the claim', async () => {
    const payloadOf = (token: string) => Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8');
    for (const claims of ['{"a":1,"a":2,"n":1.0}', '{"exp":1e999}', ' {"big":12345678901234567890}\n']) {
      const run = await cli('jwt', 'sign', '--secret', SECRET, '--preset', 'exact', '--claims', claims);
      expect(run, claims).toMatchObject({ code: 0, stderr: '' });
      const token = run.stdout.trim();
      expect(payloadOf(token)).toBe(claims);
      const [header = '', payload = '', signature = ''] = token.split('.');
      expect(signature).toBe(createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url'));
    }
    const twice = await cli('jwt', 'sign', '--secret', SECRET, '--claims', '{"a":1,"a":2}');
    expect(twice).toMatchObject({ code: 2, stdout: '' });
    expect(twice.stderr).toBe(
      'error: --claims: "a" is given twice, and this preset writes the claims anew, keeping only the last: to sign the claims as typed, use the preset "Exactly as written" (exact).\n',
    );
    const big = await cli(
      'jwt',
      'sign',
      '--secret',
      SECRET,
      '--preset',
      'expired',
      '--claims',
      '{"o":{"big":12345678901234567890}}',
    );
    expect(big).toMatchObject({ code: 2, stdout: '' });
    expect(big.stderr).toContain(
      '--claims: "o.big" is 12345678901234567890, which this preset would sign as 12345678901234567000 (the nearest number JSON holds)',
    );
    const infinite = await cli('jwt', 'sign', '--secret', SECRET, '--claims', '{"exp":1e999}');
    expect(infinite.stderr).toContain('--claims: "exp" is 1e999, which this preset would sign as null');
    // A number written another way that means the same (1.0, 1e2) is no change.
    const same = await cli('jwt', 'sign', '--secret', SECRET, '--claims', '{"n":1.0,"m":1e2}');
    expect(same.code).toBe(0);
    expect(decodeJwt(same.stdout.trim()).claims).toMatchObject({ n: 1, m: 100 });
  });

  // Preset Valid with {"iss":5} printed a token and the window labelled it "Valid", though the
  // listener (and jwt verify) judges it malformed: a preset promises its verdict, so the signed
  // token is judged by the listener's own judge first.
  it('a preset refuses claims its token would not verify as it says, naming the claim', async () => {
    for (const preset of ['valid', 'expired', 'wrong_key', 'no_exp']) {
      for (const signer of [
        ['--secret', SECRET],
        ['--profile', 'Sandbox'],
      ]) {
        const run = await cli('jwt', 'sign', ...signer, '--preset', preset, '--claims', '{"iss":5}');
        expect(run, `${preset} ${signer.join(' ')}`).toMatchObject({ code: 2, stdout: '' });
        expect(run.stderr).toContain('--claims: signed by this preset, the token would verify as malformed');
        expect(run.stderr).toContain('The "iss" claim must be a string, not 5.');
      }
    }
    // alg: none is refused for its alg first, as it says; Exactly as written promises nothing.
    for (const preset of ['alg_none', 'exact']) {
      const run = await cli('jwt', 'sign', '--secret', SECRET, '--preset', preset, '--claims', '{"iss":5}');
      expect(run, preset).toMatchObject({ code: 0, stderr: '' });
    }
  });

  it('refuses --secret with --profile, and a profile without a token', async () => {
    expect((await cli('jwt', 'sign', '--secret', SECRET, '--profile', 'Sandbox')).code).toBe(2);
    const live = await cli('jwt', 'sign', '--profile', 'Live');
    expect(live.code).toBe(2);
    expect(live.stderr).toMatch(/notification token of profile "Live" is not set/);
  });

  // No --secret was given, yet the refusal named it ('error: --secret: the notification token of
  // profile "Sandbox" is not set'), and said neither how to set the token nor what else to do.
  it('a profile without a notification token is named by --profile, with how to set it or pass --secret', async () => {
    const wayOut = `set it (Profiles, or npx checkout-console --data-dir ${dir.dir} profiles set Live --notification-token -), or sign with a pasted secret (--secret on the command line).`;
    const named = await cli('jwt', 'sign', '--profile', 'Live');
    expect(named.code).toBe(2);
    expect(named.stderr).toBe(
      `error: --profile: the notification token of profile "Live" is not set: ${wayOut}\n`,
    );
    // The active profile is what --profile names when it is left out.
    expect((await cli('profiles', 'use', 'Live')).code).toBe(0);
    try {
      const active = await cli('jwt', 'sign');
      expect(active.code).toBe(2);
      expect(active.stderr).toBe(
        `error: --profile: the notification token of profile "Live" is not set: ${wayOut}\n`,
      );
    } finally {
      expect((await cli('profiles', 'use', 'Local')).code).toBe(0);
    }
  });
});

describe('jwt verify', () => {
  it('exits 0 only for valid, printing verdict and reason', async () => {
    const token = (await cli('jwt', 'sign', '--secret', SECRET)).stdout.trim();
    const valid = await cli('jwt', 'verify', token, '--profile', 'Sandbox');
    expect(valid).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(
        /^valid: Signed with HS256 by the notification token of profile "Sandbox"/,
      ),
    });
    const forged = await cli('jwt', 'verify', token, '--secret', 'some-other-secret');
    expect(forged).toMatchObject({ code: 1, stdout: expect.stringMatching(/^invalid_signature: /) });
    const junk = await cli('jwt', 'verify', 'junk', '--secret', SECRET);
    expect(junk).toMatchObject({ code: 1, stdout: expect.stringMatching(/^malformed: /) });
    const noSecret = await cli('jwt', 'verify', token, '--profile', 'Live');
    expect(noSecret).toMatchObject({ code: 1, stdout: expect.stringMatching(/^no_secret: /) });
  });

  // php-jwt, as the official client calls it, allows no leeway: a token 30 s past its exp is
  // valid here by the 60 s tolerance and refused there, which the verdict alone does not say.
  it("prints the official client's refusal of an expiry inside the clock tolerance as a warning", async () => {
    const now = Math.floor(Date.now() / 1000);
    const input = `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ iat: now - 600, exp: now - 30 })).toString('base64url')}`;
    const token = `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
    const run = await cli('jwt', 'verify', token, '--secret', SECRET);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^valid: .*within the 60 s clock tolerance.*\nwarning: It expired \d+ seconds ago, within the console's 60 s clock tolerance, so the verdict is valid; the official client allows no leeway and refuses it/s,
    );
  });

  // The window shows every claim problem and a name given twice beside the verdict; `jwt verify`
  // printed only the verdict's line, so `{"alg":"none","alg":"HS256"}` read as plainly valid.
  it('prints what the window shows beside the verdict: names given twice, every claim problem', async () => {
    const part = (text: string) => Buffer.from(text).toString('base64url');
    const signed = (header: string, claims: string) => {
      const input = `${part(header)}.${part(claims)}`;
      return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
    };
    const twice = await cli(
      'jwt',
      'verify',
      signed('{"alg":"none","alg":"HS256"}', '{"sub":"a"}'),
      '--secret',
      SECRET,
    );
    expect(twice.code).toBe(0);
    expect(twice.stdout).toMatch(
      /^valid: .*\nwarning: The header gives "alg" 2 times; the last one counts\.\n$/,
    );
    const both = await cli(
      'jwt',
      'verify',
      signed('{"alg":"HS256"}', '{"exp":"1","iat":"2"}'),
      '--secret',
      SECRET,
    );
    expect(both.code).toBe(1);
    expect(both.stdout).toBe(
      'malformed: The "iat" claim must be a number of seconds since 1970, not "2".\n' +
        'problem: The "exp" claim must be a number of seconds since 1970, not "1".\n',
    );
  });

  // The claims notes were written "warning The claims part…", every other warning "warning: …".
  it('writes every note on a token as every other CLI warning is written, "warning: …"', async () => {
    const token = (await cli('jwt', 'sign', '--secret', SECRET)).stdout.trim();
    const wrapped = `${token.slice(0, 30)}\n${token.slice(30)}`;
    const run = await cli('jwt', 'verify', wrapped, '--secret', SECRET);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^valid: Signed with HS256 .*\ncrafted: Signed by this console .*\nwarning: The console removed a line break inside the token before reading it; as pasted, php-jwt 6\.9.* would refuse it: .*answering 403\.\n$/,
    );
    expect(run.stdout.split('\n').filter((line) => /^(warning|problem|crafted)\b/.test(line))).toEqual(
      run.stdout.split('\n').filter((line) => /^(warning|problem|crafted): /.test(line)),
    );
  });

  it('reads the secret from standard input with --secret -', async () => {
    const token = (await cli('jwt', 'sign', '--secret', SECRET)).stdout.trim();
    const run = await runCliCaptured(
      ['--data-dir', dir.dir, 'jwt', 'verify', token, '--secret', '-'],
      `${SECRET}\n`,
    );
    expect(run.code).toBe(0);
  });

  it('an unknown profile fails with the known ones listed', async () => {
    const run = await cli('jwt', 'verify', 'a.b.c', '--profile', 'Nope');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/No profile named "Nope"/);
  });
});

describe('jwt decode', () => {
  it('shows header, claims and the time claims as dates', async () => {
    const token = (await cli('jwt', 'sign', '--secret', SECRET, '--claims', '{"iss":"svc"}')).stdout.trim();
    const run = await cli('jwt', 'decode', token);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/header {2}\{"alg":"HS256","typ":"JWT"\}/);
    expect(run.stdout).toMatch(/"iss": "svc"/);
    expect(run.stdout).toMatch(/exp {5}\d{4}-\d\d-\d\dT.*Z \(expires in 15 minutes\)/);
    const json = await cli('jwt', 'decode', token, '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, claims: { iss: 'svc' } });
  });

  it('a name given twice is said (the last counts), and an exp too large for a date is not shown as null', async () => {
    const part = (text: string) => Buffer.from(text).toString('base64url');
    const token = `${part('{"alg":"none","alg":"HS256","typ":"JWT"}')}.${part('{"exp":1e400,"sub":"a","sub":"b"}')}.c2ln`;
    const run = await cli('jwt', 'decode', token);
    expect(run.stdout).toContain('warning: The header gives "alg" 2 times; the last one counts.');
    expect(run.stdout).toContain('warning: The claims part gives "sub" 2 times; the last one counts.');
    expect(run.stdout).toContain('problem: The "exp" claim 1e400 is not a representable date.');
    expect(decodeJwt(token).nameWarnings).toHaveLength(2);
  });

  // A token copied from a wrapping terminal was refused for its line break; a space around one was
  // taken off without a word. Both are read, and what was removed is said.
  it('a token pasted with whitespace around it or inside it is decoded, saying what was removed', async () => {
    const token = (await cli('jwt', 'sign', '--secret', SECRET, '--claims', '{"iss":"svc"}')).stdout.trim();
    const run = await cli('jwt', 'decode', ` ${token.slice(0, 30)}\r\n${token.slice(30)}\n`);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/"iss": "svc"/);
    expect(run.stdout).toContain(
      '\nwarning: The console removed a space at its start, a line break inside the token and a line break at its end before reading it; as pasted, php-jwt 6.9',
    );
    const json = JSON.parse((await cli('jwt', 'decode', `${token}\n`, '--json')).stdout) as {
      pasteWarnings: string[];
    };
    expect(json.pasteWarnings).toEqual([
      expect.stringMatching(/^The console removed a line break at its end before reading it; /),
    ]);
  });

  // Read from standard input, the token was trimmed first: a space or a blank line around it was
  // taken out without the word the same token given as an argument (or pasted) gets.
  it('a token from standard input is read as pasted: what is around it is said, one trailing line break is not', async () => {
    const token = (await cli('jwt', 'sign', '--secret', SECRET, '--claims', '{"iss":"svc"}')).stdout.trim();
    const stdin = (text: string, ...argv: string[]) =>
      runCliCaptured(['--data-dir', dir.dir, 'jwt', ...argv], text);
    const padded = await stdin(` ${token}\n\n`, 'decode', '-');
    expect(padded.code, padded.stderr).toBe(0);
    expect(padded.stdout).toContain(
      '\nwarning: The console removed a space at its start and a line break at its end before reading it; ',
    );
    const wrapped = await stdin(
      `${token.slice(0, 30)}\n${token.slice(30)}\n`,
      'verify',
      '-',
      '--secret',
      SECRET,
    );
    expect(wrapped.stdout).toMatch(
      /\nwarning: The console removed a line break inside the token before reading it; as pasted/,
    );
    // `echo "$TOKEN" |` ends it with one line break, as every pipe of a line does: said of nothing.
    for (const argv of [
      ['decode', '-'],
      ['verify', '-', '--secret', SECRET],
    ]) {
      const echoed = await stdin(`${token}\n`, ...argv);
      expect(echoed.code, echoed.stderr).toBe(0);
      expect(echoed.stdout).not.toContain('removed');
    }
    const json = JSON.parse((await stdin(`${token}\r\n`, 'decode', '-', '--json')).stdout) as {
      pasteWarnings: string[];
    };
    expect(json.pasteWarnings).toEqual([]);
  });

  it('a broken token says why and exits 1', async () => {
    const run = await cli('jwt', 'decode', 'only.two');
    expect(run).toMatchObject({ code: 1, stdout: expect.stringMatching(/^malformed: A JWT has three/) });
  });

  it("judges the token with the contract's decodeJwt schema, named as the argument (exit 2)", async () => {
    const run = await cli('jwt', 'decode', 'a'.repeat(64 * 1024 + 1));
    expect(run).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'error: <token>: A token is at most 65536 characters\n',
    });
  });
});
