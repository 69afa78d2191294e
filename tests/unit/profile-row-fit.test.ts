import { describe, expect, it } from 'vitest';
import { profilesShown, rowMinimumWidth } from '@app/profile-row-fit';

// Nine buttons of 100 px, 4 px apart: all nine take 932 px. "+N more" is 80 px.
const nine = { widths: Array<number>(9).fill(100), moreWidth: 80, gap: 4 };

describe('profilesShown', () => {
  it('shows every profile when all fit, and no "+N more"', () => {
    expect(profilesShown({ ...nine, available: 932, activeIndex: 0 })).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('shows the first that fit beside "+N more" when they do not', () => {
    // 500 px: "+N more" and its gap leave 416, room for four buttons (412).
    expect(profilesShown({ ...nine, available: 500, activeIndex: 0 })).toEqual([0, 1, 2, 3]);
  });

  it('always shows the active one, in its place in the order, giving up the last that fit', () => {
    expect(profilesShown({ ...nine, available: 500, activeIndex: 7 })).toEqual([0, 1, 2, 7]);
  });

  it('shows the active one alone when nothing else fits, even when it alone is too wide', () => {
    expect(profilesShown({ ...nine, available: 150, activeIndex: 5 })).toEqual([5]);
    expect(profilesShown({ ...nine, available: 20, activeIndex: 5 })).toEqual([5]);
  });

  it('keeps the row the list’s beginning: a short name further on does not jump the queue', () => {
    const widths = [100, 300, 40];
    expect(profilesShown({ widths, moreWidth: 80, gap: 4, available: 300, activeIndex: 0 })).toEqual([0]);
  });

  it('shows the first that fit when no profile is active', () => {
    expect(profilesShown({ ...nine, available: 500, activeIndex: -1 })).toEqual([0, 1, 2, 3]);
  });
});

describe('rowMinimumWidth', () => {
  it('is the active button and "+N more", so the title shrinks before the row loses it', () => {
    expect(rowMinimumWidth({ ...nine, widths: [60, 200, 90], activeIndex: 1 })).toBe(284);
  });

  it('is the only button when there is one, and nothing when there are none', () => {
    expect(rowMinimumWidth({ ...nine, widths: [60], activeIndex: 0 })).toBe(60);
    expect(rowMinimumWidth({ ...nine, widths: [], activeIndex: -1 })).toBe(0);
  });
});
