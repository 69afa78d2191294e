import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { osUserDataDir, resolveDataDir } from '../../src/main/data-dir';

describe('data directory', () => {
  it('prefers --data-dir, then CHECKOUT_CONSOLE_DATA_DIR, then the OS folder', () => {
    expect(resolveDataDir('/flag', { CHECKOUT_CONSOLE_DATA_DIR: '/env' })).toBe('/flag');
    expect(resolveDataDir(undefined, { CHECKOUT_CONSOLE_DATA_DIR: '/env' })).toBe('/env');
    expect(resolveDataDir(undefined, { XDG_CONFIG_HOME: '/xdg' })).toBe(
      osUserDataDir(process.platform, { XDG_CONFIG_HOME: '/xdg' }),
    );
  });

  // Electron's app.setPath('userData', …) throws "Path must be absolute" for a relative one, which
  // serve and the CLI took (against the working directory): one answer for both.
  it('resolves a relative --data-dir or CHECKOUT_CONSOLE_DATA_DIR against the working directory', () => {
    expect(resolveDataDir('qa', {})).toBe(resolve('qa'));
    expect(resolveDataDir(undefined, { CHECKOUT_CONSOLE_DATA_DIR: './qa/../qa2' })).toBe(resolve('qa2'));
  });

  it('matches where Electron keeps userData on each OS', () => {
    expect(osUserDataDir('linux', {}, '/home/q')).toBe('/home/q/.config/checkout-console');
    expect(osUserDataDir('linux', { XDG_CONFIG_HOME: '/cfg' }, '/home/q')).toBe('/cfg/checkout-console');
    expect(osUserDataDir('darwin', {}, '/Users/q')).toBe(
      '/Users/q/Library/Application Support/checkout-console',
    );
    expect(osUserDataDir('win32', { APPDATA: 'C:\\Users\\q\\AppData\\Roaming' }, 'C:\\Users\\q')).toMatch(
      /Roaming[\\/]checkout-console$/,
    );
  });
});
