import { afterEach, describe, expect, it } from 'vitest';
import { createConsole } from '../../src/main/app';
import { DEFAULT_OPERATIONS, type Operations } from '../../src/shared/profile';
import { withConsoleFile, writeConsoleFile } from './helpers/console-file';
import { makeTempDir } from './helpers/temp-console';

// A profile's stored operations (per-operation settings) as another process left them: a custom
// refund the console can read beside a capture it cannot. What cannot be read is shown as its
// default, a guess. Editing one operation once saved the whole column from what was shown, so
// the guess for capture was stored as though chosen (and, had the text not been JSON at all,
// every other operation with it). Nothing stored is replaced by a guess unless a save sets every
// operation itself.

const KEEP = { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } } as const;
const CUSTOM_REFUND = { method: 'POST', path: '/v2/refunds/{order_id}' } as const;
const DAMAGED_TEXT = JSON.stringify({ capture: 5, refund: CUSTOM_REFUND });

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function consoleWithOperations(text: string) {
  const temp = makeTempDir();
  cleanups.push(temp.remove);
  const core = await createConsole({
    dataDir: temp.dir,
    frontDoor: 'browser',
    keychain: 'off',
    startEmulator: false,
  });
  cleanups.unshift(() => core.close());
  const sandbox = core.profiles.findByName('Sandbox');
  if (sandbox === undefined) throw new Error('no Sandbox profile');
  writeConsoleFile(temp.dir, (db) =>
    db.prepare('UPDATE profiles SET operations = ? WHERE id = ?').run(text, sandbox.id),
  );
  const storedText = () =>
    withConsoleFile(temp.dir, (db) => {
      const row = db.prepare('SELECT operations FROM profiles WHERE id = ?').get(sandbox.id) as {
        operations: unknown;
      };
      return row.operations;
    });
  return { core, id: sandbox.id, storedText };
}

const refusal = (save: () => unknown) => {
  try {
    save();
  } catch (error) {
    return error as { code: string; message: string; issues: { path: string; message: string }[] };
  }
  return null;
};

describe('a profile whose stored operations are damaged', () => {
  it('is read with the guess named, and the readable operations as stored', async () => {
    const { core, id } = await consoleWithOperations(DAMAGED_TEXT);
    const view = core.profiles.view(id);
    expect(view.damaged.map((field) => field.column)).toEqual(['operations']);
    expect(view.damaged[0]?.message).toContain('capture 5');
    expect(view.operations.refund).toEqual(CUSTOM_REFUND);
    expect(view.operations.capture).toEqual(DEFAULT_OPERATIONS.capture);
  });

  it('refuses a save that sets one operation, naming the column, and keeps the stored text', async () => {
    const { core, id, storedText } = await consoleWithOperations(DAMAGED_TEXT);
    const edited = { authorise: { method: 'POST', path: '/v2/orders/{order_id}/authorise' } } as const;
    const refused = refusal(() => core.profiles.update(id, { operations: edited }, KEEP));
    expect(refused?.code).toBe('invalid_input');
    expect(refused?.issues.map((issue) => issue.path)).toEqual(['fields.operations']);
    expect(refused?.issues[0]?.message).toContain(
      "Profile Sandbox's stored operations is damaged: set it in this save, every operation:",
    );
    expect(storedText()).toBe(DAMAGED_TEXT);
  });

  it('saves every operation when the save sets them all, and the column is whole again', async () => {
    const { core, id, storedText } = await consoleWithOperations(DAMAGED_TEXT);
    const chosen: Operations = { ...DEFAULT_OPERATIONS, refund: CUSTOM_REFUND };
    const saved = core.profiles.update(id, { operations: chosen }, KEEP);
    expect(saved.damaged).toEqual([]);
    expect(JSON.parse(String(storedText()))).toEqual(chosen);
  });
});

describe('a save that sets some operations of a readable column', () => {
  it('keeps the others as stored', async () => {
    const stored: Operations = { ...DEFAULT_OPERATIONS, refund: CUSTOM_REFUND };
    const { core, id, storedText } = await consoleWithOperations(JSON.stringify(stored));
    const capture = { method: 'POST', path: '/v2/captures' } as const;
    const saved = core.profiles.update(id, { operations: { capture } }, KEEP);
    expect(saved.operations).toEqual({ ...stored, capture });
    expect(JSON.parse(String(storedText()))).toEqual({ ...stored, capture });
  });
});
