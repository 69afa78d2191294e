import { describe, expect, it } from 'vitest';
import { arrowPastEnd } from '../../src/renderer/src/ui/choice-control-keys';

// ArrowRight on the builder's Mobile user control at "false" went round to "unset", which removes
// the required is_mobile without a word: a choice that sets a value stops at its ends.
describe('an arrow key on a choice control that does not go round', () => {
  it('is stopped past the last choice and before the first, left to right', () => {
    expect(arrowPastEnd('ArrowRight', 2, 3, 'ltr')).toBe(true);
    expect(arrowPastEnd('ArrowDown', 2, 3, 'ltr')).toBe(true);
    expect(arrowPastEnd('ArrowLeft', 0, 3, 'ltr')).toBe(true);
    expect(arrowPastEnd('ArrowUp', 0, 3, 'ltr')).toBe(true);
  });
  it('moves between choices as before', () => {
    expect(arrowPastEnd('ArrowRight', 1, 3, 'ltr')).toBe(false);
    expect(arrowPastEnd('ArrowLeft', 2, 3, 'ltr')).toBe(false);
    expect(arrowPastEnd('Tab', 2, 3, 'ltr')).toBe(false);
  });
  it('reads left and right the other way right to left', () => {
    expect(arrowPastEnd('ArrowLeft', 2, 3, 'rtl')).toBe(true);
    expect(arrowPastEnd('ArrowRight', 0, 3, 'rtl')).toBe(true);
    expect(arrowPastEnd('ArrowRight', 2, 3, 'rtl')).toBe(false);
    // Up and down do not turn round.
    expect(arrowPastEnd('ArrowDown', 2, 3, 'rtl')).toBe(true);
  });
});
