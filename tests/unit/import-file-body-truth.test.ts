import { describe, expect, it } from 'vitest';
import { readImportFile } from '../../src/main/history/import-file';

/**
 * A record is imported as the file gives it, or refused naming what is wrong: never stored with
 * a character replaced, a size its body does not have, or refused for a cause it does not have.
 */
const refusal = (text: string) => {
  try {
    readImportFile(text);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return 'imported';
};
const body = '{"order_id":"ord-1","status":"approved","n":12}';
const line = (fields: Record<string, unknown>) =>
  `${JSON.stringify({ uid: 'a', kind: 'webhook', at: '2026-11-28T18:00:00.000Z', request_body: body, ...fields })}\n`;

describe('import: a whole body and its stated size', () => {
  it('a whole body of its stated size is imported', () => {
    expect(refusal(line({ request_size: Buffer.byteLength(body), request_truncated: false }))).toBe(
      'imported',
    );
  });

  it('a stated size smaller than the body is refused', () => {
    expect(refusal(line({ request_size: 3 }))).toBe(
      `Record 1: request_size is 3 bytes, smaller than the ${Buffer.byteLength(body)} bytes of request_body it gives.`,
    );
  });

  it('a stated size larger than a body not marked truncated is refused in the same shape', () => {
    // Imported as a whole 48-byte body "of 1000 bytes": every view then said 1000 bytes.
    expect(refusal(line({ request_size: 1000, request_truncated: false }))).toBe(
      `Record 1: request_size is 1000 bytes, larger than the ${Buffer.byteLength(body)} bytes of request_body it gives, which is not marked truncated (request_truncated: false).`,
    );
    expect(refusal(line({ response_body: 'ok', response_size: 9 }))).toBe(
      'Record 1: response_size is 9 bytes, larger than the 2 bytes of response_body it gives, which is not marked truncated (response_truncated: false).',
    );
  });

  it('a cut body may say it arrived larger', () => {
    expect(refusal(line({ request_size: 1000, request_truncated: true }))).toBe('imported');
  });
});

describe('import: a lone surrogate in a body', () => {
  it('is refused naming the record, the field and the position, and how to give such a body', () => {
    // JSON may spell a lone surrogate (`"\ud800"`); UTF-8 cannot hold it, and it was stored as U+FFFD.
    const text = `{"uid":"a","kind":"webhook","at":"2026-11-28T18:00:00.000Z","request_body":"{\\"order_id\\":\\"a\\ud800b\\"}"}\n`;
    expect(refusal(text)).toBe(
      'Record 1: request_body holds a lone surrogate \\ud800 at character 15, which is not text UTF-8 can hold (it would be stored as \uFFFD); give the body as request_body_base64.',
    );
    const response = `{"uid":"a","kind":"request","at":"2026-11-28T18:00:00.000Z","response_body":"ab\\udc00"}\n`;
    expect(refusal(response)).toBe(
      'Record 1: response_body holds a lone surrogate \\udc00 at character 3, which is not text UTF-8 can hold (it would be stored as \uFFFD); give the body as response_body_base64.',
    );
  });

  it('a pair of surrogates (one character) is imported', () => {
    expect(refusal(line({ request_body: '{"order_id":"\u{1F4A9}"}' }))).toBe('imported');
  });
});

describe('import: a JSON object that is neither an export nor a HAR', () => {
  it('a HAR whose log is not an object says so, not "uid: missing"', () => {
    expect(refusal('{"log": null}')).toBe(
      'The file looks like a HAR, but log: must be an object (HAR 1.2), not null; nothing was imported.',
    );
    expect(refusal('{"log": {"version": "1.2"}}')).toMatch(
      /^The file looks like a HAR, but log\.entries: .+; nothing was imported\.$/,
    );
  });

  it('an object with nothing of a record says the file is neither', () => {
    expect(refusal('{"records":"nope"}')).toBe(
      'The file is JSON, but neither a history export, a HAR file nor a list of records.',
    );
  });

  it('a record missing its uid is still named as such', () => {
    expect(refusal('{"kind":"webhook","at":"2026-11-28T18:00:00.000Z"}')).toBe(
      'Record 1: uid: missing; expected string',
    );
  });
});
