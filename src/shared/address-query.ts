import { givenMoreThanOnceWords } from './given-more-than-once';

/**
 * A view's address query (`q=REF-1&kind=webhook`), read strictly. URLSearchParams decodes
 * leniently: `q=caf%E9` (a Latin-1 escape) became "caf\uFFFD" and `q=%E0%A4%A` (a broken
 * escape) "\uFFFD%A", which the Timeline then searched for (as "A": thousands of records)
 * without a word. Here a pair whose name or value is not percent-escaped UTF-8 has no text: it
 * is named in `problems` and its value is null, so whoever reads the name knows it was there.
 */
export interface AddressQuery {
  /** Every name's values, in the order given. */
  values: ReadonlyMap<string, readonly AddressValue[]>;
  problems: string[];
}

export interface AddressValue {
  /** Null where the value is not text (named in problems). */
  text: string | null;
  /** As the address writes it, to name it. */
  raw: string;
}

/** A % not followed by two hex digits. */
const BROKEN_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
/** A run of escapes, which together must be UTF-8. */
const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/** Decoded as a form's query is (`+` is a space), or null when it is not UTF-8 text. */
function decodePart(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/** What is wrong with a part decodePart refused, in words. */
function undecodableWords(raw: string): string {
  const broken = BROKEN_ESCAPE.exec(raw);
  if (broken !== null)
    return `${JSON.stringify(raw.slice(broken.index, broken.index + 3))} is not a percent-escape (a % takes two hex digits)`;
  const run = raw.match(ESCAPE_RUN)?.find((escapes) => decodePart(escapes) === null);
  return `${JSON.stringify(run ?? raw)} is not UTF-8 text`;
}

/** Reads an address's query; a URLSearchParams made by code reads back as it was made. */
export function readAddressQuery(query: string | URLSearchParams): AddressQuery {
  const text = typeof query === 'string' ? query.replace(/^\?/, '') : query.toString();
  const values = new Map<string, AddressValue[]>();
  const problems: string[] = [];
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const rawName = equals === -1 ? pair : pair.slice(0, equals);
    const rawValue = equals === -1 ? '' : pair.slice(equals + 1);
    const name = decodePart(rawName);
    const value = decodePart(rawValue);
    if (name === null || value === null)
      problems.push(
        `${JSON.stringify(pair)} cannot be read: ${undecodableWords(name === null ? rawName : rawValue)}, so it was ignored.`,
      );
    if (name === null) continue;
    values.set(name, [...(values.get(name) ?? []), { text: value, raw: rawValue }]);
  }
  return { values, problems };
}

/** Every readable value of `name`: one given unreadable is already named in the problems. */
export function allValues(query: AddressQuery, name: string): string[] {
  return (query.values.get(name) ?? []).flatMap(({ text }) => (text === null ? [] : [text]));
}

/**
 * The one value of a name that takes one, or null. Given twice, neither is taken and the name
 * is said: the CLI refuses such a flag, so a link and a command never pick different ones
 * (the link took the first, the CLI the last). Given unreadable, it is already named.
 */
export function oneValue(query: AddressQuery, name: string, problems: string[]): string | null {
  const values = query.values.get(name) ?? [];
  if (values.length > 1) {
    const named = values.map(({ text, raw }) => text ?? raw);
    problems.push(`${name} is ${givenMoreThanOnceWords(named)}, so it was ignored.`);
    return null;
  }
  return values[0]?.text ?? null;
}
