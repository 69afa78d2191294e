import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import type { TimelineDetail } from '../../src/shared/events';
import { maskWith, redactWith, replaceSecretsInText } from '../../src/shared/secrets/redact-secrets';
import { jsonEscapedWhole, percentEncodedWhole, setEverySecret } from './helpers/profile-secrets';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

// A profile secret echoed in a *body* was masked where the body wrote it plain, but not where it
// was spelled another way a body may: percent-encoded in a form-encoded body (`%73k_…`,
// `hdr%2Fvalue`), or with JSON's escapes in a JSON body (`\u0073k_…`, `hdr\/value`, as PHP's
// json_encode writes a slash). The record's detail, curl (even --with-token) and exports, even
// with tokens kept, printed it.

const API_TOKEN = 'sk_test_BODYECHO_0123456789';
const NOTIFICATION_TOKEN = 'notify-BODYECHO-7777';
/** A registered header value with a slash, a plus and an equals sign. */
const HEADER_VALUE = 'hdr/VALUE+body=4321';

/** Each secret as a body may spell it (`spelled`), in a body of that type. */
const SPELLED: { secret: string; type: string; spelled: string }[] = [
  { secret: API_TOKEN, type: 'application/x-www-form-urlencoded', spelled: percentEncodedWhole(API_TOKEN) },
  {
    secret: API_TOKEN,
    type: 'application/x-www-form-urlencoded',
    spelled: 'sk%5Ftest%5FBODYECHO%5F0123456789',
  },
  { secret: NOTIFICATION_TOKEN, type: 'application/json', spelled: jsonEscapedWhole(NOTIFICATION_TOKEN) },
  { secret: NOTIFICATION_TOKEN, type: 'application/json', spelled: 'notify\\u002DBODYECHO\\u002d7777' },
  { secret: HEADER_VALUE, type: 'application/json', spelled: 'hdr\\/VALUE+body=4321' },
  {
    secret: HEADER_VALUE,
    type: 'application/x-www-form-urlencoded',
    spelled: encodeURIComponent(HEADER_VALUE),
  },
];
const bodyOf = ({ type, spelled }: (typeof SPELLED)[number]) =>
  type === 'application/json' ? `{"a":1,"echo":"${spelled}"}` : `a=1&echo=${spelled}`;

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

describe('a profile secret echoed in a body, spelled as the body type may spell it', () => {
  it('is masked in the detail and REDACTED in curl and exports, with tokens kept too', async () => {
    for (const entry of SPELLED) {
      const id = core.recorder.record({
        kind: 'webhook',
        method: 'POST',
        url: 'http://127.0.0.1:4455/hook',
        path: '/hook',
        status: 200,
        requestHeaders: [['Content-Type', entry.type]],
        requestBody: Buffer.from(bodyOf(entry)),
      }).id;
      const { secret, spelled } = entry;
      const detail = await core.dispatcher('getEvent', { id }, { transport: 'websocket' });
      expect(detail.ok).toBe(true);
      const text = (detail as { data: TimelineDetail }).data.requestBody?.text ?? '';
      expect(text, spelled).not.toContain(spelled);
      expect(text, spelled).toContain(`••••${secret.slice(-4)}`);
      for (const flags of [[], ['--with-token']]) {
        const run = await cli('curl', String(id), ...flags);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout, `curl ${flags.join(' ')}: ${spelled}`).not.toContain(spelled);
        expect(run.stdout, `curl ${flags.join(' ')}: ${spelled}`).toContain(
          bodyOf({ ...entry, spelled: 'REDACTED' }),
        );
      }
    }
    for (const flags of [[], ['--include-tokens']]) {
      const exported = await cli('export', '--format', 'json', ...flags);
      expect(exported.code, exported.stderr).toBe(0);
      const bodies = (
        JSON.parse(exported.stdout) as { events: { request_body: string | null }[] }
      ).events.map((record) => record.request_body ?? '');
      expect(bodies.sort()).toEqual(SPELLED.map((entry) => bodyOf({ ...entry, spelled: 'REDACTED' })).sort());
    }
  });
});

describe('replaceSecretsInText', () => {
  const secret = 'sk_test_ABC/def_123';
  it('finds a secret plain, percent-encoded in either case, and JSON-escaped', () => {
    expect(replaceSecretsInText('{"a":"\\u0073k_test_ABC\\/def\\u005F123"}', [secret], redactWith)).toBe(
      '{"a":"REDACTED"}',
    );
    expect(replaceSecretsInText('a=sk%5ftest_ABC%2Fdef_123&b=1', [secret], maskWith)).toBe('a=••••_123&b=1');
    expect(replaceSecretsInText('{"a":"sk_test_ABC/def_123"}', [secret], redactWith)).toBe(
      '{"a":"REDACTED"}',
    );
  });

  it('leaves an escaped backslash before a u alone: that text is not the secret, and the JSON stays valid', () => {
    const text = '{"a":"\\\\u0073k_test_ABC/def_123"}';
    expect(replaceSecretsInText(text, [secret], redactWith)).toBe(text);
    const odd = '{"a":"\\\\\\u0073k_test_ABC/def_123"}';
    const replaced = replaceSecretsInText(odd, [secret], redactWith);
    expect(replaced).toBe('{"a":"\\\\REDACTED"}');
    expect(() => JSON.parse(replaced) as unknown).not.toThrow();
  });

  it('a text that merely resembles a secret is kept as written', () => {
    const text = 'a=sk%5Ftest%5Fother&b={"c":"\\u0073k_test_other"}';
    expect(replaceSecretsInText(text, [secret], redactWith)).toBe(text);
  });
});

describe('replaceSecretsInText on a hostile body', () => {
  it('a body of backslashes is read in one pass, its escaped pairs kept', () => {
    // A look behind for an even run of backslashes scanned back at every position: 2 MB of
    // backslashes took quadratic time (hours) to mask, export or index.
    const run = '\\'.repeat(2_000_000);
    const text = `{"a":"${run}u0073k_test_ABC/def_123 \\u0073k_test_ABC/def_123"}`;
    expect(replaceSecretsInText(text, ['sk_test_ABC/def_123'], redactWith)).toBe(
      `{"a":"${run}u0073k_test_ABC/def_123 REDACTED"}`,
    );
  });
});
