import { afterEach, describe, expect, it } from 'vitest';
import { readImportFile } from '../../src/main/history/import-file';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

/**
 * HAR 1.2 gives a request body as `postData.text` or, for a form, as `postData.params`. A
 * browser HAR whose form was in params only imported with no body at all (`body: None`, and
 * `curl` without `--data`): the evidence was dropped without a word.
 */
const temps: { remove: () => void }[] = [];
afterEach(() => temps.splice(0).forEach((temp) => temp.remove()));

const FORM = 'application/x-www-form-urlencoded';

function harOf(...postData: Record<string, unknown>[]): string {
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'a browser', version: '1' },
      entries: postData.map((data, index) => ({
        startedDateTime: `2026-03-01T10:00:0${index}.000Z`,
        time: 12,
        request: {
          method: 'POST',
          url: 'https://shop.example/checkout/return',
          httpVersion: 'HTTP/1.1',
          headers: [{ name: 'Content-Type', value: String(data['mimeType']) }],
          queryString: [],
          cookies: [],
          postData: data,
          headersSize: -1,
          bodySize: 24,
        },
        response: { status: 200, headers: [], content: { size: 0, mimeType: 'text/html' } },
      })),
    },
  });
}

const refusal = (text: string) => {
  try {
    readImportFile(text);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return 'imported';
};

describe('a HAR form given as params', () => {
  it('urlencoded: the body is the params, in order, as a form sends them', () => {
    const { records } = readImportFile(
      harOf(
        {
          mimeType: FORM,
          params: [
            { name: 'status', value: 'paid' },
            { name: 'ref', value: 'R-1' },
          ],
        },
        // A charset on the type, and values a form has to escape.
        {
          mimeType: `${FORM}; charset=UTF-8`,
          params: [
            { name: 'note', value: 'a b&c=d' },
            { name: 'city', value: 'الرياض' },
          ],
        },
      ),
    );
    expect(records.map((record) => record.request_body)).toEqual([
      'status=paid&ref=R-1',
      'note=a+b%26c%3Dd&city=%D8%A7%D9%84%D8%B1%D9%8A%D8%A7%D8%B6',
    ]);
    expect(new URLSearchParams(records[1]?.request_body ?? '').get('city')).toBe('الرياض');
  });

  it('text, when the entry has it too, is the body (it is the bytes; params are a reading of them)', () => {
    const { records } = readImportFile(
      harOf({ mimeType: FORM, text: 'status=paid&ref=R%2D1', params: [{ name: 'status', value: 'paid' }] }),
    );
    expect(records[0]?.request_body).toBe('status=paid&ref=R%2D1');
  });

  it('multipart/form-data in params only is refused, naming the entry: no boundary, no file bytes', () => {
    const text = harOf(
      { mimeType: FORM, params: [{ name: 'a', value: 'b' }] },
      {
        mimeType: 'multipart/form-data; boundary=----x',
        params: [{ name: 'receipt', fileName: 'receipt.pdf', contentType: 'application/pdf' }],
      },
    );
    expect(refusal(text)).toBe(
      'log.entries[1]: request.postData.params: a multipart/form-data body given only as params cannot be rebuilt as it arrived (its boundary, part headers and file bytes are not in them); export the HAR with the body text, or leave this entry out',
    );
  });

  it('params of another type, or without a value, are refused, naming where', () => {
    expect(refusal(harOf({ mimeType: 'text/plain', params: [{ name: 'a', value: 'b' }] }))).toBe(
      `log.entries[0]: request.postData.params: a body given only as params is read as ${FORM}, not text/plain; export the HAR with the body text, or leave this entry out`,
    );
    expect(refusal(harOf({ mimeType: FORM, params: [{ name: 'a', value: 'b' }, { name: 'c' }] }))).toBe(
      'log.entries[0]: request.postData.params.1.value: missing: the form body cannot be rebuilt without every value',
    );
  });

  it('import stores the body and curl sends it', async () => {
    const data = makeTempDir('cc-har-params-');
    temps.push(data);
    const har = harOf({
      mimeType: FORM,
      params: [
        { name: 'status', value: 'paid' },
        { name: 'ref', value: 'R-1' },
      ],
    });
    const imported = await runCliCaptured(['--data-dir', data.dir, 'import', '-'], har);
    expect(imported.code, imported.stderr).toBe(0);
    const listed = await runCliCaptured(['--data-dir', data.dir, 'history', '--json']);
    const [record] = JSON.parse(listed.stdout) as { id: number; body: string | null }[];
    expect(record?.body).toBe('status=paid&ref=R-1');
    const curl = await runCliCaptured(['--data-dir', data.dir, 'curl', String(record?.id)]);
    expect(curl.code, curl.stderr).toBe(0);
    expect(curl.stdout).toMatch(/--data(-binary|-raw)? '?status=paid&ref=R-1/);
  });
});
