import { afterEach, describe, expect, it } from 'vitest';
import { describeImportResult } from '../../src/shared/history-file';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { openListeningConsole } from './helpers/listening-console';
import { openTempConsole } from './helpers/temp-console';

// A file whose record has a stored record's uid but says something else (its path or body
// edited) was skipped as "already stored" and nothing more: the import did not say that the
// file and the stored evidence disagree. The stored record stays as it is; the words say so.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshConsole() {
  const open = await openTempConsole();
  cleanups.push(() => open.dispose());
  return open.core;
}

const record = (n: number, edit: object = {}) => ({
  uid: `d-${n}`,
  kind: 'webhook',
  at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  method: 'POST',
  path: '/hooks',
  request_body: `{"order_reference_id":"R-${n}"}`,
  ...edit,
});
const ndjson = (records: readonly object[]) => records.map((line) => `${JSON.stringify(line)}\n`).join('');

describe('importing records already stored', () => {
  it('says how many of those skipped differ from the stored record, naming it, and keeps the stored one', async () => {
    const core = await freshConsole();
    await core.history.importText(ndjson([record(0), record(1), record(2)]));
    const stored = core.eventsQuery.page({}, { limit: 10 }).items.find((item) => item.uid === 'd-1');
    expect(stored).toBeDefined();
    const id = stored?.id ?? 0;

    const edited = [record(0), record(1, { path: '/edited' }), record(2), record(3)];
    const result = await core.history.importText(ndjson(edited));
    expect(result).toEqual({
      imported: 1,
      skipped: 3,
      repeated: 0,
      unlinked: 0,
      differing: 1,
      differingIds: [id],
      format: 'ndjson',
    });
    expect(describeImportResult(result, 'edited.ndjson')).toBe(
      `Imported 1 record from edited.ndjson (ndjson); 3 already stored, skipped (1 of them differs from the stored record: #${id}).`,
    );
    // The stored evidence is never overwritten by the file's.
    expect(core.events.getRow(id)?.path).toBe('/hooks');

    const bodies = await core.history.importText(
      ndjson([0, 1, 2].map((n) => record(n, { request_body: '{"order_reference_id":"EDITED"}' }))),
    );
    expect(bodies).toMatchObject({ skipped: 3, differing: 3 });
    expect(describeImportResult(bodies, 'bodies.ndjson')).toMatch(
      /^Imported 0 records from bodies\.ndjson \(ndjson\); 3 already stored, skipped \(3 of them differ from the stored records: #\d+, #\d+, #\d+\)\.$/,
    );
  });

  it.each(['json', 'ndjson', 'har'] as const)(
    'a %s export of the stored records, with or without tokens, imported back into the same console differs from none',
    async (format) => {
      const open = await openListeningConsole();
      cleanups.push(() => open.dispose());
      const now = Math.floor(Date.now() / 1000);
      const token = await signWith(open.secret, { iat: now, exp: now + 900 });
      for (let i = 0; i < 2; i++)
        await fetch(`${open.origin}/hooks?serviceToken=${token}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: payload('order_approved', { order_reference_id: `R-${i}` }),
        });
      for (const includeTokens of [false, true]) {
        const { text } = open.core.history.exportText({ format, filter: {}, includeTokens });
        expect(await open.core.history.importText(text)).toMatchObject({
          imported: 0,
          skipped: 2,
          differing: 0,
        });
      }
    },
  );
});
