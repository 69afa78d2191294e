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
