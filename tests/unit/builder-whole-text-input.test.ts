import { history, undo } from '@codemirror/commands';
import { EditorSelection, EditorState, type Transaction, type TransactionSpec } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { describe, expect, it, vi } from 'vitest';
import { largeDocument } from '../../bench/large-documents';
import {
  insertWholeText,
  type TextInputEvent,
} from '../../src/renderer/src/features/builder/whole-text-input';

/**
 * Text of many lines inserted whole into the raw editor (keyboard.insertText, an input method's
 * commit) was edited into the editor's DOM by Chromium line by line: 60 items took 13 s, 170
 * never finished. The editor now takes such a text itself, as one change.
 */

/** The parts of an EditorView the handler uses, over a real EditorState; every dispatch kept. */
function fakeView(state: EditorState): EditorView & { transactions: Transaction[] } {
  const transactions: Transaction[] = [];
  return {
    get state() {
      return state;
    },
    transactions,
    dispatch(...specs: TransactionSpec[]) {
      const transaction = state.update(...specs);
      transactions.push(transaction);
      state = transaction.state;
    },
  } as unknown as EditorView & { transactions: Transaction[] };
}

const event = (inputType: string, data: string | null): TextInputEvent & { preventDefault: () => void } => ({
  inputType,
  data,
  preventDefault: vi.fn(),
});

const selectedAll = (doc: string, readOnly = false) =>
  EditorState.create({
    doc,
    selection: EditorSelection.single(0, doc.length),
    extensions: [history(), readOnly ? EditorState.readOnly.of(true) : []],
  });

describe('text of many lines inserted whole into the raw editor', () => {
  it('replaces the selection in one change the editor makes, the browser’s own editing cancelled', () => {
    const text = largeDocument(100_000);
    const view = fakeView(selectedAll('{}\n'));
    const inserted = event('insertText', text);
    expect(insertWholeText(inserted, view)).toBe(true);
    expect(inserted.preventDefault).toHaveBeenCalledTimes(1);
    expect(view.transactions).toHaveLength(1);
    expect(view.state.doc.toString()).toBe(text);
    expect(view.state.selection.main.head).toBe(text.length);
    // A whole text, as a paste is: handed to the store at once, undone in one step.
    expect(view.transactions[0]?.isUserEvent('input.paste')).toBe(true);
    expect(undo(view)).toBe(true);
    expect(view.state.doc.toString()).toBe('{}\n');
  });

  it('inserts at the caret and keeps the text around it', () => {
    const view = fakeView(EditorState.create({ doc: '[1, 3]', selection: EditorSelection.cursor(4) }));
    expect(insertWholeText(event('insertText', '\n  2,'), view)).toBe(true);
    expect(view.state.doc.toString()).toBe('[1, \n  2,3]');
  });

  it('leaves typing, an input method’s composition and a read-only editor to the browser', () => {
    for (const [inputType, data, readOnly] of [
      ['insertText', 'a', false],
      ['insertText', null, false],
      ['insertCompositionText', 'a\nb', false],
      ['insertText', 'a\nb', true],
    ] as const) {
      const view = fakeView(selectedAll('{}', readOnly));
      const typed = event(inputType, data);
      expect(insertWholeText(typed, view)).toBe(false);
      expect(typed.preventDefault).not.toHaveBeenCalled();
      expect(view.transactions).toHaveLength(0);
    }
  });
});
