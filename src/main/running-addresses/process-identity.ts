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
