import { EditorView } from '@codemirror/view';

/** The parts of a `beforeinput` event the handler reads (InputEvent, without the DOM). */
export interface TextInputEvent {
  readonly inputType: string;
  readonly data: string | null;
  preventDefault(): void;
}

/**
 * Text of several lines inserted in one go, not typed (an input method's commit, a clipboard
 * or dictation tool, Playwright's keyboard.insertText, Electron's insertText): the editor puts
 * it in as one change, the browser's own editing kept out.
 *
 * Left to the browser, Chromium edits such a text into the editor's DOM a line at a time, each
 * line laying out the lines before it, and CodeMirror then reads the mutations back: a general
 * request with 60 items (1,562 lines) took 13 s to insert, 170 items never finished, and a bare
 * CodeMirror did the same (bench/README.md). One line of a megabyte took about a second; a
 * paste (Ctrl+V) was never affected, CodeMirror takes it from the clipboard itself. Typing is
 * left alone: a key inserts no line break (Enter is CodeMirror's own command), and an input
 * method's composition is `insertCompositionText`, which cannot be cancelled.
 *
 * The change is labelled a paste: it is a whole text, not typing that goes on, so the store gets
 * it at once (raw-editor-sync.ts) and undo takes it back in one step.
 */
export function insertWholeText(event: TextInputEvent, view: EditorView): boolean {
  if (event.inputType !== 'insertText' || event.data === null || !/[\r\n]/.test(event.data)) return false;
  if (view.state.readOnly) return false;
  event.preventDefault();
  view.dispatch(view.state.replaceSelection(event.data), {
    userEvent: 'input.paste',
    scrollIntoView: true,
  });
  return true;
}

/** The raw editor's extension: multi-line text inserted whole goes through insertWholeText. */
export const wholeTextInput = EditorView.domEventHandlers({
  beforeinput: (event, view) => insertWholeText(event, view),
});
