import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { cannotOpenWords } from './file-error-words';
import { terminalLine } from './terminal-line';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  close(): void;
}

/**
 * The log's folder, made if it is missing; or, when it cannot be (a file of that name, no
 * permission), why, in words. Left as it is then: the console runs without its log.
 */
function openLogFolder(dir: string): string | null {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return null;
  } catch (error) {
    return cannotOpenWords(dir, error);
  }
}

/**
 * Appends one line per message to `<dataDir>/logs/console.log`. Callers never pass tokens;
 * the secret leak tests read this file to prove it.
 */
export function createLogger(dir: string, options: { stderr: boolean; files?: boolean }): Logger {
  // A log that cannot be written never stops the console (a listener that did not start lost
  // every webhook for it): said once, on standard error whatever the process, and run without.
  // `files: false` (a data directory read, never written): no folder, no file.
  const folderProblem = options.files === false ? 'no log is written' : openLogFolder(dir);
  if (options.files !== false && folderProblem !== null)
    process.stderr.write(
      terminalLine(
        'warning',
        `${folderProblem}. It was left as it is; the console runs without writing its log until it is moved aside.`,
      ),
    );
  const file = join(dir, 'console.log');
  let open = true;
  const write = (level: string, message: string) => {
    if (!open) return;
    const line = `${new Date().toISOString()} ${level} ${message}\n`;
    if (folderProblem === null) {
      try {
        appendFileSync(file, line, { mode: 0o600 });
      } catch {
        // Logging must never take the console down (a full disk, a removed directory).
      }
    }
    // Said with the prefix every command's warnings and errors have (WARN is `warning:`).
    if (options.stderr && level !== 'INFO')
      process.stderr.write(terminalLine(level === 'WARN' ? 'warning' : 'error', message));
  };
  return {
    info: (message) => write('INFO', message),
    warn: (message) => write('WARN', message),
    error: (message) => write('ERROR', message),
    close: () => {
      open = false;
    },
  };
}
