import { errorWords } from '../../shared/error-words';
import { PROJECT_ISSUES } from '../../shared/project-links';

/**
 * Set by `npm start` (scripts/start.mjs, which spells it too; npm-start-reasons.test.ts holds the
 * two equal): it reads the error from the terminal, says it in one line and starts browser mode.
 */
export const STARTED_BY_NPM_START_ENV = 'CHECKOUT_CONSOLE_STARTED_BY_NPM_START';

export interface StartUpFailureDeps {
  dialog: { showErrorBox(title: string, content: string): void };
  exit(code: number): void;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  log(error: unknown): void;
}

/**
 * The causes the console knows carry their own way out: the native build's step (`Run "npm run
 * rebuild:electron-sqlite"`), another folder for a data directory that is a file, someone
 * else's or holds another program's database.
 */
const NAMES_ITS_WAY_OUT = /\bRun "|--data-dir or CHECKOUT_CONSOLE_DATA_DIR/;

export function startUpFailureWords(error: unknown, dataDir: string): { title: string; content: string } {
  const cause = errorWords(error);
  const wayOut = NAMES_ITS_WAY_OUT.test(cause)
    ? []
    : [`Start it from a terminal with "npm start" to see the details, and report it at ${PROJECT_ISSUES}.`];
  return {
    title: 'Checkout Console could not start',
    content: [cause, '', `Data directory: ${dataDir}`, ...wayOut].join('\n'),
  };
}

/**
 * Started from a launcher, nobody reads stderr: a console that could not start opened no
 * window and said nothing. It says why in a dialog, then exits. Under `npm start` the terminal
 * says it, and a dialog would hold the exit (and browser mode after it) until it was closed.
 */
export function reportStartUpFailure(error: unknown, deps: StartUpFailureDeps): void {
  deps.log(error);
  if (deps.env[STARTED_BY_NPM_START_ENV] !== '1') {
    const { title, content } = startUpFailureWords(error, deps.dataDir);
    deps.dialog.showErrorBox(title, content);
  }
  deps.exit(1);
}
