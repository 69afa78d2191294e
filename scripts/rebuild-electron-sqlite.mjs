// Builds better-sqlite3 for Electron's ABI into native/electron-<abi>/, leaving the Node build
// in node_modules untouched: tests and the CLI keep using that one, the desktop app loads this
// one through better-sqlite3's `nativeBinding` option (src/main/store/native-binding.ts).
// Needs network access to download Electron's headers.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));
const electronDir = dirname(require.resolve('electron/package.json'));
const electronVersion = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')).version;
const abi = readFileSync(join(electronDir, 'abi_version'), 'utf8').trim();
const sqliteDir = dirname(require.resolve('better-sqlite3/package.json'));

const work = mkdtempSync(join(tmpdir(), 'better-sqlite3-electron-'));
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
    `--arch=${process.arch}`,
  ],
  { cwd: work, stdio: 'inherit', env: { ...process.env, npm_config_nodedir: '' } },
);
if (result.status !== 0) {
  rmSync(work, { recursive: true, force: true });
  console.error(
    `Building better-sqlite3 for Electron ${electronVersion} failed (it needs network access to Electron's headers).`,
  );
  process.exit(result.status ?? 1);
}
const target = join(root, 'native', `electron-${abi}`);
mkdirSync(target, { recursive: true });
cpSync(join(work, 'build', 'Release', 'better_sqlite3.node'), join(target, 'better_sqlite3.node'));
rmSync(work, { recursive: true, force: true });
console.log(
  `better-sqlite3 for Electron ${electronVersion} (ABI ${abi}) → ${join('native', `electron-${abi}`, 'better_sqlite3.node')}`,
);
