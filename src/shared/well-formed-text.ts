/** Any UTF-16 surrogate: only a text holding one can hold an unpaired one. */
const SURROGATE = /[\uD800-\uDFFF]/;
/** A surrogate without its other half. */
const UNPAIRED = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A text with each unpaired surrogate (JSON may spell one: `"\ud800"`) as U+FFFD, as UTF-8
 * can hold it. SQLite stored such a text as bytes no UTF-8 reader takes back whole: a webhook's
 * order id read back as another text than the one written, and its order was never listed.
 */
export function wellFormedText(text: string): string {
  return SURROGATE.test(text) ? text.replace(UNPAIRED, '\uFFFD') : text;
}

/**
 * The first unpaired surrogate of a text and where (1-based, in UTF-16 units as JSON counts
 * them), or null: an import refuses a body holding one rather than store it as U+FFFD.
 */
export function firstUnpairedSurrogate(text: string): { escape: string; character: number } | null {
  if (!SURROGATE.test(text)) return null;
  const found = new RegExp(UNPAIRED.source).exec(text);
  if (found === null) return null;
  const unit = found[0].charCodeAt(0).toString(16);
  return { escape: `\\u${unit}`, character: found.index + 1 };
}

/** A text of a parsed JSON value holding an unpaired surrogate: its path, and which and where. */
export interface UnpairedSurrogateAt {
  path: (string | number)[];
  escape: string;
  character: number;
}

/**
 * The first text among a parsed JSON value's values (an imported record, walked in its own
 * order) holding an unpaired surrogate, with its path; null when every one is well formed.
 * Keys are not walked: a record's own are its schema's, and what it does not know is dropped.
 * The path is built only on the way out, so a record with none allocates nothing.
 */
export function firstUnpairedSurrogateIn(value: unknown): UnpairedSurrogateAt | null {
  if (typeof value === 'string') {
    const found = firstUnpairedSurrogate(value);
    return found === null ? null : { path: [], ...found };
  }
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = firstUnpairedSurrogateIn(value[index]);
      if (found !== null) {
        found.path.unshift(index);
        return found;
      }
    }
    return null;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const found = firstUnpairedSurrogateIn((value as Record<string, unknown>)[key]);
    if (found !== null) {
      found.path.unshift(key);
      return found;
    }
  }
  return null;
}
