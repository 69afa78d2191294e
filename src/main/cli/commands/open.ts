import type { Command } from 'commander';
import { z } from 'zod';
import { findServingConsoles, requestLaunchLink } from '../../browser-mode/launch-link-client';
import { openCommandFor } from '../../browser-mode/sign-in-page';
import { consoleCommandOn } from '../../console-command';
import { resolveDataDir } from '../../data-dir';
import { numberFlag, parseFlags, type CliContext } from '../cli-context';
import { UsageError } from '../cli-errors';
import { addNoBrowserFlags, noBrowserFlagsShape, openBrowser, opensBrowser } from '../open-browser';
import { terminalSafe } from '../terminal-text';
import { browserOpenedLine, launchLinkLines } from '../console-ready-text';

const openFlags = z.object({
  port: numberFlag(
    'must be a whole number',
    z
      .number()
      .int('must be a whole number')
      .min(1, 'must be between 1 and 65535')
      .max(65535, 'must be between 1 and 65535'),
  ).optional(),
  ...noBrowserFlagsShape,
});

/** It names the data directory when it is not the default: "start it with checkout-console
 * serve" served the default one, and `open` still found nothing. */
const notServing = (dataDir: string) =>
  `no console is serving from ${dataDir}; start it with ${consoleCommandOn(dataDir)('serve')}`;

/**
 * A new one-time sign-in link from the `serve` already running on this data directory, so a
 * lost tab never costs a restart (which would also restart the listener and the emulator).
 * The control secret it reads is sent to that console and printed nowhere.
 */
export async function runOpen(context: CliContext, rawFlags: unknown): Promise<void> {
  const flags = parseFlags(openFlags, rawFlags);
  const { io } = context;
  const dataDir = resolveDataDir(context.dataDirFlag());
  const found = findServingConsoles(dataDir);
  for (const entry of found.unusable) {
    io.stderr(`warning: ignoring ${terminalSafe(entry.path)}: ${terminalSafe(entry.problem)}\n`);
  }
  if (found.removedStale.length > 0) {
    io.stderr(
      `note: removed ${found.removedStale.length} control file(s) left by consoles that are no longer running\n`,
    );
  }
  const live =
    flags.port === undefined
      ? found.live
      : found.live.filter((entry) => new URL(entry.control.origin).port === String(flags.port));
  if (live.length === 0) {
    throw new Error(
      flags.port === undefined || found.live.length === 0
        ? notServing(dataDir)
        : `no console serving from ${dataDir} listens on port ${flags.port}; ${found.live.length} other(s) do: ${found.live.map((entry) => entry.control.origin).join(', ')}`,
    );
  }
  const [chosen, ...others] = live;
  if (chosen === undefined || others.length > 0) {
    const list = live
      .map(
        (entry) => `  ${entry.control.origin} (pid ${entry.control.pid}, started ${entry.control.startedAt})`,
      )
      .join('\n');
    throw new UsageError(
      `${live.length} consoles are serving from ${dataDir}; pick one with --port:\n${list}`,
    );
  }
  const result = await requestLaunchLink(chosen.control);
  if (!result.ok) {
    throw new Error(
      result.unreachable
        ? `${notServing(dataDir)} (process ${chosen.control.pid} holds its control file, but nothing answers at ${chosen.control.origin}: ${result.message})`
        : result.message,
    );
  }
  // With another console serving this data directory, `open` alone asks which: the command for
  // another link names the port of this one, as serve's banner and sign-in page do.
  const port = found.live.length > 1 ? Number(new URL(chosen.control.origin).port) : undefined;
  io.stdout(
    launchLinkLines(result.url, openCommandFor(consoleCommandOn(dataDir), port), chosen.control.origin),
  );
  if (opensBrowser(flags)) io.stdout(browserOpenedLine(await openBrowser(result.url)));
}

export function registerOpen(program: Command, context: CliContext): void {
  const command = program
    .command('open')
    .description(
      'Print a new one-time sign-in link for the console `serve` runs on this data directory, and open it',
    )
    .option('--port <n>', 'when several consoles serve this data directory, the one on this port');
  addNoBrowserFlags(command, '--no-browser', 'only print the link; do not open the system browser').action(
    (flags: unknown) => runOpen(context, flags),
  );
}
