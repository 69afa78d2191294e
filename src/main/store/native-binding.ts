import { existsSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';

/**
 * better-sqlite3 is a native addon, and Node and Electron speak different ABIs. Instead of
 * rebuilding node_modules back and forth, the Node build stays where npm put it (tests, CLI,
 * browser mode) and an Electron build lives beside it in `native/electron-<abi>/`, made by
 * `npm run rebuild:electron-sqlite` (or by packaging). Under Electron we pass that file as
 * better-sqlite3's `nativeBinding`; under Node we pass nothing and get the default.
 */
/**
 * Where the Electron build may be, best first. Packaged, `appRoot` is `<resources>/app.asar`
 * and electron-builder's `asarUnpack: native/**` puts the file in `<resources>/app.asar.unpacked/`
 * (a native addon must be a real file to be loaded); unpackaged, it is `<project>/native/`.
 */
export function nativeBindingCandidates(appRoot: string, abi: string): string[] {
  const relative = join('native', `electron-${abi}`, 'better_sqlite3.node');
  const unpacked = join(dirname(appRoot), `${basename(appRoot)}.unpacked`, relative);
  const beside = join(appRoot, relative);
  return extname(appRoot) === '.asar' ? [unpacked, beside] : [beside];
}

/**
 * The Electron build the app loads for Electron's ABI `abi`: CHECKOUT_CONSOLE_SQLITE_BINDING
 * when set, else the first candidate on disk, else undefined. Also asked from plain Node, by the
 * desktop e2e tests before they launch the app (tests/e2e/desktop/desktop-skip.ts).
 */
export function findElectronNativeBinding(
  appRoot: string,
  abi: string,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const override = env['CHECKOUT_CONSOLE_SQLITE_BINDING'];
  if (override !== undefined && override !== '') return override;
  return nativeBindingCandidates(appRoot, abi).find((candidate) => existsSync(candidate));
}

export function resolveNativeBinding(appRoot: string): string | undefined {
  const electronVersion = process.versions['electron'];
  if (electronVersion === undefined) return undefined;
  const found = findElectronNativeBinding(appRoot, process.versions.modules);
  if (found === undefined) {
    throw new Error(
      `No better-sqlite3 build for Electron ${electronVersion} (ABI ${process.versions.modules}). ` +
        `Run "npm run rebuild:electron-sqlite" (needs network access to Electron's headers).`,
    );
  }
  return found;
}
