// `npm start`: build, then open the desktop window. Where Electron is missing or cannot start
// (no binary, no display), say so in one line and start browser mode instead.
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary } from './electron-binary.mjs';
import {
  exitCodeOf,
  fallbackLine,
  forwardStopSignals,
  judgeElectronExit,
  STARTED_BY_NPM_START_ENV,
} from './electron-exit.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const passThrough = process.argv.slice(2);

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
/**
 * `line` says why, in one line (electron-exit.mjs words it). `signals`: the desktop child's,
 * handed over to browser mode.
 */
function startBrowserMode(line, signals = null) {
  if (fellBack) return;
  fellBack = true;
  process.stdout.write(`${line}\n`);
  // The IPC channel is browser mode's link to start.mjs: it closes when start.mjs ends, however
  // it ends (a SIGKILL runs none of the code here), and `serve` stops then (parent-link.ts).
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('../bin/checkout-console.mjs', import.meta.url)), 'serve', ...passThrough],
    {
      cwd: root,
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    },
  );
  if (signals === null) forwardStopSignals(child);
  else signals.handOver(child);
  child.on('exit', (code, signal) => process.exit(exitCodeOf(code, signal)));
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
  startBrowserMode(fallbackLine(electron.reason));
} else {
  const desktop = desktopArguments(passThrough);
  if (desktop.ignored.length > 0)
    process.stdout.write(`The desktop window ignores ${desktop.ignored.join(' ')} (browser mode only).\n`);
  // The app's start-up failures are said here (one line, then browser mode), not in its dialog.
  const env = {
    ...process.env,
    [STARTED_BY_NPM_START_ENV]: '1',
    ...(desktop.dataDir === null ? {} : { CHECKOUT_CONSOLE_DATA_DIR: desktop.dataDir }),
  };
  const startedAt = Date.now();
  let stderr = '';
  const child = spawn(electron.path, [root], { cwd: root, env, stdio: ['inherit', 'inherit', 'pipe'] });
  const signals = forwardStopSignals(child);
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    process.stderr.write(chunk);
  });
  child.on('error', (error) => {
    startBrowserMode(fallbackLine(`Electron failed to launch: ${error.message}`), signals);
  });
  child.on('exit', (code, signal) => {
    // A launch that failed ('error') has handed over to browser mode already.
    if (fellBack) return;
    const judged = judgeElectronExit({
      code,
      signal,
      elapsedMs: Date.now() - startedAt,
      stderr,
      stopping: signals.stopping(),
    });
    if ('fallback' in judged) {
      startBrowserMode(judged.fallback, signals);
      return;
    }
    if (judged.line !== null) process.stdout.write(`${judged.line}\n`);
    process.exit(judged.exitCode);
  });
}
