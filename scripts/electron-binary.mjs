// Finds the Electron executable without triggering a download. `require('electron')` would
// try to download the binary on first use, which hangs or fails on a machine without internet
// access; here we only look at what is already on disk.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** @returns {{ path: string } | { path: null, reason: string }} */
export function findElectronBinary() {
  let packageDir;
  try {
    packageDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return { path: null, reason: 'the electron package is not installed' };
  }
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const pathFile = join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  if (override) {
    const candidate = join(
      override,
      relative ?? (process.platform === 'win32' ? 'electron.exe' : 'electron'),
    );
    return existsSync(candidate)
      ? { path: candidate }
      : { path: null, reason: `ELECTRON_OVERRIDE_DIST_PATH has no Electron binary (${candidate})` };
  }
  if (relative === null) {
    return {
      path: null,
      reason:
        'the Electron binary has not been downloaded (Electron 45+ fetches it on first launch, which needs internet access)',
    };
  }
  const candidate = join(packageDir, 'dist', relative);
  return existsSync(candidate)
    ? { path: candidate }
    : { path: null, reason: `the Electron binary is missing (${candidate})` };
}

/**
 * The Node ABI of the installed Electron (its package's abi_version), which names the folder of
 * its better-sqlite3 build (native/electron-<abi>/), or null where it cannot be read.
 * @returns {string | null}
 */
export function electronAbi() {
  try {
    const packageDir = dirname(require.resolve('electron/package.json'));
    return readFileSync(join(packageDir, 'abi_version'), 'utf8').trim() || null;
  } catch {
    return null;
  }
}
