/**
 * Whether a text is an absolute URI (`https://…`, `myapp://…`) without spaces: the shape, then
 * WHATWG URL's own parse. The parse was about 4 % of judging a create-checkout request (issue
 * 20: merchant_url's three URLs and each item's two), and a merchant sends the same few URLs
 * request after request, so each text's answer is kept. The answer depends on the text alone,
 * so a kept one is the one the parse gives; the memory is bounded (emptied when full).
 */
const ABSOLUTE_URI_SHAPE = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;

/** Texts judged lately; emptied when full, so a client sending endless new URLs holds little. */
const judged = new Map<string, boolean>();
const MAX_JUDGED = 512;
/** Longer texts are judged every time: keeping them would hold up to 512 long strings. */
const MAX_KEPT_LENGTH = 512;

function parsesAsAbsoluteUri(value: string): boolean {
  if (!ABSOLUTE_URI_SHAPE.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

export function isAbsoluteUri(value: string): boolean {
  if (value.length > MAX_KEPT_LENGTH) return parsesAsAbsoluteUri(value);
  let answer = judged.get(value);
  if (answer === undefined) {
    answer = parsesAsAbsoluteUri(value);
    if (judged.size >= MAX_JUDGED) judged.clear();
    judged.set(value, answer);
  }
  return answer;
}

/** The parse without the kept answers: the reference the tests hold isAbsoluteUri to. */
export const isAbsoluteUriUncached = parsesAsAbsoluteUri;
