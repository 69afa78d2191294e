import { randomUUID } from 'node:crypto';
import { ConsoleError } from '../console-error';

/** One part of an export answered in parts, in characters (about what one upload part is). */
export const EXPORT_PART_MAX_CHARS = 1024 * 1024;
/** Exports in parts open at once; another is refused until one finishes or expires. */
const MAX_OPEN_EXPORTS = 4;
/** An export whose next part nobody asks for this long is dropped. */
const EXPORT_IDLE_TIMEOUT_MS = 60_000;

export interface ExportPart {
  text: string;
  /** Records written so far (all of them once `next` is null). */
  count: number;
  /** Pass back for the following part; null when this was the last. */
  next: string | null;
  /** What is said of the damaged records this part wrote (export-records.ts). */
  damaged: string[];
}

interface OpenExport {
  chunks: Iterator<string>;
  count: () => number;
  damaged: () => string[];
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Exports answered part by part (`exportHistory` with `part`), so a history of any size goes
 * to the command line's standard output through the contract without ever being one string:
 * each open export holds its place in the store's cursor between calls, and is dropped when
 * finished or left idle.
 */
export function createExportParts(options: { idleMs?: number } = {}) {
  const open = new Map<string, OpenExport>();
  const idleMs = options.idleMs ?? EXPORT_IDLE_TIMEOUT_MS;

  const drop = (id: string) => {
    const entry = open.get(id);
    if (entry === undefined) return;
    clearTimeout(entry.timer);
    entry.chunks.return?.();
    open.delete(id);
  };
  const idleTimer = (id: string) => {
    const timer = setTimeout(() => drop(id), idleMs);
    timer.unref();
    return timer;
  };

  const take = (id: string, entry: OpenExport): ExportPart => {
    let text = '';
    while (text.length < EXPORT_PART_MAX_CHARS) {
      const step = entry.chunks.next();
      if (step.done === true) {
        drop(id);
        return { text, count: entry.count(), next: null, damaged: entry.damaged() };
      }
      text += step.value;
    }
    clearTimeout(entry.timer);
    entry.timer = idleTimer(id);
    return { text, count: entry.count(), next: id, damaged: entry.damaged() };
  };

  return {
    /** Opens an export and answers its first part. */
    start(exported: { chunks: Iterable<string>; count: () => number; damaged: () => string[] }): ExportPart {
      if (open.size >= MAX_OPEN_EXPORTS)
        throw new ConsoleError(
          'unavailable',
          `${MAX_OPEN_EXPORTS} exports are already open; try again shortly.`,
        );
      const id = randomUUID();
      const entry = {
        chunks: exported.chunks[Symbol.iterator](),
        count: exported.count,
        damaged: exported.damaged,
        timer: idleTimer(id),
      };
      open.set(id, entry);
      return take(id, entry);
    },
    /** The following part of an open export. */
    next(id: string): ExportPart {
      const entry = open.get(id);
      if (entry === undefined)
        throw ConsoleError.invalid(
          'part.next',
          'no export is open under this id (it finished, or waited too long)',
        );
      return take(id, entry);
    },
  };
}
