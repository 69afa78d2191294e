// Builds better-sqlite3 for Electron's ABI into native/electron-<abi>/, leaving the Node build
// in node_modules untouched: tests and the CLI keep using that one, the desktop app loads this
// one through better-sqlite3's `nativeBinding` option (src/main/store/native-binding.ts).
// Packaging calls it too (scripts/packaging/before-pack.mjs), once per target architecture.
// Needs network access to download Electron's headers.
//
//   node scripts/rebuild-electron-sqlite.mjs [--arch x64|arm64|ia32|armv7l]
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronAbi } from './electron-binary.mjs';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * @param {{ arch?: string }} [options] target CPU architecture; defaults to this machine's
 * @returns {string} the path of the built addon
 */
export function rebuildElectronSqlite({ arch = process.arch } = {}) {
  const electronDir = dirname(require.resolve('electron/package.json'));
  const electronVersion = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')).version;
  const abi = electronAbi();
  if (abi === null) throw new Error(`Electron ${electronVersion} does not say its ABI (no abi_version).`);
  const sqliteDir = dirname(require.resolve('better-sqlite3/package.json'));

  const work = mkdtempSync(join(tmpdir(), 'better-sqlite3-electron-'));
  try {
    cpSync(sqliteDir, work, { recursive: true, filter: (path) => !path.includes(`${sqliteDir}/build`) });
    const nodeGyp = join(
      dirname(process.execPath),
      '..',
      'lib',
      'node_modules',
      'npm',
      'node_modules',
      'node-gyp',
      'bin',
      'node-gyp.js',
    );
    const result = spawnSync(
      process.execPath,
      [
        nodeGyp,
        'rebuild',
        '--release',
        `--target=${electronVersion}`,
        '--dist-url=https://electronjs.org/headers',
        `--arch=${arch}`,
      ],
      { cwd: work, stdio: 'inherit', env: { ...process.env, npm_config_nodedir: '' } },
    );
    if (result.status !== 0) {
      throw new Error(
        `Building better-sqlite3 for Electron ${electronVersion} (${arch}) failed; it needs network access to Electron's headers.`,
      );
    }
    const target = join(root, 'native', `electron-${abi}`);
    mkdirSync(target, { recursive: true });
    const built = join(target, 'better_sqlite3.node');
    cpSync(join(work, 'build', 'Release', 'better_sqlite3.node'), built);
    console.log(
      `better-sqlite3 for Electron ${electronVersion} (ABI ${abi}, ${arch}) → ${join('native', `electron-${abi}`, 'better_sqlite3.node')}`,
    );
    return built;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const archFlag = process.argv.indexOf('--arch');
  const arch = archFlag === -1 ? undefined : process.argv[archFlag + 1];
  try {
    rebuildElectronSqlite(arch === undefined ? {} : { arch });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
