import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { desktopSkipReason } from '../e2e/desktop/desktop-skip';
import { makeTempDir } from './helpers/temp-console';

// The desktop e2e project runs wherever Electron can start the app, and otherwise skips with
// one line saying why: with a binary but no better-sqlite3 built for its ABI, the app exits 1
// at launch and every test would fail instead.
let appRoot: string;
let remove: () => void;
beforeEach(() => {
  ({ dir: appRoot, remove } = makeTempDir('cc-desktop-skip-'));
});
afterEach(() => remove());

const binary = { path: '/opt/electron/electron' };

function buildSqliteFor(abi: string): void {
  mkdirSync(join(appRoot, 'native', `electron-${abi}`), { recursive: true });
  writeFileSync(join(appRoot, 'native', `electron-${abi}`, 'better_sqlite3.node'), '');
}

describe('desktop e2e skip', () => {
  it('skips without an Electron binary, saying why', () => {
    expect(
      desktopSkipReason({ path: null, reason: 'the electron package is not installed' }, appRoot, '140', {}),
    ).toBe('desktop e2e skipped: no Electron binary here (the electron package is not installed)');
  });

  it("skips with a binary but no better-sqlite3 built for Electron's ABI, saying what to run", () => {
    buildSqliteFor('139');
    expect(desktopSkipReason(binary, appRoot, '140', {})).toBe(
      `desktop e2e skipped: no better-sqlite3 build for Electron's ABI 140 (${join('native', 'electron-140', 'better_sqlite3.node')}); run "npm run rebuild:electron-sqlite"`,
    );
  });

  it('runs with a binary and the build for its ABI', () => {
    buildSqliteFor('140');
    expect(desktopSkipReason(binary, appRoot, '140', {})).toBeNull();
  });

  it('runs with the build the app is told to load instead (CHECKOUT_CONSOLE_SQLITE_BINDING)', () => {
    const elsewhere = join(appRoot, 'better_sqlite3.node');
    writeFileSync(elsewhere, '');
    expect(
      desktopSkipReason(binary, appRoot, '140', { CHECKOUT_CONSOLE_SQLITE_BINDING: elsewhere }),
    ).toBeNull();
  });

  it("runs when Electron's ABI cannot be read: the app's own start-up error then says what is missing", () => {
    expect(desktopSkipReason(binary, appRoot, null, {})).toBeNull();
  });
});
