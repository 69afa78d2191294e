import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COMPACT_ROW_MIN_WIDTH,
  WIDE_ROW_MIN_WIDTH,
} from '../../src/renderer/src/features/timeline/row-layout';

/**
 * The list's row layouts are written twice: as grids in timeline.module.css, and as the least
 * widths row-layout.ts chooses between them by. They must say the same sum, or a list would take
 * the wide row where it does not fit (its last columns cut off where nothing scrolls to them).
 * And the status is as wide in either layout: it was 56 px in both, too narrow for `unanswered`.
 */
const CSS = readFileSync(
  join(import.meta.dirname, '../../src/renderer/src/features/timeline/timeline.module.css'),
  'utf8',
);
/** `.row`'s `gap: 0 6px` between columns, and `--mantine-spacing-xs` (Mantine's 10 px) either side. */
const COLUMN_GAP = 6;
const PADDING = 2 * 10;

interface Grid {
  /** Each track's least width, px (`minmax(160px, 1fr)` at 160). */
  tracks: number[];
  /** The grid's areas, a row of names per line. */
  areas: string[][];
  minWidth: number;
}

function gridOf(selector: string): Grid {
  const start = CSS.indexOf(`\n${selector} {`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  const block = CSS.slice(start, CSS.indexOf('\n}', start));
  const value = (property: string) => new RegExp(`${property}:([^;]+);`).exec(block)?.[1]?.trim() ?? '';
  const tracks = Array.from(
    value('grid-template-columns').matchAll(/minmax\((\d+)px,[^)]*\)|(\d+)px/g),
    (match) => Number(match[1] ?? match[2]),
  );
  const areas = Array.from(value('grid-template-areas').matchAll(/'([^']*)'/g), (match) =>
    (match[1] ?? '').trim().split(/\s+/),
  );
  return { tracks, areas, minWidth: Number(/^(\d+)px$/.exec(value('min-width'))?.[1]) };
}

const leastWidth = (grid: Grid) =>
  grid.tracks.reduce((sum, track) => sum + track, 0) + (grid.tracks.length - 1) * COLUMN_GAP + PADDING;

/** The width of an area at the tracks' least: its tracks and the gaps between them. */
function areaWidth(grid: Grid, name: string): number {
  const line = grid.areas.find((row) => row.includes(name)) ?? [];
  const tracks = grid.tracks.filter((_, index) => line[index] === name);
  return tracks.reduce((sum, track) => sum + track, 0) + (tracks.length - 1) * COLUMN_GAP;
}

describe('the timeline row layouts', () => {
  const wide = gridOf('.row');
  const compact = gridOf('.compact .row');

  it('name every track in every line of their areas', () => {
    for (const grid of [wide, compact])
      for (const line of grid.areas) expect(line).toHaveLength(grid.tracks.length);
  });

  it('have the least widths row-layout.ts chooses by, in the CSS and in code', () => {
    expect(leastWidth(wide)).toBe(WIDE_ROW_MIN_WIDTH);
    expect(wide.minWidth).toBe(WIDE_ROW_MIN_WIDTH);
    expect(leastWidth(compact)).toBe(COMPACT_ROW_MIN_WIDTH);
    expect(compact.minWidth).toBe(COMPACT_ROW_MIN_WIDTH);
  });

  it('give the status and the verdicts as much room in the compact row as in the wide one', () => {
    expect(areaWidth(compact, 'status')).toBe(areaWidth(wide, 'status'));
    expect(areaWidth(compact, 'verdicts')).toBe(areaWidth(wide, 'verdicts'));
    expect(areaWidth(compact, 'order')).toBeGreaterThanOrEqual(areaWidth(wide, 'order'));
  });
});
