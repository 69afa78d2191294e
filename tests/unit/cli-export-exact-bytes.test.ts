import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir, openTempConsole } from './helpers/temp-console';

/**
 * A body that starts with a UTF-8 byte order mark (EF BB BF) is stored as it arrived, but every
 * reader decoded it with a default TextDecoder, which drops the mark: `history --json`, the
 * exports and `curl` gave 3 bytes fewer (a body of only the mark read as ""), and importing an
 * export stored the shorter body. Every reader now gives the stored bytes.
 */
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const BODIES = {
  'a JSON body after a byte order mark': Buffer.concat([BOM, Buffer.from('{"order_id":"o-1","x":"é"}')]),
  'only a byte order mark': BOM,
};

let source = '';
let dispose: () => Promise<void> = async () => undefined;
const ids = new Map<string, number>();
const temps: { remove: () => void }[] = [];

beforeAll(async () => {
  const opened = await openTempConsole();
  source = opened.dataDir;
  dispose = opened.dispose;
  const stored = opened.core.recorder.recordMany(
    Object.values(BODIES).map((body) => ({
      kind: 'webhook' as const,
      method: 'POST',
      url: 'http://127.0.0.1:4455/hooks',
      path: '/hooks',
      status: 200,
      requestBody: body,
    })),
  );
  Object.keys(BODIES).forEach((name, index) => ids.set(name, stored[index]?.id ?? 0));
  await opened.core.close();
});
afterAll(async () => {
  await dispose().catch(() => undefined);
  temps.forEach((temp) => temp.remove());
});

interface HistoryRecord {
  id: number;
  body: string | null;
  body_base64: string | null;
  body_size: number;
}

/** The body `history --json` gives each record, as bytes. */
async function historyBodies(dataDir: string): Promise<Buffer[]> {
  const run = await runCliCaptured(['--data-dir', dataDir, 'history', '--json']);
  expect(run.code).toBe(0);
  return (JSON.parse(run.stdout) as HistoryRecord[])
    .reverse()
    .map((record) =>
      record.body === null
        ? Buffer.from(record.body_base64 ?? '', 'base64')
        : Buffer.from(record.body, 'utf8'),
    );
}

/** What an export says of one body, as bytes. */
const bytesOf = (text: string | null | undefined, base64: string | null | undefined, isBase64: boolean) =>
  isBase64 ? Buffer.from(base64 ?? '', 'base64') : Buffer.from(text ?? '', 'utf8');

describe('a body starting with a byte order mark is read as its exact bytes', () => {
  it('history --json', async () => {
    expect(await historyBodies(source)).toEqual(Object.values(BODIES));
  });

  it.each(['json', 'ndjson', 'har'] as const)('export --format %s, and importing it back', async (format) => {
    const exported = await runCliCaptured(['--data-dir', source, 'export', '--format', format]);
    expect(exported.code).toBe(0);
    let bodies: Buffer[];
    if (format === 'har') {
      const entries = (
        JSON.parse(exported.stdout) as {
          log: { entries: { request: { postData?: { text?: string; _encoding?: string } } }[] };
        }
      ).log.entries;
      bodies = entries.map(({ request }) =>
        bytesOf(request.postData?.text, request.postData?.text, request.postData?._encoding === 'base64'),
      );
    } else {
      type Exported = { request_body: string | null; request_body_base64: string | null };
      const events: Exported[] =
        format === 'json'
          ? (JSON.parse(exported.stdout) as { events: Exported[] }).events
          : exported.stdout
              .trim()
              .split('\n')
              .map((line) => JSON.parse(line) as Exported);
      bodies = events.map((event) =>
        bytesOf(event.request_body, event.request_body_base64, event.request_body === null),
      );
    }
    expect(bodies).toEqual(Object.values(BODIES));

    const target = makeTempDir('cc-exact-bytes-');
    temps.push(target);
    const imported = await runCliCaptured(['--data-dir', target.dir, 'import', '-'], exported.stdout);
    expect(imported.code).toBe(0);
    expect(await historyBodies(target.dir)).toEqual(Object.values(BODIES));
  });

  it.each(Object.entries(BODIES))('curl sends %s byte for byte', async (name, body) => {
    const run = await runCliCaptured(['--data-dir', source, 'curl', String(ids.get(name))]);
    expect(run.code).toBe(0);
    // An invisible mark cannot be pasted reliably: the body goes through base64.
    const base64 = /^printf '%s' '?([A-Za-z0-9+/=]+)'? \| base64 --decode \| curl /.exec(run.stdout)?.[1];
    expect(Buffer.from(base64 ?? '', 'base64')).toEqual(body);
    expect(run.stdout).not.toContain('\ufeff');
  });
});
