import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConsole, type ConsoleCore } from '../../src/main/app';
import { timelineDetailSchema } from '../../src/shared/events';
import { makeTempDir } from './helpers/temp-console';

// While a profile's current token could not be opened by this process (here: sealed with a
// vault.key since lost), opening ANY record's detail was refused with the vault's words: the
// status, verdicts and timing of a webhook that had nothing to do with that token could not be
// read. Now the detail answers: what could echo the token (which nothing here can mask by its
// value) is withheld, said with why and the way out; everything else is shown.

let temp = makeTempDir();
let core: ConsoleCore | null = null;
beforeEach(() => {
  temp = makeTempDir();
});
afterEach(async () => {
  await core?.close();
  core = null;
  temp.remove();
});

/**
 * A data directory whose Local API token is echoed by a webhook (query, a header, both bodies),
 * reopened after its vault.key was lost: the token cannot be opened, nor masked by its value.
 */
async function consoleWithLostKey(): Promise<{ id: number; token: string; quiet: number }> {
  const first = await createConsole({ dataDir: temp.dir, frontDoor: 'browser', keychain: 'off' });
  const local = first.profiles.findByName('Local');
  const token = local === undefined ? null : first.profiles.secretsOf(local.id).apiToken;
  if (token === null) throw new Error('the Local profile should have an API token');
  const id = first.recorder.record({
    kind: 'webhook',
    method: 'POST',
    url: `http://127.0.0.1:4455/hooks?note=${token}`,
    path: '/hooks',
    query: `note=${token}`,
    status: 200,
    durationMs: 12,
    tokenVerdict: 'expired',
    bodyVerdict: 'event',
    eventType: 'order_approved',
    requestHeaders: [
      ['Content-Type', 'application/json'],
      ['X-Echo', token],
    ],
    requestBody: Buffer.from(JSON.stringify({ event_type: 'order_approved', note: token })),
    responseHeaders: [['Content-Type', 'application/json']],
    responseBody: Buffer.from(JSON.stringify({ received: token })),
  }).id;
  // Nothing in it could echo a token: shown whole, with nothing withheld.
  const quiet = first.recorder.record({
    kind: 'webhook',
    method: 'POST',
    url: 'http://127.0.0.1:4455/hooks',
    path: '/hooks',
    status: 204,
    requestHeaders: [['Content-Type', 'application/json']],
  }).id;
  await first.close();
  rmSync(join(temp.dir, 'vault.key'));
  core = await createConsole({ dataDir: temp.dir, frontDoor: 'browser', keychain: 'off' });
  return { id, token, quiet };
}

describe("a record's detail while a profile's current token cannot be opened here", () => {
  it('shows status, verdicts and timing, withholds what could echo the token, and never its bytes', async () => {
    const { id, token } = await consoleWithLostKey();
    if (core === null) throw new Error('no console');

    const shown = core.recordSecrets.shown(id);
    expect(shown).toMatchObject({
      id,
      kind: 'webhook',
      status: 200,
      durationMs: 12,
      tokenVerdict: 'expired',
      bodyVerdict: 'event',
      eventType: 'order_approved',
      path: '/hooks',
      url: 'http://127.0.0.1:4455/hooks',
      query: null,
      requestHeaders: [],
      requestBody: null,
      responseBody: null,
    });
    expect(shown.withheld?.parts).toEqual(['query', 'requestHeaders', 'requestBody', 'responseBody']);
    // A lost vault.key: both of Local's tokens, with the vault's one why.
    expect(shown.withheld?.secrets).toEqual(["Local's API token", "Local's notification token"]);
    expect(shown.withheld?.reason).toBe(
      `Local's API token and Local's notification token cannot be opened by this process, so they could not be masked where this record may echo them: this process's "file-aes256gcm" key does not open it: the key was replaced or lost since`,
    );
    expect(shown.withheld?.wayOut).toContain('profiles forget-secret Local');
    // Response headers of a fixed form cannot hold it: shown.
    expect(shown.responseHeaders).toEqual([['Content-Type', 'application/json']]);
    expect(JSON.stringify(shown)).not.toContain(token);
  });

  it('through the bridge (a browser tab) the answer keeps to the contract, withheld parts said', async () => {
    const { id, token, quiet } = await consoleWithLostKey();
    if (core === null) throw new Error('no console');
    const answer = await core.dispatcher('getEvent', { id }, { transport: 'websocket' });
    if (!answer.ok) throw new Error(`getEvent was refused: ${JSON.stringify(answer.error)}`);
    const detail = timelineDetailSchema.parse(answer.data);
    expect(detail.withheld?.parts).toContain('requestBody');
    expect(JSON.stringify(answer)).not.toContain(token);

    const whole = await core.dispatcher('getEvent', { id: quiet }, { transport: 'websocket' });
    expect(whole).toMatchObject({ ok: true, data: { status: 204, withheld: null } });
  });

  it('an explicit Reveal of a withheld part is refused, naming the token and the way out', async () => {
    const { id, quiet } = await consoleWithLostKey();
    if (core === null) throw new Error('no console');
    const recordSecrets = core.recordSecrets;
    expect(() => recordSecrets.revealed(id)).toThrow(
      /Revealing record \d+ is refused: .*Local's API token — .*profiles forget-secret Local/s,
    );
    // A record with nothing that could echo it reveals as before.
    expect(recordSecrets.revealed(quiet)).toMatchObject({ id: quiet, status: 204, withheld: null });
  });
});
