import { findDuplicateKeys } from './json-duplicate-keys';
import { childPath, locateJsonValues } from './json-locations';

/** JSON's whitespace. */
const isSpace = (char: string) => char === ' ' || char === '\n' || char === '\r' || char === '\t';

/**
 * A JSON text with `value` at the path of object names `path`, and not one other byte changed:
 * the value there replaced, or the member added to the deepest object on the way (the objects
 * still missing written around it). Parsed and written out again, a payload lost what only its
 * text held: a number's digits (`100.00` became `100`), a name given twice, the spacing. Null
 * when that cannot be done in place: a name on the way given twice (which one counts is the
 * reader's choice), a value on the way that is not an object, or text that does not parse.
 */
export function setInJsonText(text: string, path: readonly string[], value: unknown): string | null {
  if (path.length === 0) return null;
  const onTheWay = (duplicate: readonly (string | number)[]) =>
    duplicate.length <= path.length && duplicate.every((segment, index) => segment === path[index]);
  if (findDuplicateKeys(text).some((duplicate) => onTheWay(duplicate.path))) return null;
  const locations = locateJsonValues(text);
  const keyOf = (depth: number) =>
    depth === 0
      ? '(root)'
      : path.slice(0, depth).reduce<string>((key, segment) => childPath(key, segment), '');
  let edited: string | null = null;
  const there = locations.get(keyOf(path.length));
  if (there !== undefined)
    edited = `${text.slice(0, there.from)}${JSON.stringify(value)}${text.slice(there.to)}`;
  for (let depth = path.length - 1; edited === null && depth >= 0; depth--) {
    const parent = locations.get(keyOf(depth));
    if (parent === undefined) continue;
    if (text.charAt(parent.from) !== '{' || text.charAt(parent.to - 1) !== '}') return null;
    let written = JSON.stringify(value);
    for (let level = path.length - 1; level > depth; level--)
      written = `{${JSON.stringify(path[level])}: ${written}}`;
    const member = `${JSON.stringify(path[depth])}: ${written}`;
    let end = parent.to - 1;
    while (end > parent.from + 1 && isSpace(text.charAt(end - 1))) end--;
    const empty = end === parent.from + 1;
    edited = `${text.slice(0, end)}${empty ? member : `, ${member}`}${text.slice(end)}`;
  }
  if (edited === null) return null;
  // Checked, not trusted: the edit must read back with the value where it was put.
  try {
    let node: unknown = JSON.parse(edited);
    for (const segment of path)
      node =
        typeof node === 'object' && node !== null && Object.hasOwn(node, segment)
          ? (node as Record<string, unknown>)[segment]
          : undefined;
    return JSON.stringify(node) === JSON.stringify(value) ? edited : null;
  } catch {
    return null;
  }
}
