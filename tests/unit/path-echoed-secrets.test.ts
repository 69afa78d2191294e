import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import type { TimelineDetail } from '../../src/shared/events';
import { percentEncodedWhole, setEverySecret } from './helpers/profile-secrets';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';
import { openConsoleWithWebhook } from './helpers/unopened-secrets';

// A profile secret echoed in a record's URL *path* (a merchant endpoint `/hook/<token>/x`, a
// segment equal to the API token or a registered header value) was masked where it was
// written plain, but not where it was percent-encoded (`%2F` for a slash, `%2D` for a hyphen,
// as a client may write any character): `curl`, `history`, an export and the record's detail
// printed it. And while a secret could not be opened here, `curl` left out the body, the query's
// values and the header values that could echo it, but printed the path as stored.

const API_TOKEN = 'sk_test_PATHECHO_0123456789';
const NOTIFICATION_TOKEN = 'notify-PATHECHO-7777';
/** A registered header value with characters a path must percent-encode. */
const HEADER_VALUE = 'hdr/VALUE+path=4321';

/** Each secret as a path may carry it: plain (where it can be), as encodeURIComponent writes it, wholly encoded. */
const SPELLINGS: Record<string, string[]> = {
  [API_TOKEN]: [API_TOKEN, percentEncodedWhole(API_TOKEN), 'sk%5Ftest%5FPATHECHO%5F0123456789'],
  [NOTIFICATION_TOKEN]: [NOTIFICATION_TOKEN, 'notify%2dPATHECHO%2D7777'],
  [HEADER_VALUE]: [encodeURIComponent(HEADER_VALUE), percentEncodedWhole(HEADER_VALUE)],
};

let core: ConsoleCore;
let dataDir = '';
let dispose: () => Promise<void> = async () => undefined;

beforeEach(async () => {
  ({ core, dataDir, dispose } = await openTempConsole());
  setEverySecret(core, 'Local', {
    apiToken: API_TOKEN,
    notificationToken: NOTIFICATION_TOKEN,
    headerValue: HEADER_VALUE,
  });
});
afterEach(async () => {
  await dispose();
});

const cli = (...args: string[]) => runCliCaptured(['--data-dir', dataDir, ...args]);

/** A webhook whose path (and URL) carries `segment`. */
const recordEcho = (segment: string) =>
  core.recorder.record({
    kind: 'webhook',
    method: 'POST',
    url: `http://127.0.0.1:4455/hook/${segment}/x`,
    path: `/hook/${segment}/x`,
    status: 200,
    requestHeaders: [['Content-Type', 'application/json']],
    requestBody: Buffer.from('{}'),
  }).id;

/** What no output may hold: the secret, in any spelling the test wrote it with. */
function expectNoSpelling(output: string, secret: string, where: string) {
  for (const spelling of [secret, ...(SPELLINGS[secret] ?? [])])
    expect(output, `${where}: ${spelling}`).not.toContain(spelling);
}

describe('a profile secret echoed in a URL path', () => {
  it('is masked on screen and REDACTED in curl, history and exports, in every spelling', async () => {
    const ids = new Map<number, string>();
    for (const [secret, spellings] of Object.entries(SPELLINGS))
      for (const spelling of spellings) ids.set(recordEcho(spelling), secret);

    for (const [id, secret] of ids) {
      const detail = await core.dispatcher('getEvent', { id }, { transport: 'websocket' });
      expect(detail.ok).toBe(true);
      const shown = (detail as { data: TimelineDetail }).data;
      expectNoSpelling(JSON.stringify([shown.url, shown.path]), secret, `detail ${id}`);
      expect(shown.path).toBe(`/hook/••••${secret.slice(-4)}/x`);
      expect(shown.secretsMasked).toBe(true);

      for (const flags of [[], ['--with-token']]) {
        const run = await cli('curl', String(id), ...flags);
        expect(run.code, run.stderr).toBe(0);
        expectNoSpelling(run.stdout, secret, `curl ${id} ${flags.join(' ')}`);
        expect(run.stdout).toContain('http://127.0.0.1:4455/hook/REDACTED/x');
      }
    }

    const table = await cli('history');
    expect(table.code, table.stderr).toBe(0);
    const whole = await cli('history', '--json');
    expect(whole.code, whole.stderr).toBe(0);
    const exported = await cli('export', '--format', 'har');
    expect(exported.code, exported.stderr).toBe(0);
    for (const secret of Object.keys(SPELLINGS)) {
      expectNoSpelling(table.stdout, secret, 'history');
      expect(table.stdout).toContain(`/hook/••••${secret.slice(-4)}/x`);
      expectNoSpelling(whole.stdout, secret, 'history --json');
      expectNoSpelling(exported.stdout, secret, 'export');
    }
    const paths = (JSON.parse(whole.stdout) as { path: string }[]).map((record) => record.path);
    expect(new Set(paths)).toEqual(new Set(['/hook/REDACTED/x']));
  });

  it('a path that merely resembles a secret is kept as written', async () => {
    const id = recordEcho('sk%5Ftest%5Fother');
    const run = await cli('curl', String(id));
    expect(run.stdout).toContain('http://127.0.0.1:4455/hook/sk%5Ftest%5Fother/x');
    const table = await cli('history');
    expect(table.stdout).toContain('/hook/sk%5Ftest%5Fother/x');
  });
});

describe('a secret this process cannot open, echoed in a URL path', () => {
  it('curl leaves out the path segments that could echo it, as it does the query, and says so', async () => {
    const unopened = await openConsoleWithWebhook();
    try {
      const id = unopened.core.recorder.record({
        kind: 'webhook',
        method: 'POST',
        url: 'http://127.0.0.1:4455/hook/sk_test_UNOPENED_0123456789/x',
        path: '/hook/sk_test_UNOPENED_0123456789/x',
        status: 200,
      }).id;
      unopened.sealElsewhere('Sandbox');
      for (const flags of [[], ['--with-token']]) {
        const run = await unopened.cli('curl', String(id), ...flags);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout).not.toContain('UNOPENED');
        expect(run.stdout).toContain('http://127.0.0.1:4455/hook/REDACTED/x');
        expect(run.stderr).toMatch(/a path segment \(REDACTED\) is left out/i);
        expect(run.stderr).toMatch(/Sandbox's API token.*safestorage/s);
      }
      // The list has no body to leave out; it names the secret it cannot mask in a path.
      const table = await unopened.cli('history');
      expect(table.code, table.stderr).toBe(0);
      expect(table.stderr).toMatch(/cannot be masked where a path echoes it: Sandbox's API token/);
    } finally {
      await unopened.dispose();
    }
  });
});
