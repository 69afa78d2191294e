import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_DIR_NAME = 'checkout-console';
export const DATA_DIR_ENV = 'CHECKOUT_CONSOLE_DATA_DIR';

/**
 * The OS's per-user application data folder, the same place Electron's `userData` points to,
 * so the desktop app, the CLI and browser mode share one history by default.
 */
export function osUserDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  if (platform === 'win32') return join(env['APPDATA'] ?? join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_DIR_NAME);
  const configHome = env['XDG_CONFIG_HOME'];
  return join(
    configHome !== undefined && configHome !== '' ? configHome : join(home, '.config'),
    APP_DIR_NAME,
  );
}

/** `--data-dir`, then CHECKOUT_CONSOLE_DATA_DIR, then the OS's per-user data folder. */
export function resolveDataDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (flag !== undefined && flag !== '') return flag;
  const fromEnv = env[DATA_DIR_ENV];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  return osUserDataDir(process.platform, env);
}
