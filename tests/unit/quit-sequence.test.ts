import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { installQuitSequence, type QuitApp } from '../../src/main/desktop/quit-sequence';

/**
 * Electron's quit as its Browser::Quit runs it: 'before-quit' (preventable), then every window
 * is asked to close (a beforeunload answered Stay cancels the quit), then 'will-quit'
 * (preventable), then the process ends.
 */
class FakeApp extends EventEmitter implements QuitApp {
  quitting = false;
  ended = false;
  readonly windows: { answer: 'stay' | 'leave'; open: boolean }[] = [];
  readonly steps: string[] = [];

  private emitPreventable(name: 'before-quit' | 'will-quit'): boolean {
    let prevented = false;
    this.emit(name, { preventDefault: () => (prevented = true) });
    return prevented;
  }

  quit(): void {
    if (this.quitting || this.ended) return;
    this.quitting = !this.emitPreventable('before-quit');
    if (!this.quitting) return;
    for (const window of this.windows.filter((each) => each.open)) {
      this.steps.push(`window asked: ${window.answer}`);
      if (window.answer === 'stay') {
        this.quitting = false;
        return;
      }
      window.open = false;
    }
    if (this.emitPreventable('will-quit')) {
      this.quitting = false;
      return;
    }
    this.steps.push('ended');
    this.ended = true;
  }
}

function consoleOn(app: FakeApp) {
  const state = { closed: false };
  installQuitSequence(app, {
    closeConsole: () => {
      app.steps.push('console closed');
      state.closed = true;
      return Promise.resolve();
    },
    report: (error) => {
      throw error;
    },
  });
  return state;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('quitting the desktop app', () => {
  it('keeps the console open when a window with unsent edits answers Stay', async () => {
    const app = new FakeApp();
    const window = { answer: 'stay' as 'stay' | 'leave', open: true };
    app.windows.push(window);
    const opened = consoleOn(app);
    app.quit();
    await settle();
    expect(opened.closed).toBe(false);
    expect(app.ended).toBe(false);
    expect(app.steps).toEqual(['window asked: stay']);

    // Asked again and left this time: the quit goes ahead, the console closed only then.
    window.answer = 'leave';
    app.quit();
    await settle();
    expect(app.steps).toEqual(['window asked: stay', 'window asked: leave', 'console closed', 'ended']);
  });

  it('closes the console after the windows, then ends', async () => {
    const app = new FakeApp();
    app.windows.push({ answer: 'leave', open: true });
    const opened = consoleOn(app);
    app.quit();
    await settle();
    expect(opened.closed).toBe(true);
    expect(app.steps).toEqual(['window asked: leave', 'console closed', 'ended']);
  });
});
