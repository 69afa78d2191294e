import type { JsonChild } from './json-text-children';

/**
 * How a JSON text is laid out, read from the text itself, so what an in-place edit adds reads
 * like what was there: a compact document stays on one line, a pretty one gets its own indent.
 */
export interface JsonTextStyle {
  /** Members on lines of their own. */
  pretty: boolean;
  /** One level of indent (pretty). */
  unit: string;
  /** Between a name and its value: `:` or `: `. */
  colon: string;
  /** Between two members on one line (compact): `,` or `, `. */
  comma: string;
}

/** The whitespace a line starts with: the indent of whatever is written at `at`. */
export function lineIndentAt(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  let end = start;
  while (end < at && (text.charAt(end) === ' ' || text.charAt(end) === '\t')) end++;
  return text.slice(start, end);
}

/**
 * The style of the container at `from` with `children`, taken from what it holds where it
 * holds enough, else from `fallback` (the document's).
 */
export function styleOf(
  text: string,
  from: number,
  children: readonly JsonChild[],
  fallback: JsonTextStyle,
): JsonTextStyle {
  const [first, second] = children;
  if (first === undefined) return fallback;
  const pretty = text.slice(from + 1, first.from).includes('\n');
  const named = first.name !== null;
  const colon = named ? text.slice(first.nameTo, first.valueFrom) : fallback.colon;
  const between = second === undefined ? undefined : text.slice(first.valueTo, second.from);
  const comma = between === undefined || between.includes('\n') ? fallback.comma : between;
  const indent = lineIndentAt(text, first.from);
  const outer = lineIndentAt(text, from);
  const unit =
    pretty && indent.startsWith(outer) && indent.length > outer.length
      ? indent.slice(outer.length)
      : fallback.unit;
  return { pretty, unit, colon: colon === '' ? fallback.colon : colon, comma };
}

/**
 * The style of a whole document whose top-level value is at `from`: its own, or for an empty
 * one, pretty when the text already runs over lines (`{}` and a line break, as the builder
 * starts) and compact when it is one line.
 */
export function documentStyleOf(text: string, from: number, children: readonly JsonChild[]): JsonTextStyle {
  const pretty = text.includes('\n');
  const guess: JsonTextStyle = { pretty, unit: '  ', colon: ': ', comma: ', ' };
  if (children.length === 0) return guess;
  const found = styleOf(text, from, children, guess);
  return children.length >= 2 ? found : { ...found, comma: found.colon.endsWith(' ') ? ', ' : ',' };
}

/** `value` written as JSON in `style`, its lines after the first indented by `indent`. */
export function writeJson(value: unknown, style: JsonTextStyle, indent: string): string {
  if (style.pretty) return JSON.stringify(value, null, style.unit).replaceAll('\n', `\n${indent}`);
  const compact = JSON.stringify(value);
  if (style.colon === ':' && style.comma === ',') return compact;
  let out = '';
  for (let i = 0; i < compact.length; i++) {
    const char = compact.charAt(i);
    if (char === '"') {
      let end = i + 1;
      while (compact.charAt(end) !== '"') end += compact.charAt(end) === '\\' ? 2 : 1;
      out += compact.slice(i, end + 1);
      i = end;
    } else out += char === ':' ? style.colon : char === ',' ? style.comma : char;
  }
  return out;
}
