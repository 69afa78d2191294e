import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewEvent } from '../../src/main/store/events-repository';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir, openTempConsole } from './helpers/temp-console';

// `profiles set Sandbox --name SBX`, then `profiles add Sandbox …`: the new Sandbox's `--profile`
// and the views' Profile filter took the old one's records (they keep the name they were stored
// under), and nothing said so when the name was chosen. Now `add` and `set --name` say it on
// standard error, and still save.

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
  const sandboxId = core.profiles.findByName('Sandbox')?.id ?? 0;
  core.recorder.recordMany([
    webhook(1, { profileId: sandboxId, profileName: 'Sandbox' }),
    webhook(2, { profileId: sandboxId, profileName: 'Sandbox' }),
    webhook(3, { profileName: 'Staging', imported: true }),
  ]);
  await dispose();
});
afterEach(() => remove());

const cli = (...args: string[]) => runCliCaptured(['--data-dir', dataDir, ...args]);
const BASE_URL = ['--base-url', 'https://stg.example.test'];

const carried = (count: string, name: string, them: 'them' | 'it') =>
  `warning: ${count} already ${count.startsWith('1 ') ? 'carries' : 'carry'} the name "${name}" (stored under an earlier profile of that name, or imported): the Profile filter and --profile will show ${them} with this profile's.\n`;

describe('a profile given a name records already carry', () => {
  it('profiles add says how many records carry it, and adds the profile', async () => {
    const renamed = await cli('profiles', 'set', 'Sandbox', '--name', 'SBX');
    expect(renamed.code).toBe(0);
    const added = await cli('profiles', 'add', 'sandbox', '--env', 'sandbox', ...BASE_URL);
    expect(added.code).toBe(0);
    expect(added.stdout).toBe('Added profile "sandbox" (sandbox).\n');
    expect(added.stderr).toBe(carried('2 records', 'sandbox', 'them'));
    // What the line says: the new profile's --profile lists the records SBX stored as Sandbox.
    const history = await cli('history', '--json', '--profile', 'sandbox');
    expect((JSON.parse(history.stdout) as unknown[]).length).toBe(2);
  });

  it('profiles set --name says it of a rename, and nothing of the profile keeping its own name', async () => {
    const renamed = await cli('profiles', 'set', 'Local', '--name', 'Staging');
    expect(renamed.code).toBe(0);
    expect(renamed.stderr).toBe(carried('1 record', 'Staging', 'it'));
    // Its own name again, in another case: its records are its own.
    const recased = await cli('profiles', 'set', 'Sandbox', '--name', 'SANDBOX');
    expect(recased.code).toBe(0);
    expect(recased.stderr).toBe('');
    const unnamed = await cli('profiles', 'set', 'Sandbox', '--listener-port', '5051');
    expect(unnamed.stderr).toBe('');
  });

  it('leaves a name the save refuses to the save, in its words', async () => {
    const tooLong = await cli('profiles', 'set', 'Sandbox', '--name', 'S'.repeat(65));
    expect(tooLong.code).not.toBe(0);
    expect(tooLong.stderr).toMatch(/A profile name has at most 64 characters/);
    expect(tooLong.stderr).not.toMatch(/already carr/);
  });

  it('says nothing of a name no record carries', async () => {
    const added = await cli('profiles', 'add', 'Fresh', '--env', 'sandbox', ...BASE_URL);
    expect(added.code).toBe(0);
    expect(added.stderr).toBe('');
  });
});
