import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import type { EventPageResult } from '../../src/shared/contract/timeline';
import { setEverySecret } from './helpers/profile-secrets';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

// The text index held both bodies as they arrived. A body echoing a secret the console knows (a
// profile token, a former one, a registered webhook header value) was masked on every screen and
// REDACTED in exports, yet a window could learn it a character at a time with prefix searches
// ("sk_test_E", "sk_test_EC", …: a record found or not). The index now holds what an export
// holds: each known secret replaced by REDACTED, also for records indexed before it was known.

const API_TOKEN = 'sk_test_ECHOED_0123456789';
/** Letters and digits only, glued to the word before it: one search word, "orderglued9f8e…". */
const NOTIFICATION_TOKEN = 'Glued9f8e7d6c5b4a';
const HEADER_VALUE = 'hdr-VALUE-77665544';
const BODY = JSON.stringify({
  note: 'kettle descaled',
  key: `key ${API_TOKEN}`,
  ref: `order${NOTIFICATION_TOKEN}`,
  header: HEADER_VALUE,
});

/** Prefixes a window could try, one more character each time. */
const PROBES = ['sk_test_ECH', 'ECHO', '01234567', 'orderGlued9f', 'orderGlued', '77665', 'VALUE'];

let core: ConsoleCore;
let dataDir = '';
let dispose: () => Promise<void> = async () => undefined;

beforeEach(async () => {
  ({ core, dataDir, dispose } = await openTempConsole());
});
afterEach(async () => {
  await dispose();
});

const storeEchoingRecord = (): number =>
  core.recorder.record({
    kind: 'webhook',
    method: 'POST',
    url: 'http://127.0.0.1:4455/hooks',
    path: '/hooks',
    status: 200,
    requestBody: Buffer.from(BODY),
    responseBody: Buffer.from(`{"seen":"${API_TOKEN}"}`),
  }).id;

const setSecrets = () =>
  setEverySecret(core, 'Sandbox', {
    apiToken: API_TOKEN,
    notificationToken: NOTIFICATION_TOKEN,
    headerValue: HEADER_VALUE,
  });

/** What the window gets for a search: the page's ids and the count, through the window's dispatcher. */
async function windowFinds(text: string): Promise<{ ids: number[]; count: number }> {
  const page = await core.dispatcher('listEvents', { filter: { text }, limit: 100 }, { transport: 'ipc' });
  const count = await core.dispatcher('countEvents', { filter: { text } }, { transport: 'ipc' });
  if (!page.ok) throw new Error(page.error.message);
  if (!count.ok) throw new Error(count.error.message);
  return {
    ids: (page.data as EventPageResult).items.map((item) => item.id),
    count: (count.data as { count: number }).count,
  };
}

/** The ids `history --search` prints (another console on the same data directory). */
async function historyFinds(text: string): Promise<number[]> {
  const run = await runCliCaptured(['--data-dir', dataDir, 'history', '--search', text, '--json']);
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { id: number }[]).map((record) => record.id);
}

async function expectNoProbeFinds() {
  for (const probe of PROBES) {
    expect(await windowFinds(probe), probe).toEqual({ ids: [], count: 0 });
    expect(await historyFinds(probe), probe).toEqual([]);
  }
}

async function expectOtherWordsFind(id: number) {
  expect(await windowFinds('kettle')).toEqual({ ids: [id], count: 1 });
  expect(await windowFinds('descal')).toEqual({ ids: [id], count: 1 });
  expect(await historyFinds('kettle descaled')).toEqual([id]);
}

