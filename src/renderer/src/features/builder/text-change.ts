/**
 * The smallest single edit that turns `before` into `after`: what the two share at the start
 * and at the end stays, only the middle is replaced. A form edit of one field in a megabyte of
 * JSON then reaches the raw editor as the few characters that changed, not a new document
 * (which CodeMirror would re-measure and re-highlight whole, losing the scroll position).
 */
export function textChange(before: string, after: string): { from: number; to: number; insert: string } {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (
    endBefore > start &&
    endAfter > start &&
    before.charCodeAt(endBefore - 1) === after.charCodeAt(endAfter - 1)
  ) {
    endBefore--;
    endAfter--;
  }
  // Never split a surrogate pair: CodeMirror would hold half a character for a moment.
  if (start > 0 && isHighSurrogate(before.charCodeAt(start - 1))) start--;
  if (endBefore < before.length && isLowSurrogate(before.charCodeAt(endBefore))) {
    endBefore++;
    endAfter++;
  }
  return { from: start, to: endBefore, insert: after.slice(start, endAfter) };
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
