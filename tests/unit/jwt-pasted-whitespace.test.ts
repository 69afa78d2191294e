import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeToken } from '../../src/main/jwt/check-token';
import { createHmacKeyCache } from '../../src/main/jwt/hmac-key-cache';
import { createJwtToolkit } from '../../src/main/jwt/jwt-toolkit';
import { decodeJwt } from '../../src/shared/jwt/decode-jwt';
import { decodeWarnings, verificationWarnings } from '../../src/shared/jwt/token-warnings';

// A token copied from a terminal that wrapped it, or with the spaces and line break a copy
// brings, was trimmed without a word, or refused as malformed for a line break inside it. Pasted
// (the inspector, `jwt decode`, `jwt verify`), it is read without the whitespace, and the one
// warnings list says what was taken out and whether the official client would take the token as
// pasted. A token a request carried is judged as before: the service sends no whitespace.

const SECRET = 'whsec_pasted_whitespace_0123456789';
const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0);
const now = NOW_MS / 1000;
const part = (text: string) => Buffer.from(text).toString('base64url');
const INPUT = `${part('{"alg":"HS256","typ":"JWT"}')}.${part(JSON.stringify({ iss: 'checkout', iat: now - 10, exp: now + 900 }))}`;
const TOKEN = `${INPUT}.${createHmac('sha256', SECRET).update(INPUT).digest('base64url')}`;
const SIGNATURE_AT = TOKEN.lastIndexOf('.') + 1;

/** The token with `text` put in at `at`. */
const withAt = (at: number, text: string) => `${TOKEN.slice(0, at)}${text}${TOKEN.slice(at)}`;
const WRAPPED = `${TOKEN.slice(0, 40)}\n${TOKEN.slice(40, 80)}\n${TOKEN.slice(80)}`;

const REFUSED_BY_PHP_JWT =
  'as pasted, php-jwt 6.9, with which the official client verifies (Authenticator::decode), would refuse it: it checks the signature over the header and claims as written, whitespace and all (SignatureInvalidException), answering 403.';
const REFUSED_FROM_HEADER =
  'as pasted, the official client would refuse it from an Authorization header, which it reads only up to the first whitespace (Authenticator::getBearerToken matches /Bearer\\s(\\S+)/), answering 403, though php-jwt 6.9 alone reads past whitespace in the signature (its base64_decode skips it).';
const ACCEPTED_AS_PASTED =
  "as pasted, the official client would accept it all the same (php-jwt 6.9's base64_decode skips whitespace after the signature), though the service sends none.";

describe('a pasted token is read without the whitespace a copy brings, and says what was removed', () => {
  it('line breaks inside the token: decoded, and php-jwt would refuse it as pasted', () => {
    const decoded = decodeJwt(WRAPPED, { pasted: true });
    expect(decoded.ok).toBe(true);
    expect(decoded.claims).toMatchObject({ iss: 'checkout' });
    expect(decoded.pasteWarnings).toEqual([
      `The console removed 2 line breaks inside the token before reading it; ${REFUSED_BY_PHP_JWT}`,
    ]);
    // The one list every view shows.
    expect(decodeWarnings(decoded)).toEqual(decoded.pasteWarnings);
  });

  it('whitespace around it: said, each end by itself, with what php-jwt does with it', () => {
    expect(decodeJwt(`  ${TOKEN}\r\n`, { pasted: true }).pasteWarnings).toEqual([
      `The console removed 2 spaces at its start and a line break at its end before reading it; ${REFUSED_BY_PHP_JWT}`,
    ]);
    expect(decodeJwt(`${TOKEN}\n`, { pasted: true }).pasteWarnings).toEqual([
      `The console removed a line break at its end before reading it; ${ACCEPTED_AS_PASTED}`,
    ]);
    expect(decodeJwt(withAt(SIGNATURE_AT + 10, ' \t'), { pasted: true }).pasteWarnings).toEqual([
      `The console removed a space and a tab inside the token before reading it; ${REFUSED_FROM_HEADER}`,
    ]);
    expect(decodeJwt(withAt(20, '\u00a0'), { pasted: true }).pasteWarnings).toEqual([
      `The console removed a whitespace character (U+00A0) inside the token before reading it; ${REFUSED_BY_PHP_JWT}`,
    ]);
  });

  it('a token pasted as it should be says nothing; what is not a token is still said so', () => {
    expect(decodeJwt(TOKEN, { pasted: true }).pasteWarnings).toEqual([]);
    expect(decodeJwt(`Bearer ${TOKEN}`, { pasted: true }).problem).toMatch(/^It starts with "Bearer "/);
    expect(decodeJwt(`"${TOKEN}"`, { pasted: true }).problem).toMatch(/quotation mark/);
  });

  it('a token a request carried is judged as before: a line break inside it is malformed', async () => {
    const decoded = decodeJwt(WRAPPED);
    expect(decoded.ok).toBe(false);
    expect(decoded.problem).toBe(
      'A JWT has no spaces or line breaks; this one has one after character 40 (a wrapped copy?).',
    );
    expect(decodeJwt(`${TOKEN}\n`).pasteWarnings).toEqual([]);
    const judged = await judgeToken(WRAPPED, {
      key: await createHmacKeyCache().get(SECRET),
      keyLabel: 'the notification token',
      clockToleranceSeconds: 60,
      atMs: NOW_MS,
      moment: 'arrival',
    });
    expect(judged.verdict).toBe('malformed');
  });

  it('verified as pasted (the inspector, jwt verify): valid, with the same warning on its chip', async () => {
    const toolkit = createJwtToolkit({
      profiles: null,
      keys: createHmacKeyCache(),
      clockToleranceSeconds: () => 60,
      now: () => NOW_MS,
    });
    const verified = await toolkit.verify({
      token: WRAPPED,
      pasted: true,
      against: { source: 'secret', secret: SECRET },
    });
    expect(verified.verdict).toBe('valid');
    expect(verified.decoded.pasteWarnings).toEqual(decodeJwt(WRAPPED, { pasted: true }).pasteWarnings);
    expect(verificationWarnings(verified)).toEqual(verified.decoded.pasteWarnings);
    // A stored record's token is not a paste: judged as the listener judged it.
    const stored = await toolkit.verify({ token: WRAPPED, against: { source: 'secret', secret: SECRET } });
    expect(stored.verdict).toBe('malformed');
  });
});

