import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { profilesShown, rowMinimumWidth, type RowMeasures } from './profile-row-fit';

type Measured = Omit<RowMeasures, 'activeIndex'>;

const widthOf = (element: Element) => element.getBoundingClientRect().width;

const sameMeasures = (a: Measured | null, b: Measured) =>
  a !== null &&
  a.available === b.available &&
  a.moreWidth === b.moreWidth &&
  a.widths.length === b.widths.length &&
  a.widths.every((width, index) => width === b.widths[index]);

export interface ProfileRowFit {
  /** The box the row may fill. */
  rowRef: RefObject<HTMLDivElement | null>;
  /** A hidden copy of every profile's button, then the "+N more" button, to measure. */
  measureRef: RefObject<HTMLDivElement | null>;
  /** The profiles shown, as indices in the order; every one until measured. */
  shown: number[];
  /** The least width the row needs (profile-row-fit.ts), 0 until measured. */
  minWidth: number;
}

/**
 * Measures the top bar's profile row and decides which profiles it shows. It measures again
 * whenever the room changes (a window resized or zoomed, the title beside it) or a button does
 * (a profile renamed, added, marked live; the fonts arriving), each observed as it resizes.
 * `contentKey` changes when the buttons do, so the new ones are observed.
 */
export function useProfileRowFit(
  count: number,
  activeIndex: number,
  gap: number,
  contentKey: string,
): ProfileRowFit {
  const rowRef = useRef<HTMLDivElement | null>(null);
  const measureRef = useRef<HTMLDivElement | null>(null);
  const [measured, setMeasured] = useState<Measured | null>(null);

  useLayoutEffect(() => {
    const row = rowRef.current;
    const copy = measureRef.current;
    if (row === null || copy === null) return;
    const measure = () => {
      const buttons = Array.from(copy.children);
      const more = buttons.pop();
      const next = {
        widths: buttons.map(widthOf),
        moreWidth: more === undefined ? 0 : widthOf(more),
        gap,
        available: widthOf(row),
      };
      // A new object every time would render again for a size that did not change.
      setMeasured((previous) => (sameMeasures(previous, next) ? previous : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    for (const button of Array.from(copy.children)) observer.observe(button);
    return () => observer.disconnect();
  }, [gap, contentKey]);

  const all = Array.from({ length: count }, (_, index) => index);
  if (measured === null || measured.widths.length !== count)
    return { rowRef, measureRef, shown: all, minWidth: 0 };
  const measures = { ...measured, activeIndex };
  return { rowRef, measureRef, shown: profilesShown(measures), minWidth: rowMinimumWidth(measures) };
}
