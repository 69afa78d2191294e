import { EditorState } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentSteps } from '../../src/renderer/src/features/builder/form/form-document';
import {
  createRawEditorSync,
  SPLIT_HAND_OVER_ABOVE,
  syncDelayMs,
} from '../../src/renderer/src/features/builder/raw-editor-sync';

/**
 * A large document's way from the raw editor to the form, split so that no one task of the page
 * does all of it (issue 16, "documents of any size").
 */
describe('documentSteps (a large document reaches the form one top-level key at a time)', () => {
  it('changes one key per step, in the new document’s order, and ends on the document itself', () => {
    const shown = { a: 1, b: { x: 1 }, gone: true };
    const next = { b: { x: 2 }, a: 1, c: [1] };
    const steps = documentSteps(shown, next);
    expect(steps).toEqual([
      { a: 1, b: { x: 2 }, gone: true },
      { a: 1, b: { x: 2 }, gone: true, c: [1] },
      next,
    ]);
    expect(steps.at(-1)).toBe(next);
  });

  it('skips keys that hold the same value, so a form edit is one step', () => {
    const items = [{ sku: 'A' }];
    const shown = { items, total: 1 };
    const next = { items, total: 2 };
    expect(documentSteps(shown, next)).toEqual([next]);
    expect(documentSteps(next, next)).toEqual([next]);
  });

  it('goes in one step when either side is not an object', () => {
    expect(documentSteps({}, [1, 2])).toEqual([[1, 2]]);
    expect(documentSteps('text', { a: 1 })).toEqual([{ a: 1 }]);
  });
});

/** The parts of an EditorView the sync uses, over a real EditorState. */
function fakeView(text: string): EditorView & { type(at: number, insert: string): void } {
  let state = EditorState.create({ doc: text });
  return {
    get state() {
      return state;
    },
    dispatch() {
      throw new Error('not used here');
    },
    type(at: number, insert: string) {
      state = state.update({ changes: { from: at, insert } }).state;
    },
  } as unknown as EditorView & { type(at: number, insert: string): void };
}

describe('the raw editor’s hand-over of a large text', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const large = `{"description": "${'x'.repeat(SPLIT_HAND_OVER_ABOVE)}"}`;

  it('copies, parses and hands over in three tasks after the pause, never in one', () => {
    vi.useFakeTimers();
    const setText = vi.fn<(text: string) => void>();
    const prepare = vi.fn<(text: string) => void>();
    const sync = createRawEditorSync(large, setText, prepare);
    const view = fakeView(large);
    sync.attach(view);
    view.type(17, 'y');
    // What the update listener does on a keystroke.
    sync.edited();
    vi.advanceTimersByTime(syncDelayMs(view.state.doc.length));
    expect(prepare).not.toHaveBeenCalled();
    expect(setText).not.toHaveBeenCalled();
    vi.advanceTimersToNextTimer();
    expect(prepare).toHaveBeenCalledWith(view.state.doc.toString());
    expect(setText).not.toHaveBeenCalled();
    vi.advanceTimersToNextTimer();
    expect(setText).toHaveBeenCalledWith(view.state.doc.toString());
  });

  it('drops a copy that a key typed in between made stale, and an explicit flush is synchronous', () => {
    vi.useFakeTimers();
    const setText = vi.fn<(text: string) => void>();
    const sync = createRawEditorSync(large, setText, () => undefined);
    const view = fakeView(large);
    sync.attach(view);
    view.type(17, 'y');
    sync.edited();
    vi.advanceTimersByTime(syncDelayMs(view.state.doc.length) + 1);
    view.type(17, 'z');
    vi.runAllTimers();
    expect(setText).not.toHaveBeenCalled();
    sync.flush();
    expect(setText).toHaveBeenCalledTimes(1);
    expect(setText).toHaveBeenCalledWith(view.state.doc.toString());
  });

  it('hands a paste over without waiting for a pause in typing', () => {
    vi.useFakeTimers();
    const setText = vi.fn<(text: string) => void>();
    const sync = createRawEditorSync('{}', setText);
    const view = fakeView('{}');
    sync.attach(view);
    view.type(1, '"a": 1');
    sync.edited(true);
    vi.advanceTimersByTime(0);
    expect(setText).toHaveBeenCalledWith('{"a": 1}');
  });

  it('waits for a longer pause above a megabyte', () => {
    expect(syncDelayMs(3_000)).toBeLessThan(syncDelayMs(500_000));
    expect(syncDelayMs(500_000)).toBeLessThan(syncDelayMs(2_000_000));
  });
});
