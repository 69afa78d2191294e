import { join } from 'node:path';
import { findElectronNativeBinding } from '../../../src/main/store/native-binding';

type ElectronBinary = { path: string } | { path: null; reason: string };

/**
 * Why the desktop e2e tests cannot run here, in one line, or null when they can. Without an
 * Electron binary nothing launches; with one but no better-sqlite3 built for its ABI the app
 * exits 1 at start-up and every test would fail at launch, so that skips too, naming the command
 * that builds it. The build is looked for as the app looks for it (findElectronNativeBinding).
 * An ABI that cannot be read is no reason to skip: the app's own start-up error then says it.
 */
export function desktopSkipReason(
  binary: ElectronBinary,
  appRoot: string,
  abi: string | null,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  if (binary.path === null) return `desktop e2e skipped: no Electron binary here (${binary.reason})`;
  if (abi === null || findElectronNativeBinding(appRoot, abi, env) !== undefined) return null;
  return `desktop e2e skipped: no better-sqlite3 build for Electron's ABI ${abi} (${join('native', `electron-${abi}`, 'better_sqlite3.node')}); run "npm run rebuild:electron-sqlite"`;
}
