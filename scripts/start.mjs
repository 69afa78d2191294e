// `npm start`: build, then open the desktop window. Where Electron is missing or cannot start
// (no binary, no display), say so in one line and start browser mode instead.
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary } from './electron-binary.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const passThrough = process.argv.slice(2);
// If Electron dies this quickly, it never came up (missing libraries, no display).
const STARTUP_GRACE_MS = 4000;

if (process.env.CHECKOUT_CONSOLE_SKIP_BUILD !== '1') {
  const built = spawnSync(
    process.execPath,
    [fileURLToPath(new URL('../node_modules/electron-vite/bin/electron-vite.js', import.meta.url)), 'build'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) process.exit(built.status ?? 1);
}

let fellBack = false;
function startBrowserMode(reason) {
  if (fellBack) return;
  fellBack = true;
  process.stdout.write(
    `Electron cannot start here: ${reason.replace(/\.$/, '')}. Starting browser mode instead.\n`,
  );
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('../bin/checkout-console.mjs', import.meta.url)), 'serve', ...passThrough],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 0 : 1)));
}

/**
 * The arguments after `npm start --` are `serve`'s. The desktop window takes none of them but the
 * data directory, which it reads from CHECKOUT_CONSOLE_DATA_DIR: dropped, the window opened the
 * default data directory while browser mode used the one given.
 */
function desktopArguments(args) {
  let dataDir = null;
  const ignored = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--data-dir' && index + 1 < args.length) dataDir = args[++index];
    else if (arg.startsWith('--data-dir=')) dataDir = arg.slice('--data-dir='.length);
    else ignored.push(arg);
  }
  return { dataDir: dataDir === null ? null : resolve(dataDir), ignored };
}

const electron = findElectronBinary();
if (electron.path === null) {
  startBrowserMode(electron.reason);
} else {
  const desktop = desktopArguments(passThrough);
  if (desktop.ignored.length > 0)
    process.stdout.write(`The desktop window ignores ${desktop.ignored.join(' ')} (browser mode only).\n`);
  const env =
    desktop.dataDir === null ? process.env : { ...process.env, CHECKOUT_CONSOLE_DATA_DIR: desktop.dataDir };
  const startedAt = Date.now();
  let stderr = '';
  const child = spawn(electron.path, [root], { cwd: root, env, stdio: ['inherit', 'inherit', 'pipe'] });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    process.stderr.write(chunk);
  });
  child.on('error', (error) => startBrowserMode(`Electron failed to launch: ${error.message}`));
  child.on('exit', (code, signal) => {
    if (code !== 0 && Date.now() - startedAt < STARTUP_GRACE_MS) {
      const firstLine =
        stderr.split('\n').find((line) => line.trim() !== '') ?? `exit code ${code ?? signal}`;
      startBrowserMode(`Electron exited at start-up: ${firstLine.trim()}`);
      return;
    }
    process.exit(code ?? 0);
  });
}
