import type { Command } from 'commander';
import { resolve } from 'node:path';
import { z } from 'zod';
import { createConsole, type ConsoleCore } from '../../app';
import {
  isProcessAlive,
  readControlFiles,
  removeControlFile,
  writeControlFile,
} from '../../browser-mode/control-file';
import { findServingConsoles } from '../../browser-mode/launch-link-client';
import { isNonLoopbackHost, startBrowserModeServer } from '../../browser-mode/server';
import { openCommandFor } from '../../browser-mode/sign-in-page';
import { consoleCommandOn } from '../../console-command';
import { resolveDataDir } from '../../data-dir';
import { parseFlags, portFlag, type CliContext } from '../cli-context';
import { addNoBrowserFlags, noBrowserFlagsShape, openBrowser, opensBrowser } from '../open-browser';
import { terminalSafe } from '../terminal-text';
import { outputWhileServing } from '../standard-io';
import { waitForSignal } from '../wait-for-signal';
import {
  browserOpenedLine,
  launchLinkLines,
  serveStartupLines,
  serviceMovedLine,
  serviceWords,
} from '../console-ready-text';
import { errorWords } from '../../../shared/error-words';
import { damagedProfilesWarnings, unreadableSettingsWarnings } from '../../unreadable-settings';
import { terminalLine } from '../../terminal-line';

export const DEFAULT_SERVE_PORT = 4400;

/** What serve's stop still does, said to a Ctrl+C or SIGTERM after the first. */
const SERVE_STOP_STEPS = 'scenario runs under way are cancelled and stored, then the console closes.';

/** What serve still does once its lines cannot be printed. */
const SERVE_GOES_ON = {
  command: 'serve',
  goesOn: 'goes on serving the console, its listener and its emulator until Ctrl+C or SIGTERM.',
};

const serveFlags = z.object({
  port: portFlag.default(DEFAULT_SERVE_PORT),
  host: z.string().trim().min(1, 'must name a host or address').default('127.0.0.1'),
  ...noBrowserFlagsShape,
});

/**
 * Why the port is taken, and what to do. Most often it is this data directory's own console:
 * `npm start` run again for a lost tab, where a new link (not a second console) is the answer.
 */
function portInUse(dataDir: string, port: number, openCommand: string): string {
  const own = findServingConsoles(dataDir).live.find(({ control }) => {
    try {
      return Number(new URL(control.origin).port) === port;
    } catch {
      return false;
    }
  });
  if (own === undefined) return `Port ${port} is in use; pass --port 0 to pick a free one.`;
  return (
    `Port ${port} is in use by the console already serving this data directory ` +
    `(${own.control.origin}, pid ${own.control.pid}). For a new link to it, run ${openCommand}; ` +
    `to start another console on this data directory, pass --port 0.`
  );
}

/**
 * The port is the one this console's own listener or emulator bound as it started, before the
 * browser server asked for it: said so, since nothing else holds it and "in use" sent people
 * looking for another program.
 */
