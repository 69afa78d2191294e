import type { Command } from 'commander';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { z } from 'zod';

/**
 * `serve --no-open` and `open --no-browser` say one thing: do not open the system browser. Each
 * command takes both, its own name first and the other's as an alias its help lists ("the same
 * as --no-open"), so the one remembered from the other command is not an "unknown option", and
 * a person reading either help finds both.
 */
export function addNoBrowserFlags(
  command: Command,
  own: '--no-open' | '--no-browser',
  description: string,
): Command {
  const alias = own === '--no-open' ? '--no-browser' : '--no-open';
  const aliasOf = own === '--no-open' ? 'open' : 'serve';
  return command.option(own, description).option(alias, `the same as ${own} (as \`${aliasOf}\` says it)`);
}

/** The flags addNoBrowserFlags adds, as their schema parses them. */
export const noBrowserFlagsShape = { open: z.boolean().default(true), browser: z.boolean().default(true) };

/** Whether a command given addNoBrowserFlags opens the system browser. */
export const opensBrowser = (flags: { open: boolean; browser: boolean }): boolean =>
  flags.open && flags.browser;

function onPath(command: string): boolean {
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      // keep looking
    }
  }
  return false;
}

/** Whether this machine has a way to show a page to a person (a desktop session and an opener). */
export function canOpenBrowser(): boolean {
  if (process.platform === 'darwin' || process.platform === 'win32') return true;
  const hasDisplay = Boolean(process.env['DISPLAY'] ?? process.env['WAYLAND_DISPLAY']);
  return hasDisplay && onPath('xdg-open');
}

export async function openBrowser(url: string): Promise<boolean> {
  if (!canOpenBrowser()) return false;
  try {
    const { default: open } = await import('open');
    const child = await open(url);
    child.on('error', () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}
