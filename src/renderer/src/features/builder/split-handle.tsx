import {
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import { BUILDER_FORM_SHARE } from '@shared/preferences';
import { usePreferencesStore } from '@ui/preferences-store';
import classes from './builder.module.css';

/** A key press moves the line by this share of the width. */
const KEY_STEP = 0.02;

/** A share within the limits, to a thousandth (what is stored). */
const toShare = (raw: number) =>
  Math.round(Math.min(BUILDER_FORM_SHARE.max, Math.max(BUILDER_FORM_SHARE.min, raw)) * 1000) / 1000;

/** The two columns of the layout at a share, set on the element (no render of either side). */
function showColumns(layout: HTMLElement | null, share: number): void {
  layout?.style.setProperty('--cc-form-fr', `${share}fr`);
  layout?.style.setProperty('--cc-raw-fr', `${1 - share}fr`);
}

/**
 * The line between the builder's form and its raw JSON: drag it (or focus it and use the arrow
 * keys, Home and End) to give one side more room, double-click for the default. Dragging sets
 * the two columns on the layout element directly, so the form and the editor are not rendered
 * again for every pointer move; the share is saved (a preference) once it is let go.
 */
export function SplitHandle({ layout }: { layout: RefObject<HTMLDivElement | null> }) {
  const stored = usePreferencesStore(
    (state) => state.preferences?.builderFormShare ?? BUILDER_FORM_SHARE.default,
  );
  const update = usePreferencesStore((state) => state.update);
  // The share while the line is dragged, before it is saved; else the stored one.
  const [moving, setMoving] = useState<number | null>(null);
  const share = moving ?? stored;
  const latest = useRef(stored);

  const setColumns = (next: number) => {
    latest.current = next;
    showColumns(layout.current, next);
  };
  const save = (next: number) => {
    setColumns(next);
    if (next !== stored) void update({ builderFormShare: next });
  };
  // The stored share, and a change made in another window.
  useLayoutEffect(() => {
    if (moving !== null) return;
    latest.current = stored;
    showColumns(layout.current, stored);
  }, [stored, moving, layout]);

  const shareAt = (event: PointerEvent<HTMLDivElement>): number => {
    const box = layout.current?.getBoundingClientRect();
    const handle = event.currentTarget.getBoundingClientRect().width;
    if (box === undefined || box.width <= handle) return latest.current;
    const share = (event.clientX - box.left - handle / 2) / (box.width - handle);
    return toShare(share);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: latest.current - KEY_STEP,
      ArrowRight: latest.current + KEY_STEP,
      Home: BUILDER_FORM_SHARE.min,
      End: BUILDER_FORM_SHARE.max,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    save(toShare(next));
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label="Width of the form and the raw JSON"
      aria-valuemin={BUILDER_FORM_SHARE.min * 100}
      aria-valuemax={BUILDER_FORM_SHARE.max * 100}
      aria-valuenow={Math.round(share * 100)}
      aria-valuetext={`The form takes ${Math.round(share * 100)} % of the width`}
      tabIndex={0}
      title="Drag to give the form or the raw JSON more room; double-click for the default"
      className={classes.splitHandle}
      data-dragging={moving === null ? undefined : true}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        // No text selection while dragging; the line itself takes the focus (for the keys).
        event.preventDefault();
        event.currentTarget.focus();
        event.currentTarget.setPointerCapture(event.pointerId);
        setMoving(latest.current);
      }}
      onPointerMove={(event) => {
        if (moving === null) return;
        const next = shareAt(event);
        setColumns(next);
        setMoving(next);
      }}
      onPointerUp={(event) => {
        if (moving === null) return;
        event.currentTarget.releasePointerCapture(event.pointerId);
        save(latest.current);
        setMoving(null);
      }}
      onPointerCancel={() => {
        if (moving === null) return;
        save(latest.current);
        setMoving(null);
      }}
      onDoubleClick={() => save(BUILDER_FORM_SHARE.default)}
      onKeyDown={onKeyDown}
    />
  );
}