function takenByThisConsole(core: ConsoleCore, port: number): string | null {
  const remedy = 'Pass another --port, or 0 to pick a free one.';
  if (core.listener.status().port === port)
    return `Port ${port} is the active profile ${core.profiles.active().fields.name}'s listener port: the console's listener takes it. ${remedy}`;
  const emulator = core.emulator.status();
  if (emulator.port === port)
    return `Port ${port} is ${emulator.profileName === null ? 'the' : `the ${emulator.profileName} profile's`} emulator port: the console's emulator takes it. ${remedy}`;
  return null;
}

/**
 * Runs until interrupted (Ctrl+C or SIGTERM; a test passes `until`); resolves when the server
 * has shut down.
 */
export async function runServe(context: CliContext, rawFlags: unknown, until?: Promise<void>): Promise<void> {
  const flags = parseFlags(serveFlags, rawFlags);
  const { io } = context;
  if (isNonLoopbackHost(flags.host)) {
    io.stderr(
      `warning: --host ${flags.host} is not a loopback address; anyone who can reach it and obtains the link can use this console.\n`,
    );
  }
  const dataDir = resolveDataDir(context.dataDirFlag());
  const consoleCommand = consoleCommandOn(dataDir);
  const openCommand = openCommandFor(consoleCommand);
  // With another console serving this data directory, `open` alone asks which: the command
  // said in the banner and on the sign-in page names this one's port then.
  const openCommandOn = (port: number) =>
    readControlFiles(dataDir).some(
      (entry) => entry.ok && entry.control.pid !== process.pid && isProcessAlive(entry.control.pid),
    )
      ? openCommandFor(consoleCommand, port)
      : openCommand;
  const core = await createConsole({ dataDir, frontDoor: 'browser', background: true });
  const server = await startBrowserModeServer(core, {
    host: flags.host,
    port: flags.port,
    staticDir: context.rendererDir,
    openCommand: openCommandOn,
  }).catch(async (error: unknown) => {
    const code = (error as { code?: string }).code;
    // Asked before closing: the console's own listener or emulator, started just before, may be
    // what holds the port (`--port 4455` on a fresh data directory is the listener's).
    const taken = code === 'EADDRINUSE' ? takenByThisConsole(core, flags.port) : null;
    await core.close();
    if (code === 'EADDRINUSE') throw new Error(taken ?? portInUse(dataDir, flags.port, openCommand));
    throw error;
  });
  // The local merchant page links back to orders in this console.
  core.emulator.setConsoleUrl(server.origin);
  // How `checkout-console open` finds this console for a new link (removed again on exit).
  let controlFile: string | null = null;
  try {
    controlFile = writeControlFile(dataDir, {
      version: 1,
      pid: process.pid,
      origin: server.origin,
      secret: server.controlSecret,
      startedAt: new Date().toISOString(),
    });
  } catch (error) {
    io.stderr(
      `warning: could not write the control file, so checkout-console open will not find this console: ${errorWords(error)}\n`,
    );
  }
  // Listening for the signal before saying "ready": a stop sent the moment the line is read
  // must reach this cleanup, not Node's default of ending the process (leaving the control file).
  // Heard until the cleanup has ended: one more during it is answered, where it cut it short.
  const stop = waitForSignal({ say: io.stderr, steps: SERVE_STOP_STEPS }, until);
  // Its lines, printed until standard output is gone; serving goes on after that.
  const printed = outputWhileServing(io, SERVE_GOES_ON);
  try {
    const active = core.profiles.active().fields;
    printed.io.stdout(launchLinkLines(server.launchUrl, openCommandOn(server.port)));
    printed.io.stdout(
      serveStartupLines({
        dataDir: resolve(dataDir),
        profile: { name: active.name, environment: active.environment },
        emulator: core.emulator.status(),
        listener: core.listener.status(),
      }),
    );
    // The banner's addresses, kept true: a later move of either is said as a line of its own.
    const said = {
      Emulator: serviceWords(core.emulator.status()),
      Listener: serviceWords(core.listener.status()),
    };
    core.bus.subscribe((event) => {
      const moved =
        event.name === 'emulator.changed'
          ? (['Emulator', serviceMovedLine('Emulator', event.payload, said.Emulator)] as const)
          : event.name === 'listener.status'
            ? (['Listener', serviceMovedLine('Listener', event.payload, said.Listener)] as const)
            : null;
      if (moved === null || moved[1] === null) return;
      said[moved[0]] = moved[1].said;
      printed.io.stdout(moved[1].line);
    });
    // Said on the first start only; Settings keeps it in view after that.
    const { warning, warningIsNew } = core.appInfo().vault;
    if (warning !== null && warningIsNew) io.stderr(`warning: ${warning}\n`);
    // At every start while it is stored: Settings says the preferences' too, until one is saved.
    for (const line of unreadableSettingsWarnings(core.settings, [
      'preferences',
      'listener',
      'retention',
      'emulator',
      'former-secrets',
      'webhook-headers',
    ]))
      io.stderr(terminalLine('warning', terminalSafe(line, { maxChars: 2000 })));
    for (const line of damagedProfilesWarnings(core.profiles.snapshot().profiles))
      io.stderr(terminalLine('warning', terminalSafe(line, { maxChars: 2000 })));
    if (opensBrowser(flags)) printed.io.stdout(browserOpenedLine(await openBrowser(server.launchUrl)));
    await stop.signalled;
  } finally {
    if (controlFile !== null) removeControlFile(controlFile);
    try {
      await server.close();
      await core.close();
    } finally {
      printed.release();
      stop.release();
    }
  }
}

export function registerServe(program: Command, context: CliContext): void {
  const command = program
    .command('serve')
    .description('Serve the console UI to your browser (browser mode)')
    .option('--port <n>', `port to listen on; 0 picks a free one (default ${DEFAULT_SERVE_PORT})`)
    .option('--host <h>', 'address to bind (default 127.0.0.1)');
  addNoBrowserFlags(command, '--no-open', 'do not open the system browser').action((flags: unknown) =>
    runServe(context, flags),
  );
}
