import { describe, expect, it } from 'vitest';
import { relatedLabel } from '../../src/renderer/src/features/timeline/detail/related-label';

// A listener arrival's detail read "Related: Original #375", where #375 was the replay that
// sent it and the original was #37.
describe('the link from a record to the one it is related to', () => {
  it('names what that record is to this one', () => {
    expect(relatedLabel('webhook', 375)).toBe('Arrival of replay #375');
    expect(relatedLabel('replay', 37)).toBe('Original #37');
    expect(relatedLabel('forward', 37)).toBe('Original #37');
    expect(relatedLabel('delivery', 12)).toBe('Its arrival #12');
  });
});
