import { getIn, setIn, type DocumentPath } from './builder/document-edit';
import { findDuplicateKeys } from './json-duplicate-keys';
import { childrenOf, skipSpace, valueEnd, type JsonChild } from './json-text-children';
import { documentStyleOf, lineIndentAt, styleOf, writeJson, type JsonTextStyle } from './json-text-layout';

/**
 * Edits of a JSON text in place. Parsed and written out again, a payload lost what only its
 * text held: a number's digits (`100.00` became `100`), a name given twice, the spacing. Here
 * only the text of what changed is written; everything else keeps its bytes.
 */

/** The digits a person typed for the number at `path`, written as typed (`72.980`). */
export interface TypedNumber {
  path: DocumentPath;
  text: string;
}

interface Splice {
  from: number;
  to: number;
  insert: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** The names an object holds, a member set to undefined counting as left out (as JSON writes it). */
const namesOf = (object: Record<string, unknown>) =>
  Object.keys(object).filter((name) => object[name] !== undefined);
const BOM = 0xfeff;
/** Stands in for the typed number while a new value is written (see writeNew). */
const TYPED_NUMBER_MARKER = '\u0000typed number\u0000';

/**
 * `text` (which parses to `before`) changed so it parses to `after`, where only what differs
 * between the two is written: a value replaced, a member added after the object's last one
 * (laid out as the object is), a member removed with its comma, an array's elements moved,
 * added or removed (an element still there keeps its text; a copy of one takes its text). A
 * name given twice is edited where JSON.parse reads it, its last occurrence; removing such a
 * name removes every occurrence, so none is read back. `typed` is written as given where its
 * number is, a number already there or one written new (in a member added, or in an object
 * written around it). Null when the result would not parse to `after` (checked, not trusted).
 */
export function editJsonText(
  text: string,
  before: unknown,
  after: unknown,
  typed?: TypedNumber,
): string | null {
  const start = skipSpace(text, text.charCodeAt(0) === BOM ? 1 : 0);
  const end = valueEnd(text, start);
  const rootChildren = isContainer(text, start) ? childrenOf(text, start, end) : [];
  const documentStyle = documentStyleOf(text, start, rootChildren);
  const splices: Splice[] = [];

  const onTypedPath = (path: readonly (string | number)[]) =>
    typed !== undefined &&
    path.length <= typed.path.length &&
    path.every((segment, index) => segment === typed.path[index]);

  const walk = (was: unknown, now: unknown, from: number, to: number, path: (string | number)[]): boolean => {
    if (was === now && !onTypedPath(path)) return true;
    const open = text.charCodeAt(from);
    if (isObject(was) && isObject(now) && open === 0x7b) return walkObject(was, now, from, to, path);
    if (Array.isArray(was) && Array.isArray(now) && open === 0x5b) return walkArray(was, now, from, to, path);
    if (
      typed !== undefined &&
      path.length === typed.path.length &&
      onTypedPath(path) &&
      typeof now === 'number'
    ) {
      if (text.slice(from, to) !== typed.text) splices.push({ from, to, insert: typed.text });
      return true;
    }
    if (sameJson(was, now)) return true;
    splices.push({ from, to, insert: writeNew(now, documentStyle, lineIndentAt(text, from), path) });
    return true;
  };

  /**
   * `value`, which is not in the text yet, written at `path` in `style`: the typed number, when
   * it is in there, as typed (JSON.stringify would write `72.980` as `72.98`). It goes in as a
   * marker string written out once, then replaced by the digits.
   */
  const writeNew = (value: unknown, style: JsonTextStyle, indent: string, path: DocumentPath): string => {
    const written = writeJson(value, style, indent);
    if (typed === undefined || !onTypedPath(path)) return written;
    const within = typed.path.slice(path.length);
    if (typeof getIn(value, within) !== 'number') return written;
    const marker = JSON.stringify(TYPED_NUMBER_MARKER);
    const marked = writeJson(setIn(value, within, TYPED_NUMBER_MARKER), style, indent);
    const at = marked.indexOf(marker);
    // The value may hold the marker's text itself: then which one is ours is not known.
    if (at < 0 || marked.indexOf(marker, at + 1) >= 0) return written;
    return `${marked.slice(0, at)}${typed.text}${marked.slice(at + marker.length)}`;
  };

  const walkObject = (
    was: Record<string, unknown>,
    now: Record<string, unknown>,
    from: number,
    to: number,
    path: (string | number)[],
  ): boolean => {
    const children = childrenOf(text, from, to);
    const style = styleOf(text, from, children, documentStyle);
    const read = new Map<string, JsonChild>();
    for (const child of children) if (child.name !== null) read.set(child.name, child);
    const added: string[] = [];
    for (const name of namesOf(now)) {
      const child = read.get(name);
      if (!Object.hasOwn(was, name)) added.push(name);
      else if (child === undefined) return false;
      else if (!walk(was[name], now[name], child.valueFrom, child.valueTo, [...path, name])) return false;
    }
    const gone = new Set(namesOf(was).filter((name) => now[name] === undefined));
    const kept = children.filter((child) => child.name === null || !gone.has(child.name));
    if (kept.length === 0 && (added.length > 0 || gone.size > 0)) {
      splices.push({ from, to, insert: writeNew(now, style, lineIndentAt(text, from), path) });
      return true;
    }
    removeChildren(children, gone);
    const last = children[children.length - 1];
    if (added.length > 0 && last !== undefined) {
      const indent = lineIndentAt(text, kept[0]?.from ?? last.from);
      const separator = style.pretty ? `,\n${indent}` : style.comma;
      const members = added.map(
        (name) =>
          `${separator}${JSON.stringify(name)}${style.colon}${writeNew(now[name], style, indent, [...path, name])}`,
      );
      splices.push({ from: last.valueTo, to: last.valueTo, insert: members.join('') });
    }
    return true;
  };

  /** Members named in `gone` taken out with the comma that joined each to the rest. */
  const removeChildren = (children: readonly JsonChild[], gone: ReadonlySet<string>) => {
    const removed = (child: JsonChild | undefined) => child?.name != null && gone.has(child.name);
    let firstKept = 0;
    while (removed(children[firstKept])) firstKept++;
    const first = children[0];
    const keptChild = children[firstKept];
    if (firstKept > 0 && first !== undefined && keptChild !== undefined)
      splices.push({ from: first.from, to: keptChild.from, insert: '' });
    for (let index = firstKept + 1; index < children.length; index++) {
      const child = children[index];
      const previous = children[index - 1];
      if (child !== undefined && previous !== undefined && removed(child))
        splices.push({ from: previous.valueTo, to: child.valueTo, insert: '' });
    }
  };

  const walkArray = (
    was: unknown[],
    now: unknown[],
    from: number,
    to: number,
    path: (string | number)[],
  ): boolean => {
    const children = childrenOf(text, from, to);
    if (children.length !== was.length) return false;
    const inPlace =
      now.length === was.length &&
      now.every((element, index) => element === was[index] || !was.includes(element));
    if (inPlace)
      return now.every((element, index) => {
        const child = children[index];
        return (
          child !== undefined && walk(was[index], element, child.valueFrom, child.valueTo, [...path, index])
        );
      });
    splices.push({ from, to, insert: rebuiltArray(was, now, from, to, children) });
    return true;
  };

  /** The array laid out as it was, each element still there (or copied) in its own text. */
  const rebuiltArray = (
    was: unknown[],
    now: unknown[],
    from: number,
    to: number,
    children: readonly JsonChild[],
  ) => {
    if (now.length === 0) return '[]';
    const style = styleOf(text, from, children, documentStyle);
    const [first, second] = children;
    const last = children[children.length - 1];
    const outer = lineIndentAt(text, from);
    const indent = first === undefined ? `${outer}${style.unit}` : lineIndentAt(text, first.from);
    const pretty = first === undefined ? documentStyle.pretty : style.pretty;
    const leading = first !== undefined ? text.slice(from + 1, first.from) : pretty ? `\n${indent}` : '';
    const trailing = last !== undefined ? text.slice(last.valueTo, to - 1) : pretty ? `\n${outer}` : '';
    const separator =
      first !== undefined && second !== undefined
        ? text.slice(first.valueTo, second.from)
        : pretty
          ? `,\n${indent}`
          : style.comma;
    const elements = now.map((element) => {
      let at = was.indexOf(element);
      if (at < 0) at = was.findIndex((old) => sameJson(old, element));
      const child = children[at];
      return child === undefined
        ? writeJson(element, { ...style, pretty }, indent)
        : text.slice(child.valueFrom, child.valueTo);
    });
    return `[${leading}${elements.join(separator)}${trailing}]`;
  };

  if (!walk(before, after, start, end, [])) return null;
  let edited = text;
  for (const splice of splices.sort((a, b) => b.from - a.from))
    edited = `${edited.slice(0, splice.from)}${splice.insert}${edited.slice(splice.to)}`;
  try {
    const parsed: unknown = JSON.parse(edited.charCodeAt(0) === BOM ? edited.slice(1) : edited);
    return sameJson(parsed, after) ? edited : null;
  } catch {
    return null;
  }
}

const isContainer = (text: string, at: number) =>
  text.charCodeAt(at) === 0x7b || text.charCodeAt(at) === 0x5b;

/**
 * A JSON text with `value` at the path of object names `path`, and not one other byte changed:
 * the value there replaced, or the member added to the deepest object on the way (the objects
 * still missing written around it). Null when that cannot be done in place: a name on the way
 * given twice (which one counts is the reader's choice: a server may read the first), a value on
 * the way that is not an object, or text that does not parse.
 */
export function setInJsonText(text: string, path: readonly string[], value: unknown): string | null {
  if (path.length === 0) return null;
  const onTheWay = (duplicate: readonly (string | number)[]) =>
    duplicate.length <= path.length && duplicate.every((segment, index) => segment === path[index]);
  if (findDuplicateKeys(text).some((duplicate) => onTheWay(duplicate.path))) return null;
  let before: unknown;
  try {
    before = JSON.parse(text.charCodeAt(0) === BOM ? text.slice(1) : text);
  } catch {
    return null;
  }
  let node = before;
  for (const segment of path.slice(0, -1)) {
    if (!isObject(node) || !Object.hasOwn(node, segment)) break;
    node = node[segment];
  }
  if (!isObject(node)) return null;
  return editJsonText(text, before, setIn(before, path, value));
}
