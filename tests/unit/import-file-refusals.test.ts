import { describe, expect, it } from 'vitest';
import { readImportFile } from '../../src/main/history/import-file';
import { describeImportResult } from '../../src/shared/history-file';

/**
 * A history file cut short (a copy that stopped, a full disk, a download cancelled) is refused
 * saying so, at the place it ends. A JSON export cut anywhere was read as NDJSON and refused as
 * "Line 1: not JSON (column 100: … an array is not closed)": line 1 of an export is only its
 * opening `{"format":…,"events":[`, and nothing was wrong with it.
 */
const record = (uid: string) =>
  JSON.stringify({ uid, kind: 'webhook', at: '2026-11-28T18:00:00.000Z', request_body: '{"a":"b\\\\c"}' });
const exportText = `{"format":"checkout-console-history","version":1,"exportedAt":"2026-11-28T18:00:00.000Z","events":[\n${record('a')},\n${record('b')}\n]}\n`;
const harText = `{"log":{"version":"1.2","creator":{"name":"checkout-console","version":"0.1.0"},"entries":[\n{"startedDateTime":"2026-11-28T18:00:00.000Z","time":0,"request":{"method":"POST","url":"http://x/","headers":[]}}\n]}}\n`;

const refusal = (text: string) => {
  try {
    readImportFile(text);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return 'imported';
};

describe('import: a file cut short', () => {
  it('a JSON export cut at any point says it ends early, where, never "line 1"', () => {
    expect(refusal(exportText)).toBe('imported');
    for (let cut = exportText.indexOf('\n') + 2; cut < exportText.length - 3; cut += 7) {
      const message = refusal(exportText.slice(0, cut));
      expect(message, `cut at ${cut}`).toMatch(
        /^The file ends before its JSON does \(line [23], column \d+: .+\): it may have been cut short\.$/,
      );
    }
  });

  it('a HAR file cut short says so too', () => {
    expect(refusal(harText.slice(0, harText.length - 30))).toMatch(
      /^The file ends before its JSON does \(line 2, column \d+: .+\): it may have been cut short\.$/,
    );
  });

  it('an NDJSON file cut in its last line names that line and says it may have been cut short', () => {
    const ndjson = `${record('a')}\n${record('b')}\n`;
    expect(refusal(ndjson)).toBe('imported');
    expect(refusal(ndjson.slice(0, ndjson.length - 10))).toMatch(
      /^Line 2: not JSON \(column \d+: .+\); the file ends there: it may have been cut short\.$/,
    );
    // A broken line that is not the end is named as before.
    expect(refusal(`${record('a')}\n{"uid":\n${record('b')}\n`)).toMatch(
      /^Line 2: not JSON \(column \d+: .+\)\.$/,
    );
  });
});

describe('import: a record that says two things', () => {
  it('a body given both as text and as base64 is refused, naming the field; which would be the evidence?', () => {
    const both = (field: 'request' | 'response') =>
      `${JSON.stringify({ uid: 'a', kind: 'webhook', at: '2026-11-28T18:00:00.000Z', [`${field}_body`]: '{"status":"approved"}', [`${field}_body_base64`]: Buffer.from('{"status":"declined"}').toString('base64') })}\n`;
    expect(refusal(both('request'))).toBe(
      'Record 1: request_body_base64: a body is given as text (request_body) or as base64, not both',
    );
    expect(refusal(both('response'))).toBe(
      'Record 1: response_body_base64: a body is given as text (response_body) or as base64, not both',
    );
  });

  it('a history export whose events are not a list says so, not "uid: missing"', () => {
    expect(
      refusal(
        '{"format":"checkout-console-history","version":1,"exportedAt":"2026-11-28T18:00:00.000Z","events":{}}',
      ),
    ).toBe(
      'The file looks like a history export, but its events is not a list of records; nothing was imported.',
    );
  });
});

describe('import: a JSON export without exportedAt', () => {
  // Refused with a blank field name and the very format and version the file had: "its  is not
  // one this console reads (format "checkout-console-history", version 1)". The field says when
  // the export was made; nothing reads it.
  it.each([
    ['missing', ''],
    ['a number', '"exportedAt":1,'],
    ['null', '"exportedAt":null,'],
  ])('is imported when exportedAt is %s', (_case, exportedAt) => {
    const text = `{"format":"checkout-console-history","version":1,${exportedAt}"events":[\n${record('a')}\n]}\n`;
    expect(refusal(text)).toBe('imported');
    expect(readImportFile(text)).toMatchObject({ format: 'json', records: [{ uid: 'a' }] });
    expect(refusal('{"format":"checkout-console-history","version":1,"events":[]}')).toBe('imported');
  });
});

describe('import: one uid twice in a file', () => {
  const line = (status: string) =>
    `${JSON.stringify({ uid: 'dup', kind: 'webhook', at: '2026-11-28T18:00:00.000Z', request_body: `{"status":"${status}"}` })}\n`;

  it('with other content is refused, naming both records: one would have been dropped unsaid', () => {
    expect(refusal(`${line('approved')}${line('declined')}`)).toBe(
      'Record 2: uid "dup" is also record 1\'s, which says something else; a uid names one record.',
    );
  });

  it('the same record twice is imported once, and said so', () => {
    expect(readImportFile(`${line('approved')}${line('approved')}`)).toMatchObject({ repeated: 1 });
    expect(
      describeImportResult(
        {
          imported: 1,
          skipped: 0,
          repeated: 1,
          unlinked: 0,
          differing: 0,
          differingIds: [],
          format: 'ndjson',
        },
        'f.ndjson',
      ),
    ).toBe('Imported 1 record from f.ndjson (ndjson); 1 repeated in the file, read once.');
  });
});

// "Imported 40,000 records …; 12797 links point at records not in this file": one line's
// numbers written two ways. Every count of an import's words is grouped as formatCount writes it.
describe('an import result’s counts', () => {
  it('are each written as every message writes a count', () => {
    expect(
      describeImportResult(
        {
          imported: 40_000,
          skipped: 1_500,
          repeated: 2_000,
          unlinked: 12_797,
          differing: 1_234,
          differingIds: [12],
          format: 'ndjson',
        },
        'big.ndjson',
      ),
    ).toBe(
      'Imported 40,000 records from big.ndjson (ndjson); 1,500 already stored, skipped (1,234 of them differ from the stored records: #12 and 1,233 more); 2,000 repeated in the file, read once; 12,797 links point at records not in this file or this directory (kept: they are linked when those records are imported).',
    );
  });
});
