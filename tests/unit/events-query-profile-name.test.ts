import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryRecord } from '../../src/main/cli/commands/history-json';
import type { NewEvent } from '../../src/main/store/events-repository';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir, openTempConsole } from './helpers/temp-console';

/**
 * A record carries the name of the profile it was stored under, in its detail, its export and
 * Orders; the profile filter finds it by that name too. `profiles remove Local` ("its history
 * stays") then `history --profile Local` said 'No profile named "Local"'; added back, Local
 * matched only the imported records, not Local's own; renamed to SBX, `--profile SBX` listed
 * records that say "profile": "Sandbox", and `--profile Sandbox` was refused.
 */
let dataDir = '';
let remove: () => void = () => undefined;

const webhook = (minute: number, extra: Partial<NewEvent>): NewEvent => ({
  kind: 'webhook',
  method: 'POST',
  path: '/',
  status: 200,
  atMs: Date.parse(`2026-01-15T10:0${minute}:00Z`),
  ...extra,
});

beforeEach(async () => {
  ({ dir: dataDir, remove } = makeTempDir());
  const { core, dispose } = await openTempConsole({ dataDir });
  const localId = core.profiles.findByName('Local')?.id ?? 0;
  const sandboxId = core.profiles.findByName('Sandbox')?.id ?? 0;
  core.recorder.recordMany([
    webhook(1, { profileId: localId, profileName: 'Local' }),
    webhook(2, { profileName: 'Local', imported: true }),
    webhook(3, { profileId: sandboxId, profileName: 'Sandbox' }),
  ]);
  await dispose();
});
afterEach(() => remove());

const cli = (...args: string[]) => runCliCaptured(['--data-dir', dataDir, ...args]);
const profilesOf = async (name: string) => {
  const run = await cli('history', '--json', '--profile', name);
  return { run, names: (JSON.parse(run.stdout || '[]') as HistoryRecord[]).map((record) => record.profile) };
};

describe('the profile filter finds records by the name they carry', () => {
  it('a removed profile’s records, by the name they still say, and saying no profile has it now', async () => {
    expect((await cli('profiles', 'remove', 'Local')).code).toBe(0);
    const { run, names } = await profilesOf('Local');
    expect(run.code).toBe(0);
    expect(names).toEqual(['Local', 'Local']);
    expect(run.stderr).toBe('No profile is named "Local" now; showing the records that carry the name.\n');
    const table = await cli('history', '--profile', 'local');
    expect(table.code).toBe(0);
    expect(table.stdout).not.toContain('No matching records');
    // A name nothing carries is still refused, naming the profiles there are.
    const typo = await cli('history', '--profile', 'Locl');
    expect(typo.code).not.toBe(0);
    expect(typo.stderr).toContain('No profile named "Locl"');
  });

  it('a profile added back under the name finds the records of the one removed', async () => {
    expect((await cli('profiles', 'remove', 'Local')).code).toBe(0);
    expect(
      (await cli('profiles', 'add', 'Local', '--env', 'local', '--base-url', 'http://127.0.0.1:4010')).code,
    ).toBe(0);
    const { run, names } = await profilesOf('Local');
    expect(run.stderr).toBe('');
    expect(names).toEqual(['Local', 'Local']);
  });

  it('a renamed profile: each record under the name it shows', async () => {
    expect((await cli('profiles', 'set', 'Sandbox', '--name', 'SBX')).code).toBe(0);
    expect((await profilesOf('SBX')).names).toEqual([]);
    const old = await profilesOf('Sandbox');
    expect(old.names).toEqual(['Sandbox']);
    expect(old.run.stderr).toContain('No profile is named "Sandbox" now');
  });
});
