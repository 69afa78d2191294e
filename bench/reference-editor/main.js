/* global document, window */
import { json } from '@codemirror/lang-json';
import { lintGutter } from '@codemirror/lint';
import { drawSelection } from '@codemirror/view';
import { EditorView, getDefaultExtensions } from '@uiw/react-codemirror';
import { sizeAwareLanguage } from '../../src/renderer/src/features/builder/raw-editor-language';

/**
 * The raw editor benchmark's reference: CodeMirror alone with the builder's raw editor
 * extensions (the same basic setup, JSON language, steady caret, lint gutter and line wrapping), no React, no
 * form, no parsing or validation. What typing into that editor costs on this machine and
 * browser before any of the console's own work.
 *
 * `?plainAbove=N` leaves the JSON language out above N characters, as the console's raw editor
 * does above its large-document size (the benchmark passes it); without it the language stays
 * whatever the size, as a bare CodeMirror has it.
 */
const parent = document.getElementById('editor');
if (parent === null) throw new Error('No #editor element');
const plainAbove = Number(new URL(window.location.href).searchParams.get('plainAbove') ?? Infinity);
new EditorView({
  parent,
  doc: '{}\n',
  extensions: [
    ...getDefaultExtensions({
      basicSetup: { foldGutter: true, highlightActiveLine: true, autocompletion: false },
      theme: 'light',
    }),
    sizeAwareLanguage(json(), plainAbove, 3),
    drawSelection({ cursorBlinkRate: 0 }),
    lintGutter(),
    EditorView.lineWrapping,
    EditorView.contentAttributes.of({ 'aria-label': 'Raw JSON' }),
    EditorView.theme({ '&': { height: '100%', fontSize: '13px' } }),
  ],
});
Object.assign(window, { __referenceReady: true });
