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
 */
export function launchLinkLines(url: string, openCommand: string): string {
  return (
    `Console ready at ${url}\n` +
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
  const forProfile = (name: string | null) => (name === null ? '' : ` (for profile ${name})`);
  const rows: [string, string][] = [
    ['Data directory', startup.dataDir],
    [
      'Profile',
      `${profile.name} (${profile.environment}${profile.environment === 'live' ? ': real money' : ''})`,
    ],
    ['Emulator', service(emulator, forProfile(emulator.profileName))],
    ['Listener', service(listener, forProfile(listener.profileName))],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const table = rows
    .map(([label, value]) => `  ${label.padEnd(width)}  ${terminalSafe(value, { maxChars: 400 })}\n`)
    .join('');
  const running = [emulator.running ? 'the emulator' : null, listener.running ? 'the listener' : null].filter(
    (name) => name !== null,
  );
  const withIt =
    running.length === 0 ? '' : `; ${running.join(' and ')} stop${running.length === 1 ? 's' : ''} with it`;
  return `${table}Press Ctrl+C to stop the console${withIt}.\n`;
}
