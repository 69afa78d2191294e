import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  close(): void;
}

/**
 * Appends one line per message to `<dataDir>/logs/console.log`. Callers never pass tokens;
 * the secret leak tests read this file to prove it.
 */
export function createLogger(dir: string, options: { stderr: boolean }): Logger {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, 'console.log');
  let open = true;
  const write = (level: string, message: string) => {
    if (!open) return;
    const line = `${new Date().toISOString()} ${level} ${message}\n`;
    try {
      appendFileSync(file, line, { mode: 0o600 });
    } catch {
      // Logging must never take the console down (a full disk, a removed directory).
    }
    if (options.stderr && level !== 'INFO') process.stderr.write(`${level.toLowerCase()}: ${message}\n`);
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
