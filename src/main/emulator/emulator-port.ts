import type { Logger } from '../log';
import { createHeldPortWatch } from '../running-addresses/held-port-watch';

/**
 * The port of a loopback http base URL, or why the emulator cannot stand behind it. `profileName`:
 * the profile it is read from, named in the reason (it need not be the one called Local).
 */
export function emulatorPortOf(baseUrl: string, profileName?: string): { port: number } | { error: string } {
  const whose =
    profileName === undefined ? "The Local profile's base URL" : `The base URL of profile ${profileName},`;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return { error: `${whose} ${baseUrl} is not a URL.` };
  }
  if (url.protocol !== 'http:' || !['127.0.0.1', 'localhost'].includes(url.hostname))
    return {
      error: `${whose} ${baseUrl} is not http://127.0.0.1:PORT, so the emulator is not started for it.`,
    };
  return { port: url.port === '' ? 80 : Number(url.port) };
}

/**
 * Why the emulator did not start on a held port: the console on this data directory that says it
 * runs its emulator there (it answers as the same emulator: the same orders and settings), or,
 * when none says so, something this console cannot name (another program, or a console of an
 * older version or another data directory). The second never says a console of this data
 * directory may answer: it was looked for and not found, and one would have been named.
 */
export function heldPortWords(port: number, heldBy: string | null, freePortHow: string | undefined): string {
  const how = freePortHow === undefined ? '' : ` (${freePortHow})`;
  if (heldBy !== null)
    return `${heldBy} runs this data directory's emulator on port ${port}, so this console's emulator is not started there; that one answers as the same emulator (the same orders and settings). Start this one on a free port${how}, or use that one.`;
  return `Something else on this machine holds port ${port} (which process is not known here), so this console's emulator is not running, and whatever holds the port answers in its place: no console on this data directory says it runs its emulator there (one that did would be named here). Start it on a free port${how}, or free the port.`;
}

export interface PortHolder {
  /**
   * The words for a start on `port` that failed with EADDRINUSE; a console named as its holder is
   * then watched until it stops.
   */
  heldAt(port: number): string;
  /**
   * Looks again at the named holder (the emulator not running): undefined when nothing changed,
   * else the emulator's new error words (null: the holder stopped, the emulator is simply stopped).
   */
  recheck(): string | null | undefined;
  /** Started, stopped or closed: no holder is named any more. */
  forget(): void;
}

/**
 * The console named as the port's holder when the last start failed (none: none was). Its record
 * is believed only while its process runs: looked at again on every status read, and on a timer
 * so an open view is told (held-port-watch.ts, `changed` then pushes). Once it is gone, the
 * emulator is simply stopped: nothing answers on the port, Start can start it there, and what is
 * owed waits for it.
 */
export function createPortHolder(options: {
  heldBy: ((port: number) => string | null) | undefined;
  freePortHow: string | undefined;
  log: Logger;
  /** The timer saw the words change (`words` as recheck returns them). */
  changed: (words: string | null) => void;
}): PortHolder {
  let holder: { port: number; runBy: string } | null = null;
  const watch = createHeldPortWatch(() => {
    const words = recheck();
    if (words !== undefined) options.changed(words);
  });
  const forget = () => {
    holder = null;
    watch.stop();
  };
  const recheck = (): string | null | undefined => {
    if (holder === null) return undefined;
    const now = options.heldBy?.(holder.port) ?? null;
    if (now === holder.runBy) return undefined;
    if (now !== null) {
      holder = { port: holder.port, runBy: now };
      return heldPortWords(holder.port, now, options.freePortHow);
    }
    options.log.warn(
      `${holder.runBy}, which ran this data directory's emulator on port ${holder.port}, has stopped: this console's emulator is stopped, and Start starts it there.`,
    );
    forget();
    return null;
  };
  return {
    heldAt(port) {
      const heldBy = options.heldBy?.(port) ?? null;
      if (heldBy !== null) {
        holder = { port, runBy: heldBy };
        watch.start();
      }
      return heldPortWords(port, heldBy, options.freePortHow);
    },
    recheck,
    forget,
  };
}
