import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import type { HistoryRecord } from '../../src/main/cli/commands/history-json';
import type { NewEvent } from '../../src/main/store/events-repository';
import { matchSummary } from '../../src/renderer/src/features/timeline/summary-matches-filter';
import type { TimelineSummary } from '../../src/shared/events';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

// `history --profile Sandbox` missed imported records: a file carries the profile's name, not
// this console's profile id (another console's ids mean nothing here). The profile filter
// (CLI, History view, Timeline) now finds imported records by the name they carry. Every record
// is a profile's by the name it carries (events-query-profile-name.test.ts), not only imported ones.

let core: ConsoleCore;
let dataDir = '';
let dispose: () => Promise<void> = async () => undefined;
let sandboxId = 0;
const ids: Record<string, number> = {};

const webhook = (atMinute: number, extra: Partial<NewEvent>): NewEvent => ({
  kind: 'webhook',
  method: 'POST',
  path: '/',
  status: 200,
  atMs: Date.parse(`2026-01-15T10:0${atMinute}:00Z`),
  ...extra,
});

beforeAll(async () => {
  const opened = await openTempConsole();
  ({ core, dataDir, dispose } = opened);
  sandboxId = core.profiles.findByName('Sandbox')?.id ?? 0;
  const localId = core.profiles.findByName('Local')?.id ?? 0;
  const seeded: [string, NewEvent][] = [
    ['own', webhook(1, { profileId: sandboxId, profileName: 'Sandbox' })],
    ['imported', webhook(2, { profileName: 'Sandbox', imported: true })],
    ['importedOtherCase', webhook(3, { profileName: 'SANDBOX', imported: true })],
    ['importedLocal', webhook(4, { profileName: 'Local', imported: true })],
    ['local', webhook(5, { profileId: localId, profileName: 'Local' })],
    // Not imported, no id: its name is the profile's it was stored under, so it is Sandbox's.
    ['nameOnly', webhook(6, { profileName: 'Sandbox' })],
    // Another console's profile whose name reads as Sandbox: a record keeps the name it was
    // stored under and the filter matches that name as SQLite's NOCASE does (A-Z), so it is not
    // Sandbox's (docs/history.md says why).
    ['importedLookAlike', webhook(7, { profileName: 'ｓａｎｄｂｏｘ', imported: true })],
  ];
  const written = core.recorder.recordMany(seeded.map(([, event]) => event));
  seeded.forEach(([name], index) => (ids[name] = written[index]?.id ?? -1));
});
afterAll(async () => dispose());

const expected = () => [ids['own'], ids['imported'], ids['importedOtherCase'], ids['nameOnly']].sort();

describe('the profile filter', () => {
  it('history --profile finds the imported records that carry the profile’s name', async () => {
    const run = await runCliCaptured(['--data-dir', dataDir, 'history', '--json', '--profile', 'Sandbox']);
    expect(run.stderr).toBe('');
    const records = JSON.parse(run.stdout) as HistoryRecord[];
    expect(records.map((record) => record.id).sort()).toEqual(expected());
  });

  it('history --profile finds the profile a name reads as, as every lookup by name does', async () => {
    const run = await runCliCaptured([
      '--data-dir',
      dataDir,
      'history',
      '--json',
      '--profile',
      ' ＳＡＮＤＢＯＸ',
    ]);
    expect(run.stderr).toBe('');
    const records = JSON.parse(run.stdout) as HistoryRecord[];
    expect(records.map((record) => record.id).sort()).toEqual(expected());
  });

  it('history --help says what it matches', async () => {
    const run = await runCliCaptured(['history', '--help']);
    expect(run.stdout.replace(/\s+/g, ' ')).toContain('only records that carry this profile name');
  });

  it('the Timeline’s live match gives the database’s answer for a pushed imported record', () => {
    const filter = { profileId: sandboxId };
    // A push is a record just stored: it carries its profile's id and current name, or is
    // imported. A record with a name and no id (nameOnly) was never pushed, so the live match
    // is held to the database over the others.
    const pushable = (item: TimelineSummary) => item.id !== ids['nameOnly'];
    const all: TimelineSummary[] = core.eventsQuery.page({}, { limit: 100 }).items.filter(pushable);
    const fromDatabase = core.eventsQuery
      .page(filter, { limit: 100 })
      .items.filter(pushable)
      .map((item) => item.id)
      .sort();
    expect(fromDatabase).toEqual(expected().filter((id) => id !== ids['nameOnly']));
    const decisions = all.map((summary) => ({ id: summary.id, decision: matchSummary(summary, filter) }));
    // The window knows profiles by id; whether a name is that profile's, main answers.
    const asked = decisions.filter((entry) => entry.decision === 'ask-main').map((entry) => entry.id);
    const answered = core.eventsQuery
      .page({ ...filter, ids: asked }, { limit: 100 })
      .items.map((item) => item.id);
    const shown = [
      ...decisions.filter((entry) => entry.decision === 'match').map((entry) => entry.id),
      ...answered,
    ].sort();
    expect(shown).toEqual(fromDatabase);
  });
});
