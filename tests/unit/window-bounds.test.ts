import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW_SIZE,
  MIN_WINDOW_SIZE,
  readWindowState,
  restoreWindowBounds,
  WINDOW_STATE_SETTING,
  windowStateSchema,
  type Rectangle,
  type WindowState,
} from '../../src/main/desktop/window-bounds';
import { unreadableSettingWords } from '../../src/shared/stored-settings';

const laptop: Rectangle = { x: 0, y: 0, width: 1920, height: 1050 };
// A second monitor to the left of the primary one: negative coordinates are normal.
const leftMonitor: Rectangle = { x: -2560, y: 0, width: 2560, height: 1400 };

const saved = (state: Partial<WindowState>): WindowState => ({
  x: 100,
  y: 80,
  width: 1400,
  height: 900,
  maximized: false,
  ...state,
});

describe('restoring the window', () => {
  it('opens centred at the default size the first time', () => {
    expect(restoreWindowBounds(null, [laptop])).toEqual({
      bounds: { ...DEFAULT_WINDOW_SIZE },
      maximized: false,
    });
  });

  it('puts the window back exactly where it was when that is visible', () => {
    expect(restoreWindowBounds(saved({}), [laptop])).toEqual({
      bounds: { x: 100, y: 80, width: 1400, height: 900 },
      maximized: false,
    });
    expect(restoreWindowBounds(saved({ x: -2000, y: 200 }), [laptop, leftMonitor]).bounds).toEqual({
      x: -2000,
      y: 200,
      width: 1400,
      height: 900,
    });
  });

  it('brings a window from an unplugged monitor back to the primary display, centred', () => {
    const restored = restoreWindowBounds(saved({ x: -2000, y: 200, maximized: true }), [laptop]);
    expect(restored.bounds).toEqual({ width: 1400, height: 900 });
    expect(restored.maximized).toBe(true);
  });

  it('treats a window with only a sliver on screen as lost', () => {
    // 30 px of it peeks in at the right edge: not enough to grab.
    const restored = restoreWindowBounds(saved({ x: laptop.width - 30 }), [laptop]);
    expect(restored.bounds.x).toBeUndefined();
    expect(restored.bounds.y).toBeUndefined();
  });

  it('pulls a mostly visible window fully onto its display', () => {
    const restored = restoreWindowBounds(saved({ x: 1000, y: 600 }), [laptop]);
    expect(restored.bounds).toEqual({ x: 1920 - 1400, y: 1050 - 900, width: 1400, height: 900 });
    const above = restoreWindowBounds(saved({ x: 50, y: -40 }), [laptop]);
    expect(above.bounds.y).toBe(0);
  });

  it('shrinks a window larger than its display to fit, never below the minimum size', () => {
    const small: Rectangle = { x: 0, y: 0, width: 1280, height: 720 };
    expect(restoreWindowBounds(saved({ x: 0, y: 0, width: 2500, height: 1600 }), [small]).bounds).toEqual({
      x: 0,
      y: 0,
      width: 1280,
      height: 720,
    });
    expect(restoreWindowBounds(saved({ width: 300, height: 200 }), [laptop]).bounds).toMatchObject({
      width: MIN_WINDOW_SIZE.width,
      height: MIN_WINDOW_SIZE.height,
    });
  });

  it('picks the display holding most of the window', () => {
    // Straddles both monitors, more of it on the left one.
    const restored = restoreWindowBounds(saved({ x: -1000, y: 100 }), [laptop, leftMonitor]);
    expect(restored.bounds).toEqual({ x: -1400, y: 100, width: 1400, height: 900 });
  });

  it('works without any display information', () => {
    expect(restoreWindowBounds(saved({}), [])).toEqual({
      bounds: { ...DEFAULT_WINDOW_SIZE },
      maximized: false,
    });
  });

  it('stores only whole, positive sizes', () => {
    expect(windowStateSchema.safeParse(saved({})).success).toBe(true);
    expect(windowStateSchema.safeParse(saved({ width: 0 })).success).toBe(false);
    expect(windowStateSchema.safeParse({ x: 1, y: 2 }).success).toBe(false);
  });
});

// The stored window state was read all or nothing: one damaged field (a width of "big") lost the
// size and place in silence. It is read field by field, and what cannot be read is said.
describe('reading the stored window state', () => {
  it('keeps the fields that parse and names the damaged one', () => {
    const read = readWindowState('{"x":10,"y":20,"width":"big","height":700,"maximized":true}');
    expect(read.value).toEqual({
      x: 10,
      y: 20,
      width: DEFAULT_WINDOW_SIZE.width,
      height: 700,
      maximized: true,
    });
    expect(read.unreadable).toEqual([
      expect.stringMatching(/^width "big" cannot be read \(.*\), so 1400 is used$/),
    ]);
    expect(unreadableSettingWords(WINDOW_STATE_SETTING, read.unreadable)).toMatch(
      /^The stored window size and place \(the "desktop.window" setting\) cannot be read: width "big"/,
    );
  });

  it('says a stored null, and opens centred as when none is stored', () => {
    expect(readWindowState('null')).toEqual({ value: null, unreadable: ['the value null is not an object'] });
    expect(readWindowState(undefined)).toEqual({ value: null, unreadable: [] });
  });
});
