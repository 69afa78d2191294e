import { json } from '@codemirror/lang-json';
import { lintGutter } from '@codemirror/lint';
import { EditorSelection, Prec } from '@codemirror/state';
import { drawSelection, EditorView, keymap } from '@codemirror/view';
import { useComputedColorScheme } from '@mantine/core';
import CodeMirror, { type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { locateJsonValues } from '@shared/json-locations';
import type { RawDiagnostic } from './analysis/analysis-messages';
import { preparseText, useBuilderStore } from './builder-store';
import { LARGE_DOCUMENT_CHARS } from './large-document';
import { sizeAwareLanguage } from './raw-editor-language';
import { createRawEditorSync } from './raw-editor-sync';
import { findingRange } from './raw-json-lint';
import { wholeTextInput } from './whole-text-input';
import { awaitsWorkingCopyChoice, useWorkingCopyOffer } from './working-copy-offer';

/** One object for the editor's life: a new one per render would reconfigure CodeMirror each time. */
const BASIC_SETUP = { foldGutter: true, highlightActiveLine: true, autocompletion: false };

/** One instance: the language switch tells "on" from "off" by its identity. */
const JSON_LANGUAGE = json();

const EXTENSIONS = [
  // A steady caret: the blink is a CSS animation restarted on every keystroke, and on this page
  // its layer cost each key more than everything else the editor does for it (a megabyte
  // document's key p50 halved without it). CodeMirror takes the lowest rate configured.
  drawSelection({ cursorBlinkRate: 0 }),
  lintGutter(),
  EditorView.lineWrapping,
  EditorView.contentAttributes.of({ 'aria-label': 'Raw JSON' }),
  // Ctrl/Cmd+Enter is Send, app-wide (the page's hotkey, the desktop menu): CodeMirror's own
  // binding (insert a blank line) also ran, so the text changed as it was sent. Taken here, ahead
  // of the default keymap, and left to bubble to the app's Send: the editor does nothing with it.
  Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => true }])),
  // A text of many lines inserted at once (not pasted, not typed) goes in as one change: the
  // browser's own editing of it grew with the square of its lines (whole-text-input.ts).
  wholeTextInput,
];

/**
 * The marks the editor shows: none while a large working copy waits to be opened, as Findings
 * waits (a red mark beside the placeholder `{}` judged nothing the person wrote).
 */
const shownMarks = (diagnostics: readonly RawDiagnostic[]): readonly RawDiagnostic[] =>
  awaitsWorkingCopyChoice() ? [] : diagnostics;

/**
 * The raw JSON, two-way with the form. The editor owns what is typed: keystrokes never wait for
 * React, parsing or validation. A moment after typing stops the text goes to the store (the
 * form follows when it parses; a syntax error is marked where it is and leaves the form as it
 * was); changes made elsewhere come back as the smallest edit that turns one text into the
 * other. Findings are marked in place once the worker has judged the text the editor shows.
 */
export const RawJsonEditor = memo(function RawJsonEditor() {
  const setText = useBuilderStore((state) => state.setText);
  const focus = useBuilderStore((state) => state.focus);
  const scheme = useComputedColorScheme('light');
  const editorRef = useRef<ReactCodeMirrorRef>(null);
  const [sync] = useState(() => createRawEditorSync(useBuilderStore.getState().text, setText, preparseText));
  const [initial] = useState(() => useBuilderStore.getState().text);
  const extensions = useMemo(
    () => [
      sizeAwareLanguage(JSON_LANGUAGE, LARGE_DOCUMENT_CHARS, initial.length),
      ...EXTENSIONS,
      sync.extension,
    ],
    [sync, initial],
  );

  // The store → the editor: texts made elsewhere, and the marks of the text the editor shows.
  useEffect(() => {
    const stopText = useBuilderStore.subscribe((store, previous) => {
      if (store.text !== previous.text) sync.showText(store.text);
      if (store.diagnostics !== previous.diagnostics)
        sync.showMarks(store.text, shownMarks(store.diagnostics));
    });
    // Declined, the placeholder is the document and its marks are due. Looked at once the choice
    // is made whole: Open it sets the copy's text right after, whose marks come with its analysis
    // (the placeholder's, shown then, were carried onto the opened text until they came).
    const stopOffer = useWorkingCopyOffer.subscribe(() =>
      queueMicrotask(() => {
        const { text, diagnostics, analysing } = useBuilderStore.getState();
        if (!analysing) sync.showMarks(text, shownMarks(diagnostics));
      }),
    );
    return () => {
      stopText();
      stopOffer();
    };
  }, [sync]);
  // Leaving the builder hands over what was typed last.
  useEffect(() => () => sync.detach(), [sync]);

  useEffect(() => {
    if (focus === null || focus.target !== 'raw') return;
    const view = editorRef.current?.view;
    if (view === undefined) return;
    const current = view.state.doc.toString();
    const range = findingRange(
      locateJsonValues(current),
      { path: focus.path, code: 'required' },
      current.length,
    );
    view.dispatch({
      selection: EditorSelection.single(range.from, range.to),
      effects: EditorView.scrollIntoView(range.from, { y: 'center' }),
    });
    view.focus();
  }, [focus]);

  return (
    <CodeMirror
      ref={editorRef}
      value={initial}
      onCreateEditor={(view) => {
        sync.attach(view);
        const { diagnostics, text } = useBuilderStore.getState();
        sync.showMarks(text, shownMarks(diagnostics));
      }}
      extensions={extensions}
      theme={scheme}
      height="100%"
      style={{ height: '100%', fontSize: 13 }}
      basicSetup={BASIC_SETUP}
      data-testid="raw-json-editor"
    />
  );
});
