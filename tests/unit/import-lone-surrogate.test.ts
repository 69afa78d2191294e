import { describe, expect, it } from 'vitest';
import { readImportFile } from '../../src/main/history/import-file';
import { checkNdjsonStream } from '../../src/main/history/import-ndjson-check';

/**
 * A lone surrogate (JSON may spell one: `"\ud800"`) was refused only in the two bodies. Every
 * other text of a record (its path, an order id, a header, a HAR entry's URL or form field) was
 * imported, and a text column stored it as U+FFFD without a word: the record read back was not
 * the file's. It is refused wherever it is stored, naming the record, the field and the character.
 */
const refusal = (text: string) => {
  try {
    readImportFile(text);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return 'imported';
};
const at = '2026-11-28T18:00:00.000Z';
/** A record as a file gives it; `\ud800` and `\udc00` below stay JSON escapes in the file. */
const record = (fields: string) => `{"uid":"a","kind":"webhook","at":"${at}",${fields}}`;
const CANNOT = 'which is not text UTF-8 can hold.';

describe('import: a lone surrogate outside the bodies', () => {
  it('NDJSON: a header value, the path and a nested header name are refused, naming each', () => {
    expect(refusal(`${record('"request_headers":[["Accept","*/*"],["X-Foo","v\\ud800"]]')}\n`)).toBe(
      `Record 1: request_headers[1][1] holds a lone surrogate \\ud800 at character 2, ${CANNOT}`,
    );
    expect(
      refusal(`${record('"path":"/ok"')}\n${record('"path":"/a\\udc00"').replace('"a"', '"b"')}\n`),
    ).toBe(`Record 2: path holds a lone surrogate \\udc00 at character 3, ${CANNOT}`);
    expect(refusal(`${record('"status":200,"response_headers":[["X-\\udbff","1"]]')}\n`)).toBe(
      `Record 1: response_headers[0][0] holds a lone surrogate \\udbff at character 3, ${CANNOT}`,
    );
  });

  it('NDJSON read as a stream says the same', async () => {
    const text = `${record('"path":"/"')}\n${record('"order_id":"ord-\\ud800"').replace('"a"', '"b"')}\n`;
    const pieces = async function* () {
      yield new TextEncoder().encode(text);
    };
    await expect(checkNdjsonStream(pieces(), 1000)).rejects.toThrow(
      `Record 2: order_id holds a lone surrogate \\ud800 at character 5, ${CANNOT}`,
    );
  });

  it('JSON: an order reference, a header value and the uid are refused, naming the event', () => {
    const file = (events: string[]) =>
      `{"format":"checkout-console-history","version":1,"events":[${events.join(',')}]}`;
    expect(refusal(file([record('"order_reference_id":"R\\ud800"')]))).toBe(
      `events[0]: order_reference_id holds a lone surrogate \\ud800 at character 2, ${CANNOT}`,
    );
    expect(
      refusal(
        file([record('"path":"/"'), record('"request_headers":[["Authorization","Bearer \\udc00x"]]')]),
      ),
    ).toBe(`events[1]: request_headers[0][1] holds a lone surrogate \\udc00 at character 8, ${CANNOT}`);
    expect(refusal(file([record('"path":"/"').replace('"uid":"a"', '"uid":"\\ud800"')]))).toBe(
      `events[0]: uid holds a lone surrogate \\ud800 at character 1, ${CANNOT}`,
    );
  });

  it("HAR: a header value, the URL and nested fields are refused, naming the entry's own field", () => {
    const har = (request: string, extra = '') =>
      `{"log":{"version":"1.2","entries":[{"startedDateTime":"${at}","time":1,"request":${request}${extra}}]}}`;
    expect(
      refusal(
        har(
          '{"method":"POST","url":"http://x/","headers":[{"name":"A","value":"1"},{"name":"X-Foo","value":"\\ud800"}]}',
        ),
      ),
    ).toBe(
      `log.entries[0]: request.headers[1].value holds a lone surrogate \\ud800 at character 1, ${CANNOT}`,
    );
    expect(refusal(har('{"method":"GET","url":"http://x/p\\udc00"}'))).toBe(
      `log.entries[0]: request.url holds a lone surrogate \\udc00 at character 11, ${CANNOT}`,
    );
    // A form's field, which the import writes as the body (urlencoded, where it became %EF%BF%BD).
    expect(
      refusal(
        har(
          '{"method":"POST","url":"http://x/","postData":{"mimeType":"application/x-www-form-urlencoded","params":[{"name":"a","value":"\\ud800"}]}}',
        ),
      ),
    ).toBe(
      `log.entries[0]: request.postData.params[0].value holds a lone surrogate \\ud800 at character 1, ${CANNOT}`,
    );
    expect(
      refusal(har('{"method":"GET","url":"http://x/"}', ',"_checkoutConsole":{"order_id":"o\\ud800"}')),
    ).toBe(
      `log.entries[0]: _checkoutConsole.order_id holds a lone surrogate \\ud800 at character 2, ${CANNOT}`,
    );
    // A body, with how a HAR gives one base64-encoded.
    expect(
      refusal(
        har(
          '{"method":"GET","url":"http://x/"}',
          ',"response":{"status":200,"content":{"text":"ok\\udc00"}}',
        ),
      ),
    ).toBe(
      `log.entries[0]: response.content.text holds a lone surrogate \\udc00 at character 3, which is not text UTF-8 can hold (it would be stored as \uFFFD); give the body base64-encoded, with "encoding": "base64".`,
    );
  });

  it('keeps the advice for a body', () => {
    expect(refusal(`${record('"request_body":"x\\ud800"')}\n`)).toBe(
      'Record 1: request_body holds a lone surrogate \\ud800 at character 2, which is not text UTF-8 can hold (it would be stored as \uFFFD); give the body as request_body_base64.',
    );
  });

  it("imports one in the details, which keep it: the console's own records hold a token's claims so", () => {
    const read = readImportFile(`${record('"details":{"token":{"claims":{"sub":"\\ud800"}}}')}\n`);
    expect(read.records[0]?.details).toEqual({ token: { claims: { sub: '\ud800' } } });
    const harDetails = `{"log":{"version":"1.2","entries":[{"startedDateTime":"${at}","time":1,"request":{"method":"GET","url":"http://x/"},"_checkoutConsole":{"details":{"sub":"\\ud800"}}}]}}`;
    expect(readImportFile(harDetails).records[0]?.details).toEqual({ sub: '\ud800' });
    // A pair of surrogates is one character, anywhere.
    expect(refusal(`${record('"path":"/\\ud83d\\udca9"')}\n`)).toBe('imported');
  });
});
