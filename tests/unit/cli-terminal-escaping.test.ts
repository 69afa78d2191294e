import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runListen } from '../../src/main/cli/commands/listen';
import { terminalSafe, terminalSafeJson } from '../../src/main/cli/terminal-text';
import { captureCliContext } from './helpers/captured-cli-context';
import { rawRequest } from './helpers/http';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

/**
 * Issue 15.8: control characters in a webhook's event_type or order_id were printed raw by
 * `listen` and `history`, so a remote sender could clear the screen or forge a line such as
 * "FAKE LINE token=valid". Everything printed from a record must arrive escaped.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const DANGEROUS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const FORGED_EVENT = 'order_approved\u001b[2J\u001b[H\rFAKE LINE token=valid\n\u009b31m\u202egnp.exe';
const FORGED_ORDER = '6f1c0a8e\u001b]0;pwned\u0007-2f7b';

const temps: { remove: () => void }[] = [];
afterEach(() => temps.splice(0).forEach((temp) => temp.remove()));

async function waitFor(read: () => string, pattern: RegExp): Promise<void> {
  for (let attempt = 0; attempt < 300 && !pattern.test(read()); attempt++)
    await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Printed text has no raw control character, and only the expected number of lines. */
function expectTerminalSafe(text: string, lines: number): void {
  expect(text).not.toMatch(DANGEROUS);
  expect(text.split('\n').filter((line) => line !== '').length).toBe(lines);
  expect(text).not.toMatch(/^FAKE LINE/m);
}

describe('text from records never drives the terminal', () => {
  it('listen and history print forged event types and order ids escaped, one line per record', async () => {
    const temp = makeTempDir();
    temps.push(temp);
    const run = captureCliContext({ dataDir: temp.dir });
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const listening = runListen(run.context, { port: '0', notificationToken: 'escape-secret' }, stopped);
    await waitFor(run.out, /Listening on/);
    const origin = /Listening on (\S+)/.exec(run.out())?.[1] ?? '';
    const body = JSON.stringify({ order_id: FORGED_ORDER, event_type: FORGED_EVENT, data: [] });
    const answer = await rawRequest(`${origin}/hook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(answer.status).toBe(200);
    await waitFor(run.out, /token=/);
    stop();
    await listening;
    expectTerminalSafe(run.out(), 2);
    expect(run.out()).toContain('\\x1b[2J');

    const table = await runCliCaptured(['--data-dir', temp.dir, 'history']);
    expectTerminalSafe(table.stdout, 2);
    const json = await runCliCaptured(['--data-dir', temp.dir, 'history', '--json']);
    expect(json.stdout).not.toMatch(DANGEROUS);
    // Still the same JSON: the exact values come back when parsed.
    const [record] = JSON.parse(json.stdout) as { event_type: string; order_id: string }[];
    expect(record).toMatchObject({ event_type: FORGED_EVENT, order_id: FORGED_ORDER });
  });

  it('errors and findings quoting a hostile file are escaped', async () => {
    const temp = makeTempDir();
    temps.push(temp);
    const broken = join(temp.dir, 'broken.ndjson');
    writeFileSync(broken, '{"uid":"a","kind":"webhook","at":"2026-01-01T00:00:00Z"}\n\u001b[2J\rFAKE LINE\n');
    const imported = await runCliCaptured(['--data-dir', temp.dir, 'import', broken]);
    expect(imported.code).toBe(1);
    expectTerminalSafe(imported.stderr, 1);

    const checkout = join(temp.dir, 'checkout.json');
    writeFileSync(checkout, JSON.stringify({ [`x\u001b[2J\rFAKE LINE`]: 1 }));
    const validated = await runCliCaptured(['validate', checkout]);
    expect(validated.stdout).not.toMatch(DANGEROUS);
    expect(validated.stdout).not.toMatch(/^FAKE LINE/m);

    const notJson = join(temp.dir, 'not.json');
    writeFileSync(notJson, '{"a":1,\u001b[2J\rFAKE LINE}');
    const framed = await runCliCaptured(['validate', notJson]);
    expect(framed.code).toBe(2);
    expect(framed.stderr).not.toMatch(DANGEROUS);
    expect(framed.stderr).not.toMatch(/^FAKE LINE/m);
  });

  it('escapes visibly, cuts floods, and keeps JSON the same JSON', () => {
    expect(terminalSafe('a\u001b[2Jb\r\nc\u009b\u202e')).toBe('a\\x1b[2Jb\\r\\nc\\x9b\\u202e');
    expect(terminalSafe('line one\nline two\r', { keepLines: true })).toBe('line one\nline two\\r');
    expect(terminalSafe('x'.repeat(500), { maxChars: 10 })).toBe(`${'x'.repeat(10)}…`);
    // Invisible, so two ids that differ by one read the same; Arabic's and emoji's joiners and marks stay.
    expect(terminalSafe('ord\u200bC-1 \u2060x')).toBe('ord\\u200bC-1 \\u2060x');
    expect(terminalSafe('فاطمة\u200f 👩\u200d💻')).toBe('فاطمة\u200f 👩\u200d💻');
    const value = { text: 'a\u0085b\u2028c\u202ed\u001b' };
    const safe = terminalSafeJson(JSON.stringify(value));
    expect(safe).not.toMatch(DANGEROUS);
    expect(JSON.parse(safe)).toEqual(value);
  });
});
