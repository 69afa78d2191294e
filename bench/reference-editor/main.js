/* global document, window */
import { json } from '@codemirror/lang-json';
import { lintGutter } from '@codemirror/lint';
import { EditorView, getDefaultExtensions } from '@uiw/react-codemirror';

/**
 * The raw editor benchmark's reference: CodeMirror alone with the builder's raw editor
 * extensions (the same basic setup, JSON language, lint gutter and line wrapping), no React, no
 * form, no parsing or validation. What typing into that editor costs on this machine and
 * browser before any of the console's own work.
 */
const parent = document.getElementById('editor');
if (parent === null) throw new Error('No #editor element');
new EditorView({
  parent,
  doc: '{}\n',
  extensions: [
    ...getDefaultExtensions({
      basicSetup: { foldGutter: true, highlightActiveLine: true, autocompletion: false },
      theme: 'light',
    }),
    json(),
    lintGutter(),
    EditorView.lineWrapping,
    EditorView.contentAttributes.of({ 'aria-label': 'Raw JSON' }),
    EditorView.theme({ '&': { height: '100%', fontSize: '13px' } }),
  ],
});
Object.assign(window, { __referenceReady: true });
