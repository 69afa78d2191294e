import { CHANGED_ELSEWHERE, sameValue } from '../shared/settings-patch';
import { ConsoleError } from './console-error';

/**
 * The one check of a save against changes made elsewhere (another window or tab, a second
 * console, a terminal) since the saving window read the values. A save carries only the fields
 * its person changed, so every other field stays as stored; `expected` holds, for those fields,
 * the values the window showed when they began. A field stored differently now, unless already
 * what the save asks for, was changed elsewhere meanwhile: the save is refused (`conflict`, one
 * issue per such field) rather than undo that change in silence, and the person chooses; an
 * Overwrite sends no `expected`. Run it inside the transaction that writes the patch, so the
 * check and the write are one.
 */
export function refuseChangedElsewhere(
  what: string,
  current: Readonly<Record<string, unknown>>,
  patch: Readonly<Record<string, unknown>>,
  expected: Readonly<Record<string, unknown>> | undefined,
): void {
  if (expected === undefined) return;
  const changed = Object.keys(patch).filter(
    (key) =>
      patch[key] !== undefined &&
      key in expected &&
      !sameValue(expected[key], current[key]) &&
      !sameValue(patch[key], current[key]),
  );
  if (changed.length === 0) return;
  throw new ConsoleError(
    'conflict',
    `${what}: ${changed.join(', ')} ${changed.length === 1 ? 'was' : 'were'} changed elsewhere (another window, tab or a terminal) after this window read ${changed.length === 1 ? 'it' : 'them'}, so nothing was saved. Look at the values now stored, then save again to overwrite them.`,
    changed.map((path) => ({ path, message: CHANGED_ELSEWHERE })),
  );
}
