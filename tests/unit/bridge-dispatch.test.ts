import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../src/main/bridge/dispatch';
import type { Handlers } from '../../src/main/bridge/handlers';
import { openTempConsole } from './helpers/temp-console';

describe('bridge dispatcher', () => {
  it('answers an unknown command with unknown_command', async () => {
    const { core, dispose } = await openTempConsole();
    try {
      expect(await core.dispatcher('dropTables', {}, { transport: 'direct' })).toMatchObject({
        ok: false,
        error: { code: 'unknown_command' },
      });
      // Not fooled by names from Object.prototype.
      expect(await core.dispatcher('toString', {}, { transport: 'direct' })).toMatchObject({ ok: false });
    } finally {
      await dispose();
    }
  });

  it('rejects input that does not match the command schema, naming the field', async () => {
    const { core, dispose } = await openTempConsole();
    try {
      const result = await core.dispatcher('activateProfile', { id: 'one' }, { transport: 'direct' });
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', issues: [{ path: 'id' }] } });
      // A message that is no sentence of its own keeps the field it is about; one that is a
      // sentence is said alone, as a toast shows it (the path stays in the issue, for a form).
      expect(result.ok ? '' : result.error.message).toMatch(/^id: must be/);
      const draft = {
        name: 'big',
        form: 'general',
        singleCheckout: false,
        text: 'x'.repeat(4 * 1024 * 1024 + 2),
      };
      const tooLong = await core.dispatcher('saveDraft', draft, { transport: 'direct' });
      expect(tooLong).toMatchObject({
        ok: false,
        error: {
          code: 'invalid_input',
          message: 'A draft is at most 4,194,304 characters; this one has 4,194,306.',
          issues: [{ path: 'text' }],
        },
      });
      const extra = await core.dispatcher('getAppInfo', { sql: 'x' }, { transport: 'direct' });
      expect(extra).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    } finally {
      await dispose();
    }
  });

  it('strips anything a handler returns beyond the contract, so nothing unplanned leaks', async () => {
    const { core, dispose } = await openTempConsole();
    try {
      const leaky = {
        ...core.handlers,
        getAppInfo: () => ({ ...core.appInfo(), secret: 'do-not-send' }),
      } as Handlers;
      const result = await createDispatcher(leaky)('getAppInfo', {}, { transport: 'direct' });
      expect(result.ok).toBe(true);
      expect(JSON.stringify(result)).not.toContain('do-not-send');
    } finally {
      await dispose();
    }
  });

  it('turns a thrown error into { ok: false } with its message', async () => {
    const { core, dispose } = await openTempConsole();
    try {
      const failing = {
        ...core.handlers,
        listProfiles: () => {
          throw new Error('disk on fire');
        },
      } as Handlers;
      expect(await createDispatcher(failing)('listProfiles', {}, { transport: 'direct' })).toEqual({
        ok: false,
        error: { code: 'failed', message: 'disk on fire', issues: [] },
      });
    } finally {
      await dispose();
    }
  });
});
