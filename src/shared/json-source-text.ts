import type { DocumentPath } from './builder/document-edit';
import { childrenOf, skipSpace, valueEnd, type JsonChild } from './json-text-children';

const BOM = 0xfeff;

/**
 * Where a JSON text writes each value, found by path as JSON.parse reads it: a name given twice
 * is its last occurrence. The text of a value is what the parsed value cannot give back: a
 * number's digits (`172.500`, `99999999999999999999`, `1e3`). Each container's members are read
 * once and kept, so asking for many values of one text (every number the form shows) reads the
 * containers on their way once, not once per value. Meant for text that parses.
 */
export function jsonSourceText(text: string): (path: DocumentPath) => string | undefined {
  const start = skipSpace(text, text.charCodeAt(0) === BOM ? 1 : 0);
  const members = new Map<number, JsonChild[]>();
  const membersAt = (from: number, to: number) => {
    let found = members.get(from);
    if (found === undefined) {
      found = childrenOf(text, from, to);
      members.set(from, found);
    }
    return found;
  };
  return (path) => {
    let from = start;
    // The top level's members end where it does: its own end need not be looked for first (a
    // second pass over the whole text).
    let to = text.length;
    for (const segment of path) {
      const open = text.charCodeAt(from);
      let child: JsonChild | undefined;
      if (open === 0x5b && typeof segment === 'number') child = membersAt(from, to)[segment];
      else if (open === 0x7b && typeof segment === 'string')
        child = membersAt(from, to).findLast((member) => member.name === segment);
      if (child === undefined) return undefined;
      from = child.valueFrom;
      to = child.valueTo;
    }
    return text.slice(from, path.length === 0 ? valueEnd(text, from) : to);
  };
}
