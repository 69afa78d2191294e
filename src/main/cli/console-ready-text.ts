import type { EmulatorStatus } from '../../shared/emulator';
import type { ListenerStatus } from '../../shared/listener';
import type { Environment } from '../../shared/profile';
import { terminalSafe } from './terminal-text';

/**
 * What `serve` and `open` print first: the sign-in link and what it is. The link's token is a
 * one-time credential (session-gate.ts): the first browser to open it is signed in and the token
 * is spent, so the line is printed (with --no-open, or no browser here, it is the only way in)
 * and what stays in the scrollback no longer signs anyone in. The session cookie and the control
 * secret are never printed. The command holds the data directory, a path that may hold any byte.
 * `open` names the console it reached (`runningAt`, its origin): with serve's "Console ready at",
 * its link read as a console started anew, not a new way into the one already running.
 */
export function launchLinkLines(url: string, openCommand: string, runningAt?: string): string {
  const first =
    runningAt === undefined
      ? `Console ready at ${url}`
      : `A new sign-in link to the console already running at ${runningAt}: ${url}`;
  return (
    `${first}\n` +
    `This link works once: the first browser to open it stays signed in until this console stops; for another link, run ${terminalSafe(openCommand)}\n`
  );
}

/** What was opened, or why nothing was: said only when the command tried to open a browser. */
export const browserOpenedLine = (opened: boolean): string =>
  opened
    ? 'Opened the link in your browser.\n'
    : 'No browser could be opened here: open the link above in one.\n';

export interface ServeStartup {
  dataDir: string;
  profile: { name: string; environment: Environment };
  emulator: EmulatorStatus;
  listener: ListenerStatus;
}

interface ServiceStatus {
  running: boolean;
  url: string | null;
  error: string | null;
  profileName: string | null;
}

const service = (
  status: { running: boolean; url: string | null; error: string | null },
  what: string,
): string =>
  status.running && status.url !== null
    ? `${status.url}${what}`
    : `not running${status.error === null ? '' : `: ${status.error}`}`;

/**
 * `serve`'s start-up, after the link: where the data lives, which profile is active, whether the
 * emulator and the listener came up and where (each says why when it did not), and how to stop.
 * Names and errors come from stored data, so they are escaped for the terminal.
 */
export function serveStartupLines(startup: ServeStartup): string {
  const { emulator, listener, profile } = startup;
  const rows: [string, string][] = [
    ['Data directory', startup.dataDir],
    [
      'Profile',
      `${profile.name} (${profile.environment}${profile.environment === 'live' ? ': real money' : ''})`,
    ],
    ['Emulator', serviceWords(emulator)],
    ['Listener', serviceWords(listener)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  // Never cut: a row says why a service is not running and what to do, and cut at 400
  // characters the listener's advice ended "…then restart the listene…". What it holds of stored
  // data is bounded already (a profile name has at most 64 characters; the data directory is a path).
  const table = rows.map(([label, value]) => `  ${label.padEnd(width)}  ${terminalSafe(value)}\n`).join('');
  const running = [emulator.running ? 'the emulator' : null, listener.running ? 'the listener' : null].filter(
    (name) => name !== null,
  );
  const withIt =
    running.length === 0 ? '' : `; ${running.join(' and ')} stop${running.length === 1 ? 's' : ''} with it`;
  return `${table}Press Ctrl+C to stop the console${withIt}.\n`;
}

/** A service as the banner says it: its address and the profile it is for, or why it is not running. */
export const serviceWords = (status: ServiceStatus): string =>
  service(status, status.profileName === null ? '' : ` (for profile ${status.profileName})`);

/**
 * The banner is printed once; the emulator and the listener may move after it (the Local
 * profile's base URL or the listener's port changed, one stopped or failed, here or in another
 * window): each move is said as a line of its own, in the banner's words, so the terminal never
 * keeps showing an address nothing listens at. Null when `status` says what was said last.
 */
export function serviceMovedLine(
  label: 'Emulator' | 'Listener',
  status: ServiceStatus,
  said: string,
): { line: string; said: string } | null {
  const now = serviceWords(status);
  if (now === said) return null;
  return { line: `${label} now ${terminalSafe(now, { maxChars: 400 })}\n`, said: now };
}
