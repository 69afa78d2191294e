import { shellQuoteInLine } from './shell-quote';

/**
 * A command printed for a person to paste into a terminal: `npx checkout-console <command>`
 * (npx, as the README runs the CLI: it finds the command in a clone and in a global install
 * alike), naming the data directory of the console that says it when that is not the default.
 * Another shell knows neither this process's `--data-dir` nor its CHECKOUT_CONSOLE_DATA_DIR:
 * without it, the command acts on the default data directory (re-points the default Local
 * profile, forgets nothing here). `command` is the rest of the line, its words already quoted.
 * The folder is quoted for a line of text (shellQuoteInLine): a line feed in it is said as bash
 * reads it back, not as the terminal's escape of it inside single quotes.
 */
export type ConsoleCommand = (command: string) => string;

/** The commands for one data directory: `dataDir` is the one to name, null for the default (named by none). */
export function consoleCommandNaming(dataDir: string | null): ConsoleCommand {
  const program =
    dataDir === null
      ? 'npx checkout-console'
      : `npx checkout-console --data-dir ${shellQuoteInLine(dataDir)}`;
  return (command) => `${program} ${command}`;
}
