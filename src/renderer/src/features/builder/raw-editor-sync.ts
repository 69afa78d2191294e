import { setDiagnostics } from '@codemirror/lint';
import { Annotation, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import type { RawDiagnostic } from './analysis/analysis-messages';
import { textChange } from './text-change';

/**
 * The raw editor hands its text to the store a moment after typing stops, not on every key (a
 * megabyte copied out of the editor per keystroke is what froze it). Whoever needs the text as
 * it is right now (a form edit, a send, a save before the page closes) flushes first.
 */
let active: RawEditorSync | null = null;

/** Hands the raw editor's unsynced typing to the store now (nothing when there is none). */
export function flushRawEdits(): void {
  active?.flush();
}

/** Changes the store made (the form, a sample, a draft): not the person's typing. */
const fromStore = Annotation.define<boolean>();

/** How long typing pauses before the store (and so the form and the findings) gets the text. */
const syncDelayMs = (length: number) => (length < 200_000 ? 120 : 250);

/** The marks CodeMirror shows, clamped to the text they are for. */
function marksOf(diagnostics: readonly RawDiagnostic[], length: number) {
  return diagnostics.map((mark) => ({
    ...mark,
    from: Math.min(mark.from, length),
    to: Math.min(Math.max(mark.to, mark.from), length),
  }));
}

export interface RawEditorSync {
  /** The listener to install in the editor: notes typing and schedules the hand-over. */
  readonly extension: Extension;
  attach(view: EditorView): void;
  detach(): void;
  flush(): void;
  /** A text made elsewhere: applied as the smallest edit, unless the editor already shows it. */
  showText(text: string): void;
  /** The marks for `text`: applied only while the editor shows exactly that text. */
  showMarks(text: string, diagnostics: readonly RawDiagnostic[]): void;
}

/** The link between one raw editor and the store; `initial` is the text the editor opens with. */
export function createRawEditorSync(initial: string, setText: (text: string) => void): RawEditorSync {
  let view: EditorView | null = null;
  // What the store last had from (or gave to) the editor, and whether typing is not handed over yet.
  let known = initial;
  let dirty = false;
  let timer = 0;
  const sync: RawEditorSync = {
    extension: EditorView.updateListener.of((update) => {
      if (!update.docChanged || update.transactions.every((tr) => tr.annotation(fromStore) === true)) return;
      dirty = true;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => sync.flush(), syncDelayMs(update.state.doc.length));
    }),
    attach(editor) {
      view = editor;
      active = sync;
    },
    detach() {
      sync.flush();
      view = null;
      if (active === sync) active = null;
    },
    flush() {
      window.clearTimeout(timer);
      if (!dirty || view === null) return;
      dirty = false;
      known = view.state.doc.toString();
      setText(known);
    },
    showText(text) {
      if (text === known || view === null) return;
      window.clearTimeout(timer);
      const current = dirty ? view.state.doc.toString() : known;
      view.dispatch({ changes: textChange(current, text), annotations: fromStore.of(true) });
      known = text;
      dirty = false;
    },
    showMarks(text, diagnostics) {
      if (view === null || dirty || text !== known) return;
      view.dispatch(setDiagnostics(view.state, marksOf(diagnostics, view.state.doc.length)));
    },
  };
  return sync;
}
