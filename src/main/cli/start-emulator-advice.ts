import { findServingConsoles } from '../browser-mode/launch-link-client';
import { openCommandFor } from '../browser-mode/sign-in-page';
import type { ConsoleCommand } from '../console-command';

/**
 * How to get this data directory's emulator running, said the one way by every command that
 * finds it stopped (`send`, `emulator pay`…). A console that already serves the data directory,
 * its emulator stopped from the Emulator view, is named with its Start: told to open the console
 * (`serve`), a person looking at it learned nothing. Otherwise `serve` or `emulator`, each
 * naming the data directory unless it is the default.
 */
export function startEmulatorAdvice(
  dataDir: string,
  command: ConsoleCommand,
): { words: string; consoleServes: boolean } {
  const serving = findServingConsoles(dataDir).live[0]?.control;
  if (serving !== undefined)
    return {
      words: `a console serves this data directory (${serving.origin}, pid ${serving.pid}): press Start in its Emulator view (for a link to it: ${openCommandFor(command)})`,
      consoleServes: true,
    };
  return {
    words: `start it with ${command('serve')} (the console) or ${command('emulator')} (the emulator alone), or press Start in the Emulator view`,
    consoleServes: false,
  };
}
