import { useLayoutEffect, useState, type RefObject } from 'react';

/** What an element holds across, px: its box less a vertical scrollbar, unrounded. */
function innerWidth(element: HTMLElement): number {
  return element.getBoundingClientRect().width - (element.offsetWidth - element.clientWidth);
}

/**
 * The inner width of the element `ref` points to (null until it is drawn), followed as it is
 * resized. `remeasureWhen` names a change the render itself makes to the width (a detail pane
 * opening beside the list): it is measured as that render is committed, before the frame is
 * painted, where a ResizeObserver would answer a frame late, after one frame at the old width.
 * (Mantine's useElementSize says 0 first and answers a frame late.)
 */
export function useInnerWidth(ref: RefObject<HTMLElement | null>, remeasureWhen: unknown): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (ref.current !== null) setWidth(innerWidth(ref.current));
  }, [ref, remeasureWhen]);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => setWidth(innerWidth(element)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