describe('the text index never holds a secret the console knows', () => {
  it('a record echoing secrets set before it arrived: no prefix of one finds it, its other words do', async () => {
    setSecrets();
    const id = storeEchoingRecord();
    await expectNoProbeFinds();
    await expectOtherWordsFind(id);
  });

  it('a secret echoed percent-encoded in a path: no prefix of its encoded words finds it', async () => {
    setSecrets();
    const encoded = 'hdr%2DVALUE%2d77665544';
    const { id } = core.recorder.record({
      kind: 'webhook',
      method: 'POST',
      url: `http://127.0.0.1:4455/kettlehook/${encoded}/x`,
      path: `/kettlehook/${encoded}/x`,
      status: 200,
    });
    // The tokenizer splits at '%': "2dvalue", "2d77665544" would spell the value out.
    for (const probe of ['2DVALUE', '2dval', '2D77665', 'hdr'])
      expect(await windowFinds(probe), probe).toEqual({ ids: [], count: 0 });
    expect(await windowFinds('kettlehook')).toEqual({ ids: [id], count: 1 });
  });

  // A form-encoded body spells a secret percent-encoded, a JSON body may escape any character
  // (PHP's json_encode writes a slash `\/`): the tokenizer split those at '%' and '\\', so
  // "5fechoed", "u002dvalue" spelled the secret out.
  const spelledBodies = () => [
    core.recorder.record({
      kind: 'webhook',
      method: 'POST',
      url: 'http://127.0.0.1:4455/kettleform',
      path: '/kettleform',
      status: 200,
      requestHeaders: [['Content-Type', 'application/x-www-form-urlencoded']],
      requestBody: Buffer.from('note=kettleform&key=sk%5Ftest%5FECHOED%5F0123456789'),
    }).id,
    core.recorder.record({
      kind: 'webhook',
      method: 'POST',
      url: 'http://127.0.0.1:4455/kettlejson',
      path: '/kettlejson',
      status: 200,
      requestHeaders: [['Content-Type', 'application/json']],
      requestBody: Buffer.from('{"note":"kettlejson","h":"hdr\\u002dVALUE\\u002D77665544"}'),
    }).id,
  ];
  const SPELLED_PROBES = ['5fECHOED', '5f01234567', 'u002dVALUE', 'u002D77665'];

  it('a secret echoed percent-encoded or JSON-escaped in a body: no prefix of its words finds it', async () => {
    setSecrets();
    const [form, json] = spelledBodies();
    for (const probe of SPELLED_PROBES)
      expect(await windowFinds(probe), probe).toEqual({ ids: [], count: 0 });
    expect(await windowFinds('kettleform')).toEqual({ ids: [form], count: 1 });
    expect(await windowFinds('kettlejson')).toEqual({ ids: [json], count: 1 });
  });

  it('a spelled secret set after the record was indexed: the scan finds it, the record is indexed again', async () => {
    const [form, json] = spelledBodies();
    expect((await windowFinds('5fECHOED')).ids).toEqual([form]);
    expect((await windowFinds('u002dVALUE')).ids).toEqual([json]);
    setSecrets();
    for (const probe of SPELLED_PROBES)
      expect(await windowFinds(probe), probe).toEqual({ ids: [], count: 0 });
    expect(await windowFinds('kettlejson')).toEqual({ ids: [json], count: 1 });
  });

  it('secrets set after the record was indexed: the record is indexed again without them', async () => {
    const id = storeEchoingRecord();
    // Indexed with its words as they were (a search catches the index up).
    expect((await windowFinds('orderGlued9f')).ids).toEqual([id]);
    setSecrets();
    await expectNoProbeFinds();
    await expectOtherWordsFind(id);
  });

  it('a token set by another console on the same data directory', async () => {
    const id = storeEchoingRecord();
    expect((await windowFinds('ECHO')).ids).toEqual([id]);
    const set = await runCliCaptured([
      '--data-dir',
      dataDir,
      'profiles',
      'set',
      'Sandbox',
      '--api-token',
      API_TOKEN,
    ]);
    expect(set.code, set.stderr).toBe(0);
    for (const probe of ['sk_test_ECH', 'ECHO', '01234567']) {
      expect(await windowFinds(probe), probe).toEqual({ ids: [], count: 0 });
      expect(await historyFinds(probe), probe).toEqual([]);
    }
    await expectOtherWordsFind(id);
  });

  it('a record updated once indexed (its answer arrived later) is indexed again without them', async () => {
    setSecrets();
    const id = core.recorder.record({
      kind: 'request',
      method: 'POST',
      url: 'http://127.0.0.1:4455/checkout',
      path: '/checkout',
      requestBody: Buffer.from('{"note":"kettle descaled"}'),
    }).id;
    expect((await windowFinds('kettle')).ids).toEqual([id]);
    core.events.update(id, { status: 200, responseBody: Buffer.from(BODY) });
    await expectNoProbeFinds();
    await expectOtherWordsFind(id);
  });

  it('a former token (replaced since) stays out of the index too', async () => {
    setSecrets();
    const sandbox = core.profiles.findByName('Sandbox');
    if (sandbox === undefined) throw new Error('seed profiles missing');
    core.profiles.update(
      sandbox.id,
      {},
      { apiToken: { action: 'clear' }, notificationToken: { action: 'keep' } },
    );
    const id = storeEchoingRecord();
    for (const probe of ['sk_test_ECH', 'ECHO', '01234567'])
      expect(await windowFinds(probe), probe).toEqual({ ids: [], count: 0 });
    await expectOtherWordsFind(id);
  });
});
