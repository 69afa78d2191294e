/**
 * The prefix of a warning or an error said on a terminal's standard error: `listen` echoed its
 * log's warnings as `warn:` where `serve` said the same line as `warning:`. Each command's
 * warning and error lines, and the log's echo, take it from here.
 */
export type TerminalLevel = 'warning' | 'error';

export function terminalLine(level: TerminalLevel, message: string): string {
  return `${level}: ${message}\n`;
}
