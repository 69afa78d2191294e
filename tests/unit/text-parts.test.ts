import { describe, expect, it } from 'vitest';
import { partEnd, textPieces } from '../../src/renderer/src/ui/text-parts';

describe('where a long text is cut for drawing', () => {
  it('takes a short text whole', () => {
    expect(partEnd('{"a":1}', 0, 64)).toBe(7);
    expect(textPieces('{"a":1}', 64)).toEqual(['{"a":1}']);
  });

  it('ends a part after the last whole line in its second half', () => {
    const text = `${'a'.repeat(30)}\n${'b'.repeat(30)}\n${'c'.repeat(30)}`;
    expect(partEnd(text, 0, 64)).toBe(62);
    expect(text.slice(0, 62).endsWith('\n')).toBe(true);
  });

  it('cuts a long line at the limit, never between the halves of a surrogate pair', () => {
    const text = `${'x'.repeat(9)}😀${'y'.repeat(20)}`;
    expect(partEnd(text, 0, 10)).toBe(9);
    expect(partEnd('z'.repeat(30), 0, 10)).toBe(10);
  });

  it('makes pieces that join back into the text exactly', () => {
    const text = Array.from(
      { length: 500 },
      (_, index) => `  "key${index}": "${'é😀'.repeat(index % 7)}",`,
    ).join('\n');
    const pieces = textPieces(text, 100);
    expect(pieces.join('')).toBe(text);
    expect(pieces.every((piece) => piece.length > 0 && piece.length <= 100)).toBe(true);
    expect(pieces.every((piece) => !/[\uD800-\uDBFF]$/.test(piece))).toBe(true);
  });
});
