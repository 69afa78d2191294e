import { json } from '@codemirror/lang-json';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorSelection } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useComputedColorScheme } from '@mantine/core';
import CodeMirror, { type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { useEffect, useRef } from 'react';
import type { Finding } from '../../../../shared/checkout';
import { locateJsonValues } from '../../../../shared/json-locations';
import { useBuilderStore } from './builder-store';
import { diagnosticsFor, findingRange } from './raw-json-lint';

/**
 * The raw JSON, two-way with the form: typing here updates the form whenever the text parses;
 * a syntax error is marked where it is and leaves the form as it was. Findings are marked in
 * place, and a finding clicked for the raw side selects what it is about.
 */
const EXTENSIONS = [
  json(),
  lintGutter(),
  EditorView.lineWrapping,
  EditorView.contentAttributes.of({ 'aria-label': 'Raw JSON' }),
];

export function RawJsonEditor({ findings }: { findings: readonly Finding[] }) {
  const text = useBuilderStore((state) => state.text);
  const parseError = useBuilderStore((state) => state.parseError);
  const setText = useBuilderStore((state) => state.setText);
  const focus = useBuilderStore((state) => state.focus);
  const scheme = useComputedColorScheme('light');
  const editorRef = useRef<ReactCodeMirrorRef>(null);

  // The marks are pushed in after every change (not pulled by a lint source): the findings are
  // already computed for the form and the panel.
  useEffect(() => {
    const view = editorRef.current?.view;
    if (view === undefined || view.state.doc.toString() !== text) return;
    view.dispatch(setDiagnostics(view.state, diagnosticsFor(text, parseError, findings)));
  }, [text, parseError, findings]);

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
      value={text}
      onChange={setText}
      extensions={EXTENSIONS}
      theme={scheme}
      height="100%"
      style={{ height: '100%', fontSize: 13 }}
      basicSetup={{ foldGutter: true, highlightActiveLine: true, autocompletion: false }}
      data-testid="raw-json-editor"
    />
  );
}
