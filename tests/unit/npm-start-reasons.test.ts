import { describe, expect, it } from 'vitest';
import {
  judgeElectronExit,
  meaningfulLine,
  STARTED_BY_NPM_START_ENV,
  STARTUP_GRACE_MS,
} from '../../scripts/electron-exit.mjs';
import { STARTED_BY_NPM_START_ENV as READ_BY_THE_APP } from '../../src/main/desktop/start-up-failure';

const CHROMIUM_NOISE =
  '[1130/153012.123456:ERROR:bus.cc(407)] Failed to connect to the bus: Could not parse server address: Unknown address type';
const NO_NATIVE_BUILD =
  'Error: No better-sqlite3 build for Electron 45.4.1 (ABI 140). Run "npm run rebuild:electron-sqlite" (needs network access to Electron\'s headers).';
const APP_THREW = [
  '[12345:1130/153012.123456:WARNING:viz_main_impl.cc(85)] VizNullHypothesis is disabled',
  'App threw an error during load',
  'Error: The data directory /home/q/qa is a file, not a folder. Nothing was changed; choose a folder with --data-dir or CHECKOUT_CONSOLE_DATA_DIR.',
  '    at refuseFile (file:///app/out/main/index.js:10:11)',
].join('\n');

const ended = (stderr: string, elapsedMs: number, code: number | null = 1) => ({
  code,
  signal: code === null ? ('SIGKILL' as const) : null,
  elapsedMs,
  stderr,
  stopping: false,
});

describe("npm start's words for an Electron that ended", () => {
  it('picks the error line, past Chromium log lines and stack frames', () => {
    expect(meaningfulLine(`${CHROMIUM_NOISE}\n${NO_NATIVE_BUILD}\n`)).toBe(NO_NATIVE_BUILD);
    expect(meaningfulLine(APP_THREW)).toMatch(/^Error: The data directory \/home\/q\/qa is a file/);
    expect(meaningfulLine(`${CHROMIUM_NOISE}\n`)).toBeNull();
    expect(meaningfulLine('Segmentation fault\n')).toBe('Segmentation fault');
  });

  it('at start-up, says the setup step that fixes it, else why Electron cannot start', () => {
    expect(judgeElectronExit(ended(`${CHROMIUM_NOISE}\n${NO_NATIVE_BUILD}`, 300))).toEqual({
      fallback:
        'The desktop window cannot open until you run "npm run rebuild:electron-sqlite": No better-sqlite3 build for Electron 45.4.1 (ABI 140). Starting browser mode instead.',
    });
    expect(judgeElectronExit(ended(`${CHROMIUM_NOISE}\nMissing X server or $DISPLAY`, 300))).toEqual({
      fallback:
        'Electron cannot start here: Electron exited at start-up: Missing X server or $DISPLAY. Starting browser mode instead.',
    });
    expect(judgeElectronExit(ended(CHROMIUM_NOISE, 300))).toEqual({
      fallback:
        'Electron cannot start here: Electron exited with code 1 at start-up. Starting browser mode instead.',
    });
  });

  // After the start-up window it exited 1 with only Electron's own lines above it.
  it('after start-up, says in one line why the app ended, and the step where there is one', () => {
    const late = STARTUP_GRACE_MS + 1000;
    expect(judgeElectronExit(ended(`${CHROMIUM_NOISE}\n${NO_NATIVE_BUILD}`, late))).toEqual({
      exitCode: 1,
      line: 'The desktop app exited with code 1: No better-sqlite3 build for Electron 45.4.1 (ABI 140). Run "npm run rebuild:electron-sqlite" to fix it.',
    });
    expect(judgeElectronExit(ended(APP_THREW, late))).toEqual({
      exitCode: 1,
      line: 'The desktop app exited with code 1: The data directory /home/q/qa is a file, not a folder. Nothing was changed; choose a folder with --data-dir or CHECKOUT_CONSOLE_DATA_DIR.',
    });
    expect(judgeElectronExit(ended('', late, null))).toEqual({
      exitCode: 1,
      line: 'The desktop app was stopped by SIGKILL: it said nothing on stderr.',
    });
  });

  it('adds nothing to a quit, or to an end npm start was asked for', () => {
    expect(judgeElectronExit(ended('', 300, 0))).toEqual({ exitCode: 0, line: null });
    expect(judgeElectronExit({ ...ended(NO_NATIVE_BUILD, 300, null), stopping: true })).toEqual({
      exitCode: 1,
      line: null,
    });
  });

  it('names the variable the desktop app reads to leave its failures to npm start', () => {
    expect(STARTED_BY_NPM_START_ENV).toBe(READ_BY_THE_APP);
  });
});
