import { z } from 'zod';
import {
  readStoredSettingsText,
  type StoredSetting,
  type StoredSettingsRead,
} from '../../shared/stored-settings';

/**
 * The main window's size and position, remembered in the settings table (main only) and
 * restored onto a display that still exists. Pure, so the awkward cases (a monitor unplugged,
 * a smaller screen, a window dragged almost off the edge) are unit-tested.
 */
export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const WINDOW_STATE_KEY = 'desktop.window';

export const windowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

export const DEFAULT_WINDOW_SIZE = { width: 1400, height: 900 } as const;

/** The window's size and place as the words about a stored value that cannot be read name them (the log at start). */
export const WINDOW_STATE_SETTING: StoredSetting = {
  key: WINDOW_STATE_KEY,
  name: 'window size and place',
  outcome:
    'The window opens with the default in their place (centred, when none of it can be read); its size and place are saved again as it closes, which replaces the stored value.',
};

const DEFAULT_WINDOW_STATE: WindowState = { x: 0, y: 0, ...DEFAULT_WINDOW_SIZE, maximized: false };

/**
 * The stored window state, read by the one lenient reader (stored-settings.ts): a damaged field
 * takes its default and is named, the others are kept; it was all or nothing before, and one bad
 * field lost the size and place in silence. Null (opened centred, as on a first start) when
 * none is stored or none of it can be read.
 */
export function readWindowState(text: string | undefined): StoredSettingsRead<WindowState | null> {
  const read = readStoredSettingsText(text, windowStateSchema, DEFAULT_WINDOW_STATE);
  return { value: read.value === DEFAULT_WINDOW_STATE ? null : read.value, unreadable: read.unreadable };
}
export const MIN_WINDOW_SIZE = { width: 960, height: 600 } as const;

/** How much of a window must lie on a display for it to count as visible there (a grabbable title bar). */
const MIN_VISIBLE = { width: 120, height: 40 } as const;

export interface RestoredWindow {
  /** Without x/y the window is centred by Electron on the primary display. */
  bounds: { width: number; height: number; x?: number; y?: number };
  maximized: boolean;
}

function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

function fitSize(
  size: { width: number; height: number },
  area: Rectangle,
): { width: number; height: number } {
  return {
    width: Math.min(Math.max(size.width, MIN_WINDOW_SIZE.width), area.width),
    height: Math.min(Math.max(size.height, MIN_WINDOW_SIZE.height), area.height),
  };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), Math.max(low, high));
}

/**
 * Where to open the window. `workAreas` are the displays' work areas (screen minus taskbars),
 * the primary display first. Saved bounds that are no longer usefully visible on any display
 * fall back to a centred default on the primary one; otherwise the window is resized to fit
 * the display it is mostly on and moved fully onto it.
 */
export function restoreWindowBounds(
  saved: WindowState | null,
  workAreas: readonly Rectangle[],
): RestoredWindow {
  const primary = workAreas[0];
  const centred = (maximized: boolean): RestoredWindow => ({
    bounds:
      primary === undefined ? { ...DEFAULT_WINDOW_SIZE } : fitSize(saved ?? DEFAULT_WINDOW_SIZE, primary),
    maximized,
  });
  if (saved === null) return centred(false);

  let best: { area: Rectangle; visible: number } | null = null;
  for (const area of workAreas) {
    const shared = overlap(saved, area);
    const visible = shared.width * shared.height;
    const grabbable =
      shared.width >= Math.min(MIN_VISIBLE.width, saved.width) &&
      shared.height >= Math.min(MIN_VISIBLE.height, saved.height);
    if (grabbable && (best === null || visible > best.visible)) best = { area, visible };
  }
  if (best === null) return centred(saved.maximized);

  const { area } = best;
  const size = fitSize(saved, area);
  return {
    bounds: {
      ...size,
      x: clamp(saved.x, area.x, area.x + area.width - size.width),
      y: clamp(saved.y, area.y, area.y + area.height - size.height),
    },
    maximized: saved.maximized,
  };
}
