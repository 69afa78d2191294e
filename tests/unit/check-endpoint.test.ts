import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointCheckReportSchema, ENDPOINT_CASE_IDS } from '../../src/shared/scenarios/endpoint-check';
import { openDatabase } from '../../src/main/store/connection';
import { junitSchemaErrors } from './helpers/junit-schema';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

const SECRET = 'merchant_notification_secret_0123456789';
const REFUSED = ['wrong-signature', 'alg-none', 'hs512', 'expired', 'not-yet-valid', 'no-token'];
/** The forms the service never sends: reported, never graded (unless the config sets an expectation). */
const INFORMATIONAL: string[] = ['bearer-lowercase', 'bearer-two-spaces', 'query-token-trailing-space'];
/** What a sound endpoint's answer to each case reads: a pass, or information. */
const verdictOfSound = (id: string) => (INFORMATIONAL.includes(id) ? 'info' : 'pass');

/**
 * A merchant endpoint, written here: `verify` checks tokens as the spec asks (and refuses two
 * different ones), `header-only` reads the Authorization header alone, as the service's official
 * client does, and `accept` takes anything.
 */
function merchant(mode: 'verify' | 'header-only' | 'accept') {
  return async (req: IncomingMessage, res: ServerResponse) => {
    let size = 0;
    for await (const chunk of req) size += (chunk as Buffer).byteLength;
    if (mode === 'accept') return void res.writeHead(200).end('ok');
    if (size > 1024 * 1024) return void res.writeHead(413).end('too large');
    const query = new URL(req.url ?? '/', 'http://x').searchParams.get('serviceToken');
    const header = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
    const token = mode === 'header-only' ? header : (query ?? header);
    if (token === null || (mode === 'verify' && query !== null && header !== null && query !== header))
      return void res.writeHead(401).end('no token, or two different ones');
    try {
      await jwtVerify(token, new TextEncoder().encode(SECRET), { algorithms: ['HS256'] });
    } catch {
      return void res.writeHead(401).end('bad token');
    }
    res.writeHead(200).end('ok');
  };
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>) {
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify` };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

const temp = makeTempDir('cc-check-endpoint-');
const dataDir = join(temp.dir, 'data');
let verifying: { server: Server; url: string };
let accepting: { server: Server; url: string };
let downUrl: string;

beforeAll(async () => {
  // Made before any test, so each finds its records, whichever runs first.
  expect((await runCliCaptured(['--data-dir', dataDir, 'profiles', 'list'])).code).toBe(0);
  verifying = await listen(merchant('verify'));
  accepting = await listen(merchant('accept'));
  // A port that was free a moment ago: nothing answers there.
  const down = await listen(merchant('accept'));
  downUrl = down.url;
  await close(down.server);
});
afterAll(async () => {
  await close(verifying.server);
  await close(accepting.server);
  temp.remove();
});

const checkOn = (dir: string, url: string, ...rest: string[]) =>
  runCliCaptured(['--data-dir', dir, 'check-endpoint', url, '--notification-token', SECRET, ...rest]);
const check = (url: string, ...rest: string[]) => checkOn(dataDir, url, ...rest);

describe('check-endpoint', () => {
  it('passes every case against an endpoint that verifies tokens correctly, and stores each send', async () => {
    // A data directory of its own: it counts the records of its sends, whichever tests ran before.
    const ownDataDir = join(temp.dir, 'stores-each-send');
    const run = await checkOn(ownDataDir, verifying.url, '--json');
    expect(run.code, run.stdout).toBe(0);
    const report = endpointCheckReportSchema.parse(JSON.parse(run.stdout));
    expect(report.cases.map((result) => result.id)).toEqual([...ENDPOINT_CASE_IDS]);
    expect(report.cases.filter((result) => result.verdict !== verdictOfSound(result.id))).toEqual([]);
    const duplicate = report.cases.find((result) => result.id === 'duplicate');
    expect(duplicate?.statuses).toEqual([200, 200]);
    // What was sent is shown with the tokens masked, never in full.
    const sent = report.cases.find((result) => result.id === 'approved')?.sent[0];
    expect(sent?.headers).toContainEqual(['Authorization', expect.stringMatching(/^Bearer ••••.{4}$/)]);
    // The one token of both places, its mask written as it reads in each (the URL's was
    // percent-encoded: %E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2Z1hw beside Bearer ••••Z1hw).
    const bearer = sent?.headers.find(([name]) => name === 'Authorization')?.[1] ?? '';
    expect(sent?.url).toBe(`${verifying.url}?serviceToken=${bearer.slice('Bearer '.length)}`);
    expect(run.stdout).not.toContain(SECRET);

    const db = openDatabase(join(ownDataDir, 'console.sqlite'));
    try {
      const rows = db
        .prepare(
          "SELECT kind, details, order_id FROM events WHERE json_extract(details, '$.origin') = 'check-endpoint'",
        )
        .all() as { kind: string; details: string; order_id: string | null }[];
      // One record per send (the duplicate sends twice); its order stays out of the Orders list.
      expect(rows).toHaveLength(ENDPOINT_CASE_IDS.length + 1);
      expect(rows.every((row) => row.kind === 'replay' && row.order_id === null)).toBe(true);
      expect(rows.map((row) => (JSON.parse(row.details) as { case: string }).case)).toContain(
        'two-different-tokens',
      );
    } finally {
      db.close();
    }
  });

  it('passes every case against an endpoint that reads the token as the official client does (Authorization only)', async () => {
    const headerOnly = await listen(merchant('header-only'));
    try {
      const run = await check(headerOnly.url, '--json');
      const report = endpointCheckReportSchema.parse(JSON.parse(run.stdout));
      expect(report.cases.filter((result) => result.verdict !== verdictOfSound(result.id))).toEqual([]);
      expect(run.code).toBe(0);
    } finally {
      await close(headerOnly.server);
    }
  });

  it("keeps the endpoint's own query as written, as the emulator's deliveries do (no a%20b turned a+b)", async () => {
    const targets: string[] = [];
    const raw = await listen(async (req, res) => {
      for await (const chunk of req) void chunk;
      targets.push(req.url ?? '');
      res.writeHead(200).end('ok');
    });
    try {
      await check(`${raw.url}?shop=a%20b&sig=x~y&serviceToken=stale`, '--json');
      expect(targets.length).toBeGreaterThan(ENDPOINT_CASE_IDS.length);
      for (const target of targets) {
        expect(target.startsWith('/notify?shop=a%20b&sig=x~y'), target).toBe(true);
        expect(target.match(/serviceToken=/g)?.length ?? 0, target).toBeLessThanOrEqual(1);
        expect(target, 'the stale token').not.toContain('serviceToken=stale');
      }
    } finally {
      await close(raw.server);
    }
  });

  it('names the refusal cases an endpoint that accepts everything fails, and exits 1', async () => {
    const junit = join(temp.dir, 'check.xml');
    const run = await check(accepting.url, '--junit', junit);
    expect(run.code).toBe(1);
    for (const id of REFUSED) expect(run.stdout).toMatch(new RegExp(`✗ ${id} +expected 4xx +received 200`));
    expect(run.stdout).toMatch(/✓ approved /);
    expect(run.stdout).toContain(
      `${ENDPOINT_CASE_IDS.length - REFUSED.length - INFORMATIONAL.length} passed, ${REFUSED.length} failed, ${INFORMATIONAL.length} informational`,
    );
    // What a failed case sent names its token as its Authorization line does.
    const sentLines = [
      ...run.stdout.matchAll(/sent: POST \S+\?serviceToken=(\S+)\n +Authorization: Bearer (\S+);/g),
    ];
    expect(sentLines.length).toBeGreaterThan(0);
    for (const [, inUrl, inHeader] of sentLines) {
      expect(inUrl).toMatch(/^••••.{4}$/);
      expect(inUrl).toBe(inHeader);
    }
    expect(run.stdout).not.toContain('%E2%80%A2');
    const xml = readFileSync(junit, 'utf8');
    expect(junitSchemaErrors(xml, temp.dir)).toBeNull();
    expect(xml.match(/<failure /g)).toHaveLength(REFUSED.length);
  });

  // The forms the official client refuses (its /Bearer\s(\S+)/, Authenticator.php:52, and no
  // ?serviceToken= read at all) were never sent: a merchant learnt how its endpoint took them
  // only from the service. They are sent now, each reported as information, never a failure.
  it('probes the token forms the service never sends, and reports what the endpoint did as informational, never a failure', async () => {
    const arrived: { target: string; authorization: string | undefined }[] = [];
    const verify = merchant('verify');
    const recording = await listen(async (req, res) => {
      arrived.push({ target: req.url ?? '', authorization: req.headers.authorization });
      await verify(req, res);
    });
    const junit = join(temp.dir, 'informational.xml');
    try {
      const run = await check(recording.url, '--json', '--junit', junit);
      expect(run.code, run.stdout).toBe(0);
      const report = endpointCheckReportSchema.parse(JSON.parse(run.stdout));
      const probes = report.cases.filter((result) => INFORMATIONAL.includes(result.id));
      // This merchant reads "Bearer " as written; jose's base64url reading skips the space after
      // the token in the query, so it takes that one.
      const refused = (status: number) =>
        `Informational, not graded: the endpoint refused this form (${status}), as the official client does; the service never sends it, so refusing it is no fault.`;
      const accepted = (status: number) =>
        `Informational, not graded: the endpoint accepted this form (${status}), which the official client refuses (403).`;
      expect(
        probes.map((result) => [result.id, result.verdict, result.statuses, result.expected, result.detail]),
      ).toEqual([
        ['bearer-lowercase', 'info', [401], 'not 5xx', refused(401)],
        ['bearer-two-spaces', 'info', [401], 'not 5xx', refused(401)],
        ['query-token-trailing-space', 'info', [200], 'not 5xx', accepted(200)],
      ]);
      for (const probe of probes) {
        expect(probe.why, probe.id).toMatch(/^Informational, never a failure: /);
        expect(probe.why, probe.id).toMatch(/the official client .*refuses this: 403/);
      }
      expect(report).toMatchObject({
        passed: ENDPOINT_CASE_IDS.length - INFORMATIONAL.length,
        failed: 0,
        informational: INFORMATIONAL.length,
      });
      // What went out, as the endpoint received it: each form alone, the token in one place.
      const token = /^[\w-]+\.[\w-]+\.[\w-]+$/;
      const lowercase = arrived.filter((one) => one.authorization?.startsWith('bearer ') === true);
      const twoSpaces = arrived.filter((one) => one.authorization?.startsWith('Bearer  ') === true);
      const trailing = arrived.filter((one) => one.target.endsWith('%20'));
      expect([lowercase.length, twoSpaces.length, trailing.length]).toEqual([1, 1, 1]);
      expect(lowercase[0]?.authorization?.slice('bearer '.length)).toMatch(token);
      expect(twoSpaces[0]?.authorization?.slice('Bearer  '.length)).toMatch(token);
      for (const one of [...lowercase, ...twoSpaces]) expect(one.target).toBe('/notify');
      expect(trailing[0]?.authorization).toBeUndefined();
      expect(trailing[0]?.target).toMatch(/^\/notify\?serviceToken=[\w-]+\.[\w-]+\.[\w-]+%20$/);
      // Shown as sent, tokens masked: the scheme and spaces as written.
      expect(probes[0]?.sent[0]?.headers).toContainEqual([
        'Authorization',
        expect.stringMatching(/^bearer ••••.{4}$/),
      ]);
      expect(probes[1]?.sent[0]?.headers).toContainEqual([
        'Authorization',
        expect.stringMatching(/^Bearer {2}••••.{4}$/),
      ]);
      expect(probes[2]?.sent[0]?.headers.some(([name]) => name === 'Authorization')).toBe(false);
      const xml = readFileSync(junit, 'utf8');
      expect(junitSchemaErrors(xml, temp.dir)).toBeNull();
      expect(xml).toMatch(/<testsuite [^>]*failures="0" errors="0"/);

      const text = await check(recording.url);
      expect(text.code).toBe(0);
      for (const id of INFORMATIONAL)
        expect(text.stdout).toMatch(
          new RegExp(
            `^i ${id} +expected not 5xx +received \\d+ +Informational, never a failure: .*\\n {4}Informational, not graded: the endpoint (refused|accepted) this form`,
            'm',
          ),
        );
      expect(text.stdout).toContain(
        `${ENDPOINT_CASE_IDS.length - INFORMATIONAL.length} passed, 0 failed, ${INFORMATIONAL.length} informational`,
      );

      // Accepted, it says so, and is no failure either.
      const takesAll = endpointCheckReportSchema.parse(
        JSON.parse((await check(accepting.url, '--json')).stdout),
      );
      for (const id of INFORMATIONAL)
        expect(takesAll.cases.find((result) => result.id === id)).toMatchObject({
          verdict: 'info',
          statuses: [200],
          detail: accepted(200),
        });
      expect(takesAll).toMatchObject({ informational: INFORMATIONAL.length, failed: REFUSED.length });

      // An expectation set in the config grades it like any other case.
      const config = join(temp.dir, 'graded-forms.yaml');
      writeFileSync(config, 'cases:\n  bearer-lowercase: { expect: 2xx }\n');
      const graded = endpointCheckReportSchema.parse(
        JSON.parse((await check(recording.url, '--json', '--config', config)).stdout),
      );
      expect(graded.cases.find((result) => result.id === 'bearer-lowercase')).toMatchObject({
        verdict: 'fail',
        overridden: true,
        detail: 'expected 2xx, received 401',
      });
      expect(graded).toMatchObject({ failed: 1, informational: INFORMATIONAL.length - 1 });
    } finally {
      await close(recording.server);
    }
  });

  it('takes expected answers from a config file, per case', async () => {
    const config = join(temp.dir, 'conventions.yaml');
    writeFileSync(config, 'cases:\n  wrong-signature: { expect: 200 }\n  alg-none: { skip: true }\n');
    const run = await check(accepting.url, '--config', config, '--json');
    const report = endpointCheckReportSchema.parse(JSON.parse(run.stdout));
    expect(report.cases.find((result) => result.id === 'wrong-signature')).toMatchObject({
      verdict: 'pass',
      overridden: true,
    });
    expect(report.cases.find((result) => result.id === 'alg-none')?.verdict).toBe('skipped');
    writeFileSync(config, 'cases:\n  wrong-signatur: { expect: 200 }\n');
    const bad = await check(accepting.url, '--config', config);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      `--config ${config}: cases["wrong-signatur"]: unknown; the cases are approved,`,
    );
    // A 3xx never passes a case (a redirect is not followed): a config asking for one is refused.
    for (const expectation of ['3xx', '302', '[200, 301]']) {
      writeFileSync(config, `cases:\n  oversized-body: { expect: ${expectation} }\n`);
      const redirect = await check(accepting.url, '--config', config);
      expect(redirect.code, expectation).toBe(2);
      expect(redirect.stderr, expectation).toContain(
        `--config ${config}: cases["oversized-body"].expect: a 3xx never passes a case`,
      );
    }
  });

  // An endpoint redirecting every POST read '✓ two-different-tokens … received 302' and two more
  // passes, though the merchant's handler received none of them.
  it('passes no case on a redirect, saying it was not followed, as a forward and a replay say it', async () => {
    const redirecting = await listen(async (req, res) => {
      for await (const chunk of req) void chunk;
      res.writeHead(302, { Location: '/ok' }).end();
    });
    const junit = join(temp.dir, 'redirect.xml');
    try {
      const run = await check(redirecting.url, '--json', '--junit', junit);
      expect(run.code).toBe(1);
      const report = endpointCheckReportSchema.parse(JSON.parse(run.stdout));
      expect(report).toMatchObject({ reachable: true, passed: 0, failed: ENDPOINT_CASE_IDS.length });
      for (const result of report.cases) {
        expect(result.verdict, result.id).toBe('fail');
        expect(result.detail, result.id).toBe('The target answered 302 (a redirect, not followed).');
      }
      expect(readFileSync(junit, 'utf8').match(/<failure /g)).toHaveLength(ENDPOINT_CASE_IDS.length);

      const text = await check(redirecting.url);
      expect(text.stdout).toMatch(
        /✗ two-different-tokens +expected not 5xx +received 302 .*\n {4}The target answered 302 \(a redirect, not followed\)\./,
      );
      expect(text.stdout).not.toMatch(/✓/);
      expect(text.stdout).toContain(`0 passed, ${ENDPOINT_CASE_IDS.length} failed`);
    } finally {
      await close(redirecting.server);
    }
  });

  it('refuses an endpoint URL with a password, naming why, and sends and stores nothing', async () => {
    const arrived: string[] = [];
    const endpoint = await listen(async (req, res) => {
      for await (const chunk of req) void chunk;
      arrived.push(req.url ?? '');
      res.writeHead(200).end('ok');
    });
    const countRecords = () => {
      const db = openDatabase(join(dataDir, 'console.sqlite'));
      try {
        return (db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    try {
      const before = countRecords();
      const withPassword = endpoint.url.replace('http://', 'http://user:PASSWORDinurl77@');
      const junit = join(temp.dir, 'with-password.xml');
      const run = await check(withPassword, '--json', '--junit', junit);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        'error: <url>: Remove the user name or password from the endpoint URL: the battery does not send them (each notification carries its own token), and they would be stored with every record\n',
      );
      expect(run.stdout).toBe('');
      expect(arrived).toEqual([]);
      expect(countRecords()).toBe(before);
      expect(existsSync(junit)).toBe(false);
      // A user name alone is refused too: it would be stored as well, and never sent.
      const userOnly = await check(endpoint.url.replace('http://', 'http://user@'));
      expect(userOnly.code).toBe(2);
      expect(arrived).toEqual([]);
    } finally {
      await close(endpoint.server);
    }
  });

  it('grades an endpoint that answered 200 and cut its body on the 200, noting the cut, and sends the whole battery', async () => {
    // Reads each request whole, answers 200 with 7 of the 100 body bytes it announces, then closes.
    const cutting = createNetServer((socket) => {
      let seen = '';
      socket.on('error', () => undefined);
      socket.on('data', (chunk: Buffer) => {
        seen += chunk.toString('latin1');
        const end = seen.indexOf('\r\n\r\n');
        const length = Number(/content-length: *(\d+)/i.exec(seen.slice(0, end))?.[1] ?? 0);
        if (end === -1 || seen.length < end + 4 + length) return;
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n1234567');
        setTimeout(() => socket.destroy(), 30);
      });
    });
    await new Promise<void>((resolve) => cutting.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(cutting.address() as AddressInfo).port}/notify`;
    try {
      const run = await check(url, '--json');
      const report = endpointCheckReportSchema.parse(JSON.parse(run.stdout));
      expect(report.reachable).toBe(true);
      const cut = `answered 200, then closed the connection 7 bytes into a body of 100`;
      for (const result of report.cases) {
        expect(result.recordIds.length, result.id).toBeGreaterThan(0);
        expect(
          result.statuses.every((status) => status === 200),
          result.id,
        ).toBe(true);
        expect(result.detail, result.id).toContain(cut);
      }
      expect(report.cases.find((result) => result.id === 'approved')?.verdict).toBe('pass');
      expect(report.cases.filter((result) => result.verdict === 'fail').map((result) => result.id)).toEqual(
        REFUSED,
      );
      expect(report.cases.find((result) => result.id === 'expired')?.detail).toMatch(
        new RegExp(`^expected 4xx, received 200; 127\\.0\\.0\\.1:\\d+ ${cut}`),
      );
      expect(run.code).toBe(1);

      const text = await check(url);
      expect(text.code).toBe(1);
      expect(text.stdout).toMatch(
        new RegExp(`✓ approved +expected 2xx +received 200 .*\\n    127\\.0\\.0\\.1:\\d+ ${cut}`),
      );
      expect(text.stdout).toMatch(/✗ no-token +expected 4xx +received 200/);
      expect(text.stdout).not.toContain('not sent');
      expect(text.stdout).not.toContain('could not be reached');
      expect(text.stdout).toContain(
        `${ENDPOINT_CASE_IDS.length - REFUSED.length - INFORMATIONAL.length} passed, ${REFUSED.length} failed, ${INFORMATIONAL.length} informational`,
      );
    } finally {
      await new Promise<void>((resolve) => cutting.close(() => resolve()));
    }
  });

  it('exits 2 when the endpoint cannot be reached', async () => {
    const run = await check(downUrl);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('! approved');
    expect(run.stdout).toContain('Connection refused');
    expect(run.stdout).toContain('could not be reached; nothing was graded');
  });

  // The text said "could not be reached; nothing was graded", while --json said "failed": 14 (13
  // of them never sent) and JUnit errors="14": a case not sent is not a failure.
  it('counts the cases it did not send as not sent, in the JSON and JUnit alike, never as failed', async () => {
    const junit = join(temp.dir, 'down.xml');
    const run = await check(downUrl, '--json', '--junit', junit);
    expect(run.code).toBe(2);
    const report = endpointCheckReportSchema.parse(JSON.parse(run.stdout));
    const others = ENDPOINT_CASE_IDS.length - 1;
    expect(report).toMatchObject({ reachable: false, passed: 0, failed: 0, noAnswer: 1, notSent: others });
    expect(report.stopped).toMatchObject({ kind: 'unreachable' });
    expect(report.cases[0]).toMatchObject({ id: 'approved', verdict: 'unreachable' });
    expect(new Set(report.cases.slice(1).map((result) => result.verdict))).toEqual(new Set(['not_sent']));
    const xml = readFileSync(junit, 'utf8');
    expect(junitSchemaErrors(xml, temp.dir)).toBeNull();
    expect(xml).toMatch(new RegExp(`<testsuite [^>]*failures="0" errors="1" skipped="${others}"`));
    expect(xml).toMatch(/<error message="[^"]*Connection refused[^"]*" type="Unreachable">/);
    expect(xml.match(/<skipped message="not sent: Connection refused/g)).toHaveLength(others);
  });

  // An endpoint that took the connection and answered after 15 s was "could not be reached".
  it('says an endpoint that did not answer the first case in time did not answer, not that it could not be reached', async () => {
    // Takes the connection, never answers (it would after 15 s; the check waits 1).
    const held = new Set<Socket>();
    const silent = createNetServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const config = join(temp.dir, 'quick.yaml');
    writeFileSync(config, 'timeoutMs: 1000\n');
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/notify`;
      const run = await check(url, '--config', config);
      expect(run.code).toBe(2);
      expect(run.stdout).toContain(
        `${url} did not answer the first case within 1 s; the other ${ENDPOINT_CASE_IDS.length - 1} cases were not sent, so nothing was graded.`,
      );
      expect(run.stdout).not.toContain('could not be reached');
      // Its own verdict in every reporter: the case's line, JSON and JUnit never say unreachable.
      expect(run.stdout).toMatch(/^… approved +expected 2xx +received no answer /m);
      const junit = join(temp.dir, 'no-answer.xml');
      const json = endpointCheckReportSchema.parse(
        JSON.parse((await check(url, '--config', config, '--json', '--junit', junit)).stdout),
      );
      expect(json.stopped).toMatchObject({ kind: 'no_answer' });
      // The endpoint was reached (it took the connection); it was slow, and nothing was graded.
      expect(json).toMatchObject({ reachable: true, noAnswer: 1, notSent: ENDPOINT_CASE_IDS.length - 1 });
      expect(json.cases[0]).toMatchObject({ id: 'approved', verdict: 'no_answer' });
      const xml = readFileSync(junit, 'utf8');
      expect(junitSchemaErrors(xml, temp.dir)).toBeNull();
      expect(xml).toMatch(
        /<error message="The whole request was sent, and no answer came within 1 s \(timeout\): [^"]*" type="NoAnswer">/,
      );
      expect(xml).not.toContain('Unreachable');
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  // https:// at a plain-HTTP server printed OpenSSL's own dump on every case, a literal \u000a in it.
  it('says in one sentence that an https URL reached a plain-HTTP server', async () => {
    const url = verifying.url.replace('http:', 'https:');
    const host = new URL(url).host;
    const run = await check(url);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain(`${host} answered in plain HTTP, not TLS: use http://`);
    expect(run.stdout).not.toMatch(/SSL routines|\\u000a|ssl3_get_record/);
  });
});
