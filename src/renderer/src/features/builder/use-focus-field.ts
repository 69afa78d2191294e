import { useEffect, type RefObject } from 'react';
import { useBuilderStore } from './builder-store';
import classes from './builder.module.css';

const FOCUSABLE = 'input:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]';
const MAX_FRAMES = 30;

/**
 * A finding clicked for the form: once its section (and item row) has opened, the field with
 * that `data-path` is scrolled to, focused and outlined for a moment. What the form does not
 * show (an unknown key, a value of the wrong shape) goes to the raw JSON instead.
 */
export function useFocusField(container: RefObject<HTMLElement | null>): void {
  const focus = useBuilderStore((state) => state.focus);
  useEffect(() => {
    if (focus === null || focus.target !== 'form') return;
    let frames = 0;
    let frame = 0;
    const find = (): HTMLElement | null => {
      const root = container.current;
      if (root === null) return null;
      const exact = root.querySelector<HTMLElement>(`[data-path="${CSS.escape(focus.path)}"]`);
      if (exact === null) return null;
      return exact.matches(FOCUSABLE) ? exact : (exact.querySelector<HTMLElement>(FOCUSABLE) ?? exact);
    };
    const attempt = () => {
      const element = find();
      // Sections open with a short animation: wait until the field is laid out.
      if (element !== null && element.offsetParent !== null && element.getClientRects().length > 0) {
        element.scrollIntoView({ block: 'center' });
        element.focus({ preventScroll: true });
        element.classList.add(classes.jumped ?? '');
        setTimeout(() => element.classList.remove(classes.jumped ?? ''), 1200);
        return;
      }
      if (++frames < MAX_FRAMES) frame = requestAnimationFrame(attempt);
      else useBuilderStore.getState().focusPath(focus.path, 'raw');
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [focus, container]);
}
