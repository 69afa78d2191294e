import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * better-sqlite3 is a native addon, and Node and Electron speak different ABIs. Instead of
 * rebuilding node_modules back and forth, the Node build stays where npm put it (tests, CLI,
 * browser mode) and an Electron build lives beside it in `native/electron-<abi>/`, made by
 * `npm run rebuild:electron-sqlite` (or by packaging). Under Electron we pass that file as
 * better-sqlite3's `nativeBinding`; under Node we pass nothing and get the default.
 */
export function resolveNativeBinding(appRoot: string): string | undefined {
  const electronVersion = process.versions['electron'];
  if (electronVersion === undefined) return undefined;
  const override = process.env['CHECKOUT_CONSOLE_SQLITE_BINDING'];
  if (override !== undefined && override !== '') return override;
  const candidates = [
    join(appRoot, 'native', `electron-${process.versions.modules}`, 'better_sqlite3.node'),
    // Packaged app: electron-builder unpacks native modules next to app.asar.
    join(
      dirname(appRoot),
      'app.asar.unpacked',
      'native',
      `electron-${process.versions.modules}`,
      'better_sqlite3.node',
    ),
  ];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found === undefined) {
    throw new Error(
      `No better-sqlite3 build for Electron ${electronVersion} (ABI ${process.versions.modules}). ` +
        `Run "npm run rebuild:electron-sqlite" (needs network access to Electron's headers).`,
    );
  }
  return found;
}
