import { afterEach, describe, expect, it } from 'vitest';
import { describeImportResult } from '../../src/shared/history-file';
import { openTempConsole } from './helpers/temp-console';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshConsole() {
  const open = await openTempConsole();
  cleanups.push(() => open.dispose());
  return open.core;
}

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
/** Five webhooks and a replay of each, as an export of each kind alone writes them. */
const webhooks = Array.from({ length: 5 }, (_, i) => ({ uid: `w-${i}`, kind: 'webhook', at: at(i) }));
const replays = Array.from({ length: 5 }, (_, i) => ({
  uid: `p-${i}`,
  kind: 'replay',
  at: at(10 + i),
  related_uid: `w-${i}`,
}));
const ndjson = (records: readonly object[]) =>
  records.map((record) => `${JSON.stringify(record)}\n`).join('');

type Core = Awaited<ReturnType<typeof freshConsole>>;
/** Each stored replay's uid with the uid of the record its related_id names (null: none). */
function replayLinks(core: Core): [string, string | null][] {
  return core.eventsQuery
    .page({ kinds: ['replay'] }, { limit: 100 })
    .items.map((item) => {
      const related = core.events.getRow(item.id)?.related_id ?? null;
      return [item.uid, related === null ? null : core.store.history.uidOf(related)] as [
        string,
        string | null,
      ];
    })
    .sort(([a], [b]) => a.localeCompare(b));
}
const linked = replays.map((replay): [string, string | null] => [replay.uid, replay.related_uid]);
/** The related_uid a later export writes for each replay. */
function exportedLinks(core: Core): [string, string | null][] {
  const text = core.history.exportText({
    format: 'ndjson',
    filter: { kinds: ['replay'] },
    includeTokens: false,
  }).text;
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { uid: string; related_uid: string | null; details: object })
    .map((record): [string, string | null] => {
      // The link waiting for its record is the console's to keep: not written into details.
      expect(record.details).toEqual({});
      return [record.uid, record.related_uid];
    })
    .sort(([a], [b]) => a.localeCompare(b));
}

describe('links between records across imports', () => {
  it('replays imported before the webhooks they replay are linked to them when those come', async () => {
    const core = await freshConsole();
    const first = await core.history.importText(ndjson(replays));
    expect(first).toEqual({
      imported: 5,
      skipped: 0,
      repeated: 0,
      unlinked: 5,
      differing: 0,
      differingIds: [],
      format: 'ndjson',
    });
    expect(describeImportResult(first, 'replays.ndjson')).toBe(
      'Imported 5 records from replays.ndjson (ndjson); 5 links point at records not in this file or this directory (kept: they are linked when those records are imported).',
    );
    // Until then, an export still says what each replays.
    expect(exportedLinks(core)).toEqual(linked);
    const second = await core.history.importText(ndjson(webhooks));
    expect(second).toEqual({
      imported: 5,
      skipped: 0,
      repeated: 0,
      unlinked: 0,
      differing: 0,
      differingIds: [],
      format: 'ndjson',
    });
    expect(replayLinks(core)).toEqual(linked);
    expect(exportedLinks(core)).toEqual(linked);
  });

  it('records stored from an earlier import without their links get them from a file that has them', async () => {
    const core = await freshConsole();
    // As an import before links were kept left them: stored, no link, nothing waiting.
    await core.history.importText(
      ndjson(replays.slice(0, 3).map((replay) => ({ ...replay, related_uid: null }))),
    );
    const full = await core.history.importText(ndjson([...webhooks, ...replays]));
    expect(full).toEqual({
      imported: 7,
      skipped: 3,
      repeated: 0,
      unlinked: 0,
      differing: 0,
      differingIds: [],
      format: 'ndjson',
    });
    expect(replayLinks(core)).toEqual(linked);
    expect(exportedLinks(core)).toEqual(linked);
  });

  it('links within one file and to records already stored, whatever their order', async () => {
    const core = await freshConsole();
    await core.history.importText(ndjson(webhooks.slice(0, 2)));
    // The replays come first in the file; two of their webhooks are stored, three are in it.
    const result = await core.history.importText(ndjson([...replays, ...webhooks.slice(2)]));
    expect(result).toEqual({
      imported: 8,
      skipped: 0,
      repeated: 0,
      unlinked: 0,
      differing: 0,
      differingIds: [],
      format: 'ndjson',
    });
    expect(replayLinks(core)).toEqual(linked);
  });
});
