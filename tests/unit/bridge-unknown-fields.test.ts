import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../src/main/bridge/dispatch';
import type { Handlers } from '../../src/main/bridge/handlers';
import { commands } from '../../src/shared/contract';

/** Handlers that never run: an input the dispatcher lets through says so instead of acting. */
const unreached = new Proxy(
  {},
  {
    get: (_target, command) => () => {
      throw new Error(`${String(command)} ran`);
    },
  },
) as Handlers;
const dispatch = createDispatcher(unreached);
const call = (command: string, input: unknown) => dispatch(command, input, { transport: 'direct' });

describe('bridge input: unknown fields', () => {
  // setPreferences refused `{"themeX":"dark"}` naming the field; the others took a typo
  // (`updateListenerSettings {"responseStatus":999}`) as nothing asked and answered ok.
  it.each(Object.keys(commands))('%s refuses a field it does not know, naming it', async (command) => {
    const result = await call(command, { bogusField: 1 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_input');
    expect(result.error.issues).toContainEqual({ path: '(root)', message: 'unknown field "bogusField"' });
  });

  it('names a typo beside valid fields, and one inside an object the caller gives', async () => {
    expect(await call('updateListenerSettings', { responseStatus: 999 })).toMatchObject({
      ok: false,
      error: { message: '(root): unknown field "responseStatus"' },
    });
    expect(await call('updateListenerSettings', { respondStatus: 204, bogus: 1 })).toMatchObject({
      ok: false,
      error: { message: '(root): unknown field "bogus"' },
    });
    expect(await call('listEvents', { limt: 5 })).toMatchObject({
      ok: false,
      error: { message: '(root): unknown field "limt"' },
    });
    expect(
      await call('updateListenerSettings', { respondStatus: 204, expected: { respondStatsu: 200 } }),
    ).toMatchObject({ ok: false, error: { message: 'expected: unknown field "respondStatsu"' } });
    // Of a union, the fields of the option the input is, not of any option.
    expect(await call('previewRetention', { retention: { mode: 'all', days: 5 } })).toMatchObject({
      ok: false,
      error: { message: 'retention: unknown field "days"' },
    });
    // The words setPreferences always had.
    expect(await call('setPreferences', { themeX: 'dark' })).toMatchObject({
      ok: false,
      error: { message: '(root): unknown field "themeX"' },
    });
  });

  it('still lets a known input through to its handler', async () => {
    expect(await call('updateListenerSettings', { respondStatus: 204 })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('updateListenerSettings ran') },
    });
  });
});
