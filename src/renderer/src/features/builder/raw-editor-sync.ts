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

/**
 * How long typing pauses before the store (and so the form and the findings) gets the text.
 * Each hand-over of a large document copies, parses and posts all of it (a few hundred
 * milliseconds of the page at 5 MB on a busy machine), so above a megabyte it waits for a real
 * pause rather than the gap between two keys of a slow typist.
 */
export const syncDelayMs = (length: number): number =>
  length < 200_000 ? 120 : length <= 1_048_576 ? 250 : 600;

/**
 * Above this many characters the hand-over after a pause is split into tasks (copy the text
 * out, parse it, hand it to the store), so no one of them holds the page for the sum of all
 * three and a key typed between them is answered at once. An explicit flush stays synchronous:
 * its caller needs the store current when it returns.
 */
export const SPLIT_HAND_OVER_ABOVE = 200_000;

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
  /**
   * The person changed the text (what the listener calls): it goes to the store after a pause
   * in typing, or in the next task for a `whole` change (a paste, a drop).
   */
  edited(whole?: boolean): void;
  attach(view: EditorView): void;
  detach(): void;
  flush(): void;
  /** A text made elsewhere: applied as the smallest edit, unless the editor already shows it. */
  showText(text: string): void;
  /** The marks for `text`: applied only while the editor shows exactly that text. */
  showMarks(text: string, diagnostics: readonly RawDiagnostic[]): void;
}

/**
 * The link between one raw editor and the store; `initial` is the text the editor opens with.
 * `prepare` gets a long text one task before `setText` does (the store parses it there).
 */
export function createRawEditorSync(
  initial: string,
  setText: (text: string) => void,
  prepare: (text: string) => void = () => undefined,
): RawEditorSync {
  let view: EditorView | null = null;
  // What the store last had from (or gave to) the editor, and whether typing is not handed over yet.
  let known = initial;
  let dirty = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A pause in typing: a short text goes over at once, a long one in three tasks. A key typed
  // in between clears `timer` (the listener above), so a stale text is never handed over.
  const handOver = () => {
    if (view === null || view.state.doc.length <= SPLIT_HAND_OVER_ABOVE) {
      sync.flush();
      return;
    }
    const doc = view.state.doc;
    const text = doc.toString();
    timer = setTimeout(() => {
      prepare(text);
      timer = setTimeout(() => {
        if (!dirty || view?.state.doc !== doc) return;
        dirty = false;
        known = text;
        setText(text);
      }, 0);
    }, 0);
  };
  const sync: RawEditorSync = {
    extension: EditorView.updateListener.of((update) => {
      if (!update.docChanged || update.transactions.every((tr) => tr.annotation(fromStore) === true)) return;
      // A paste or a drop is a whole change, not typing that goes on: no pause to wait for.
      sync.edited(
        update.transactions.some((tr) => tr.isUserEvent('input.paste') || tr.isUserEvent('input.drop')),
      );
    }),
    edited(whole = false) {
      dirty = true;
      clearTimeout(timer);
      timer = setTimeout(handOver, whole ? 0 : syncDelayMs(view?.state.doc.length ?? 0));
    },
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
      clearTimeout(timer);
      if (!dirty || view === null) return;
      dirty = false;
      known = view.state.doc.toString();
      setText(known);
    },
    showText(text) {
      if (text === known || view === null) return;
      clearTimeout(timer);
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
