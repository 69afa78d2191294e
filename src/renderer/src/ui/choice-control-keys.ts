/** The arrow keys that move to the next choice and to the one before, in a writing direction. */
const NEXT: Record<'ltr' | 'rtl', readonly string[]> = {
  ltr: ['ArrowRight', 'ArrowDown'],
  rtl: ['ArrowLeft', 'ArrowDown'],
};
const PREVIOUS: Record<'ltr' | 'rtl', readonly string[]> = {
  ltr: ['ArrowLeft', 'ArrowUp'],
  rtl: ['ArrowRight', 'ArrowUp'],
};

/**
 * Whether `key` on the choice at `index` of `count` would go round to the other end: a segmented
 * control is a group of radio buttons, which the browser takes round, so ArrowRight on the last
 * choice picks the first.
 */
export function arrowPastEnd(key: string, index: number, count: number, direction: 'ltr' | 'rtl'): boolean {
  return (
    (index === count - 1 && NEXT[direction].includes(key)) ||
    (index === 0 && PREVIOUS[direction].includes(key))
  );
}
