import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isProcessAlive } from '../browser-mode/control-file';

/**
 * When the process with this pid started, as the OS tells it, or null where it cannot be read
 * (Windows; a pid that is gone). A pid alone is not an identity: after a crash the OS may give
 * the same number to an unrelated process, and a record naming it would then look alive. The
 * pair (pid, start) names one process for as long as the machine runs.
 */
export function processStartOf(pid: number, platform: NodeJS.Platform = process.platform): string | null {
  try {
    if (platform === 'linux') {
      // /proc/<pid>/stat: field 22 is the start time in clock ticks since boot. The command name
      // (field 2, in parentheses) may hold spaces, so the fields are counted after its last ")".
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return fields[19] ?? null;
    }
    if (platform === 'win32') return null;
    // macOS and the BSDs: no /proc; ps names the start to the second, which a reused pid does not share.
    // In UTC and the C locale: ps writes it in the reader's local time and words, so a terminal
    // with another TZ or LANG than the console read another start and took the pid for reused.
    const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      env: { ...process.env, TZ: 'UTC', LC_ALL: 'C' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    }).trim();
    return started === '' ? null : started;
  } catch {
    return null;
  }
}

/**
 * Whether the process a record names still runs: its pid is alive and, where the OS says when
 * it started, it started when the record says (else the pid was given to another process).
 */
export function isSameProcessAlive(pid: number, start: string | null): boolean {
  if (!isProcessAlive(pid)) return false;
  if (start === null) return true;
  const now = processStartOf(pid);
  return now === null || now === start;
}

/** How long a record's process, once found to be the one it names, is not asked its start again. */
export const IDENTITY_CONFIRMED_FOR_MS = 2_000;

/**
 * isSameProcessAlive for a reader that asks about the same records again and again (a console's
 * every send). Whether the pid is alive is asked every time (kill(pid, 0), a few µs): a process
 * that died is never believed a moment longer. Its start time (a /proc read on Linux, a `ps` on
 * macOS: milliseconds) is compared again only once `confirmedForMs` has passed since it last
 * matched. Another process could be believed for at most that long only if, within it, the one
 * the record names died and the OS gave its pid to a new one; the OS hands pids out in turn up
 * to its limit (32768 or more by default on Linux, 99999 on macOS), so that takes the numbers coming
 * round again within the window.
 */
export function createIdentityCheck(
  deps: {
    confirmedForMs?: number;
    now?: () => number;
    pidAlive?: (pid: number) => boolean;
    startOf?: (pid: number) => string | null;
  } = {},
): (pid: number, start: string | null) => boolean {
  const confirmedForMs = deps.confirmedForMs ?? IDENTITY_CONFIRMED_FOR_MS;
  const now = deps.now ?? Date.now;
  const pidAlive = deps.pidAlive ?? isProcessAlive;
  const startOf = deps.startOf ?? ((pid: number) => processStartOf(pid));
  /** `pid start` → when its start last matched. */
  const confirmed = new Map<string, number>();
  return (pid, start) => {
    const key = `${pid} ${start ?? ''}`;
    if (!pidAlive(pid)) {
      confirmed.delete(key);
      return false;
    }
    if (start === null) return true;
    const at = confirmed.get(key);
    if (at !== undefined && now() - at < confirmedForMs) return true;
    const current = startOf(pid);
    if (current !== null && current !== start) {
      confirmed.delete(key);
      return false;
    }
    // Bounded: a console sees a handful of records; ones long gone are dropped as they are met.
    if (confirmed.size > 256) confirmed.clear();
    confirmed.set(key, now());
    return true;
  };
}
