import { describe, expect, it } from 'vitest';
import { externalDestination, externalUrlSchema } from '../../src/shared/external-url';
import { openTempConsole } from './helpers/temp-console';

describe('where an external address really goes (what the confirmation shows)', () => {
  it.each([
    ['https://pay.example.com/checkout?order_id=1', 'pay.example.com', false],
    ['http://127.0.0.1:4010/checkout-page?order_id=1&locale=en_US', '127.0.0.1:4010', true],
    // The part before @ is a user name, not the host: the browser goes to evil.example.
    ['https://trusted.example@evil.example/pay', 'evil.example', false],
    ['https://trusted.example%2f@evil.example/', 'evil.example', false],
    // A look-alike name is shown as the browser resolves it (punycode), not as it looks.
    ['https://pаypal.com/', 'xn--pypal-4ve.com', false],
    ['HTTPS://PAY.EXAMPLE.COM:443/x', 'pay.example.com', false],
    ['mailto:qa@example.com', 'qa@example.com', false],
  ])('%s goes to %s', (url, where, plainHttp) => {
    expect(externalDestination(url)).toMatchObject({ where, plainHttp });
  });

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,x',
    'app://console/',
    'not a url',
    'http://',
  ])('%s is not opened at all', (url) => {
    expect(externalDestination(url)).toBeNull();
    expect(externalUrlSchema.safeParse(url).success).toBe(false);
  });
});

describe('the desktop command that opens the system browser', () => {
  it('opens only what the window asks for over IPC, never a browser tab’s or the CLI’s request', async () => {
    const opened: string[] = [];
    const temp = await openTempConsole({ desktopOpenExternal: async (url) => void opened.push(url) });
    try {
      const url = 'https://pay.example.com/checkout?order_id=1';
      expect(await temp.core.dispatcher('openExternal', { url }, { transport: 'ipc' })).toEqual({
        ok: true,
        data: { opened: true },
      });
      expect(await temp.core.dispatcher('openExternal', { url }, { transport: 'websocket' })).toMatchObject({
        ok: false,
        error: { code: 'unavailable' },
      });
      expect(
        await temp.core.dispatcher('openExternal', { url: 'file:///etc/passwd' }, { transport: 'ipc' }),
      ).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      expect(opened).toEqual([url]);
    } finally {
      await temp.dispose();
    }
  });
});
