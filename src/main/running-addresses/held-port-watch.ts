/**
 * How often a listener or emulator that did not start, because a console of this data directory
 * held its port, looks whether that console still runs. Its address record is believed only while
 * its process runs (docs/listener.md), and a console killed with kill -9 leaves it behind: read
 * once at bind, the view went on naming a dead process as the holder ("nothing needs doing")
 * while nothing listened on the port. A status read looks again too; this timer is for a view
 * left open, which is told by a push.
 */
export const HELD_PORT_CHECK_MS = 2_000;

export interface HeldPortWatch {
  /** Looks every HELD_PORT_CHECK_MS until stopped; a second start keeps the one timer. */
  start(): void;
  stop(): void;
}

/** `look` re-reads the holder and pushes a status when its words change. */
export function createHeldPortWatch(look: () => void, everyMs = HELD_PORT_CHECK_MS): HeldPortWatch {
  let timer: NodeJS.Timeout | null = null;
  return {
    start() {
      if (timer !== null) return;
      timer = setInterval(look, everyMs);
      // Never what keeps a process alive: a console closing stops it, a CLI run ends without it.
      timer.unref();
    },
    stop() {
      if (timer === null) return;
      clearInterval(timer);
      timer = null;
    },
  };
}