// What the warnings say of the official client, held to the vendored client itself where PHP is
// installed (CI installs it: official-client-php.test.ts fails there without it).
const CLIENT_DIR = join(import.meta.dirname, '..', 'official-client');
const PHP_JUDGE = `
require $argv[1];
$key = $argv[2];
foreach (json_decode(stream_get_contents(STDIN), true) as $token) {
  $viaJwt = 'accepted';
  try { Firebase\\JWT\\JWT::$timestamp = ${now}; Firebase\\JWT\\JWT::decode($token, new Firebase\\JWT\\Key($key, 'HS256')); }
  catch (Throwable $e) { $viaJwt = get_class($e); }
  $request = Symfony\\Component\\HttpFoundation\\Request::create('/n', 'POST', [], [], [], ['HTTP_AUTHORIZATION' => 'Bearer ' . $token]);
  $viaHeader = 'accepted';
  try { (new Tamara\\Notification\\Authenticator($key))->authenticate($request); }
  catch (Throwable $e) { $viaHeader = get_class($e); }
  echo json_encode([$viaJwt, $viaHeader]), "\\n";
}`;

function clientAnswers(tokens: string[]): [string, string][] | null {
  const run = spawnSync('php', ['-r', PHP_JUDGE, join(CLIENT_DIR, 'autoload.php'), SECRET], {
    input: JSON.stringify(tokens),
    encoding: 'utf8',
  });
  if (run.error !== undefined || run.status !== 0) return null;
  return run.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as [string, string]);
}

describe('what the warnings say of the official client is what it does', () => {
  const cases = [
    WRAPPED,
    ` ${TOKEN}`,
    withAt(SIGNATURE_AT - 1, '\n'),
    withAt(SIGNATURE_AT + 10, ' '),
    `${TOKEN}\n`,
  ];
  const answers = clientAnswers(cases);
  it.runIf(answers !== null || process.env['CI'] !== undefined)(
    'refused, refused from a header, or accepted, as each warning says',
    () => {
      expect(answers).not.toBeNull();
      const said = cases.map((pasted) => {
        const [warning = ''] = decodeJwt(pasted, { pasted: true }).pasteWarnings;
        if (warning.endsWith(REFUSED_BY_PHP_JWT)) return 'refused';
        if (warning.endsWith(REFUSED_FROM_HEADER)) return 'refused from a header';
        if (warning.endsWith(ACCEPTED_AS_PASTED)) return 'accepted';
        return warning;
      });
      const did = (answers ?? []).map(([viaJwt, viaHeader]) =>
        viaJwt !== 'accepted'
          ? viaJwt === 'Firebase\\JWT\\SignatureInvalidException'
            ? 'refused'
            : viaJwt
          : viaHeader === 'accepted'
            ? 'accepted'
            : 'refused from a header',
      );
      expect(said).toEqual(did);
      expect(said).toEqual(['refused', 'refused', 'refused', 'refused from a header', 'accepted']);
    },
  );
});
