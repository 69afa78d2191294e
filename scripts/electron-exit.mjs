// What `npm start` says when its Electron child ends, and how it ends with it. Plain functions,
// so a unit test holds them (scripts/start.mjs only wires them to the child).

/** Read by the desktop app (src/main/desktop/start-up-failure.ts): npm start says its failures. */
export const STARTED_BY_NPM_START_ENV = 'CHECKOUT_CONSOLE_STARTED_BY_NPM_START';

/** If Electron ends this quickly, it never came up (missing libraries, no display, no build). */
export const STARTUP_GRACE_MS = 4000;

/**
 * Chromium's own log lines, `[pid:tid/MMDD/HHMMSS.micros:LEVEL:file(line)]` with the ids
 * optional (`[1130/153012.123456:ERROR:bus.cc(407)] Failed to connect to the bus`): on a
 * machine without D-Bus or a GPU they come before the error that stopped the app.
 */
const CHROMIUM_LOG_LINE = /^\[(?:\d+:)*\d{4}\/\d{6}(?:\.\d+)?:[A-Z_]+:[^\]]*\]/;
const STACK_FRAME = /^at\s/;
const ERROR_LINE = /^(?:Uncaught\s+)?[A-Za-z]*Error\b/;
/** A cause the console knows how to fix says the command: `Run "npm run rebuild:electron-sqlite"`. */
const SETUP_STEP = /\s*\bRun "(npm run [^"]+)".*$/;

/** The line of Electron's stderr that says what stopped it, or null when it said nothing. */
export function meaningfulLine(stderr) {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !CHROMIUM_LOG_LINE.test(line) && !STACK_FRAME.test(line));
  return lines.find((line) => ERROR_LINE.test(line)) ?? lines[0] ?? null;
}

/** The cause without `Error: ` and the step, and the step (`npm run …`) when it names one. */
function causeAndStep(line) {
  const bare = line.replace(/^(?:Uncaught\s+)?Error:\s*/, '');
  const step = SETUP_STEP.exec(bare);
  return step === null ? { cause: bare, step: null } : { cause: bare.replace(SETUP_STEP, ''), step: step[1] };
}

const sentence = (text) => text.replace(/\.$/, '');

/** The one line before browser mode starts, saying why Electron cannot. */
export function fallbackLine(reason) {
  return `Electron cannot start here: ${sentence(reason)}. Starting browser mode instead.`;
}

/** The exit code `npm start` ends with when its child ended so: a signal is a failure. */
export function exitCodeOf(code, signal) {
  return code ?? (signal === null ? 0 : 1);
}

/**
 * What to do when Electron ends: `{ exitCode, line }` (line null: nothing to add) or
 * `{ fallback: line }` to start browser mode after that line. `stopping`: npm start was itself
 * stopped and passed the signal on, so Electron's end is no failure to explain.
 */
export function judgeElectronExit({ code, signal, elapsedMs, stderr, stopping }) {
  if (stopping || code === 0) return { exitCode: exitCodeOf(code, signal), line: null };
  const said = meaningfulLine(stderr);
  const { cause, step } = said === null ? { cause: null, step: null } : causeAndStep(said);
  const ended = code === null ? `was stopped by ${signal}` : `exited with code ${code}`;
  if (elapsedMs < STARTUP_GRACE_MS) {
    if (step !== null && cause !== null)
      return {
        fallback: `The desktop window cannot open until you run "${step}": ${sentence(cause)}. Starting browser mode instead.`,
      };
    return {
      fallback: fallbackLine(
        cause === null ? `Electron ${ended} at start-up` : `Electron exited at start-up: ${cause}`,
      ),
    };
  }
  const why = cause === null ? 'it said nothing on stderr' : sentence(cause);
  const fix = step === null ? '' : ` Run "${step}" to fix it.`;
  return { exitCode: exitCodeOf(code, signal), line: `The desktop app ${ended}: ${why}.${fix}` };
}

/**
 * Passes SIGINT and SIGTERM on to the child that holds the console, so stopping `npm start`
 * stops it too (it was left running, orphaned). One owner for the desktop and browser-mode
 * children, listening from the first child to the end: `handOver` points the signals at the
 * next child. Removing the listeners in between put back Node's default, which ended start.mjs
 * on a SIGTERM sent as browser mode started, and left browser mode running.
 */
export function forwardStopSignals(child, processLike = process) {
  let stopping = false;
  let current = child;
  const forward = (signal) => {
    stopping = true;
    current.kill(signal);
  };
  processLike.on('SIGINT', forward);
  processLike.on('SIGTERM', forward);
  watchOrphaned(processLike, () => forward('SIGTERM'));
  return {
    stopping: () => stopping,
    handOver: (next) => {
      current = next;
    },
  };
}

/**
 * Calls `stop` once the process that started this one is gone. `npm start` runs start.mjs under
 * `sh -c`; a SIGTERM to npm (a process manager, CI ending it by its pid) ends npm and the shell,
 * which does not pass it on, so start.mjs and its console were left running, re-parented, their
 * ports held. A changed parent pid is the one portable sign (POSIX re-parents an orphan; on
 * Windows the pid stays, and nothing changes). Looked at twice a second, never keeping the
 * process alive by itself.
 */
function watchOrphaned(processLike, stop) {
  const parent = processLike.ppid;
  if (typeof parent !== 'number') return undefined;
  const timer = setInterval(() => {
    if (processLike.ppid === parent) return;
    clearInterval(timer);
    stop();
  }, 500);
  timer.unref?.();
  return timer;
}
