import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from '../../src/main/store/connection';
import { errorWords } from '../../src/shared/error-words';
import { defaultProfileFields, maskSecret } from '../../src/shared/profile';
import { problemsSummary, profileProblems } from '../../src/shared/profile-readiness';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir, openTempConsole } from './helpers/temp-console';

/**
 * A profile name too long to be taken: a duplicate never makes one, and one stored anyway (by an
 * earlier version, or by hand) still lists, says what is wrong with it, and can be renamed.
 */
let dataDir: string;
let remove: () => void;

beforeEach(() => {
  ({ dir: dataDir, remove } = makeTempDir());
});
afterEach(() => remove());

const cli = (...args: string[]) => runCliCaptured(['--data-dir', dataDir, ...args]);
const LONG = 'A'.repeat(70);

function storeName(name: string, stored: string): void {
  const db = openDatabase(join(dataDir, 'console.sqlite'));
  try {
    db.prepare('UPDATE profiles SET name = ? WHERE name = ?').run(stored, name);
  } finally {
    db.close();
  }
}

describe('duplicating a profile with a long name', () => {
  it('shortens the copy to fit 64 characters, and the console still lists', async () => {
    const { core, dispose } = await openTempConsole({ dataDir });
    try {
      const call = (command: string, input: unknown) =>
        core.dispatcher(command, input, { transport: 'direct' });
      const name = `${'N'.repeat(61)}xyz`;
      const source = core.profiles.findByName('Sandbox');
      await call('updateProfile', {
        id: source?.id,
        fields: { name },
        apiToken: { action: 'keep' },
        notificationToken: { action: 'keep' },
      });
      const first = await call('duplicateProfile', { id: source?.id });
      const second = await call('duplicateProfile', { id: source?.id });
      expect(first).toMatchObject({ ok: true, data: { name: `${'N'.repeat(59)} copy` } });
      expect(second).toMatchObject({ ok: true, data: { name: `${'N'.repeat(57)} copy 2` } });
      const listed = await call('listProfiles', {});
      expect(listed.ok).toBe(true);
    } finally {
      await dispose();
    }
  });
});

describe('a stored profile name that input refuses', () => {
  it('lists, names the field in words, and can be renamed', async () => {
    await cli('profiles', 'list');
    storeName('Sandbox', LONG);

    const listed = await cli('profiles', 'list', '--json');
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toContainEqual(expect.objectContaining({ name: LONG }));

    const { core, dispose } = await openTempConsole({ dataDir });
    try {
      const snapshot = await core.dispatcher('listProfiles', {}, { transport: 'direct' });
      expect(snapshot.ok).toBe(true);
    } finally {
      await dispose();
    }

    const renamed = await cli('profiles', 'set', LONG, '--name', 'Sandbox');
    expect(renamed.stderr).toBe('');
    expect(renamed.code).toBe(0);
  });

  it('is a profile problem naming the name', () => {
    const problems = profileProblems({
      ...defaultProfileFields('sandbox', LONG),
      baseUrl: 'https://sandbox.merchant.test',
      apiToken: maskSecret('sk_test_stored_abcd'),
      damaged: [],
    });
    expect(problems).toEqual([
      {
        kind: 'unusable_field',
        field: 'name',
        message: 'Its name cannot be used; a profile name has at most 64 characters: rename it.',
      },
    ]);
    expect(problemsSummary(problems)).toBe('Set its name');
  });
});

describe('a stored name holding a character input now refuses', () => {
  it('still loads, and is a profile problem naming the character', async () => {
    await cli('profiles', 'list');
    storeName('Sandbox', 'x\u202Eevil');
    const listed = await cli('profiles', 'list', '--json');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toContainEqual(expect.objectContaining({ name: 'x\u202Eevil' }));
    const [problem] = profileProblems({
      ...defaultProfileFields('sandbox', 'x\u202Eevil'),
      baseUrl: 'https://sandbox.merchant.test',
      apiToken: maskSecret('sk_test_stored_abcd'),
      damaged: [],
    });
    expect(problem?.message).toMatch(/^Its name cannot be used; a profile name cannot hold U\+202E /);
  });
});

describe('errorWords', () => {
  it('says a schema refusal in words, never as zod JSON', () => {
    const refusal = z.object({ name: z.string().max(2, 'At most 2') }).safeParse({ name: 'abc' });
    expect(refusal.success).toBe(false);
    expect(errorWords(refusal.error)).toBe('name: At most 2');
  });
});
