import { json } from '@codemirror/lang-json';
import { language } from '@codemirror/language';
import { EditorState, StateEffect } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { sizeAwareLanguage } from '../../src/renderer/src/features/builder/raw-editor-language';

/**
 * Above the large-document size the raw editor is plain text: CodeMirror's JSON parse of a
 * pasted 5 MB text was most of the time it took to open (issue 16, "documents of any size").
 */
const LIMIT = 100;
const JSON_LANGUAGE = json();
const short = '{"a": 1}\n';
const long = `{"a": "${'x'.repeat(LIMIT)}"}\n`;

const languageOf = (state: EditorState) => state.facet(language)?.name ?? null;

function stateWith(doc: string): EditorState {
  return EditorState.create({ doc, extensions: [sizeAwareLanguage(JSON_LANGUAGE, LIMIT, doc.length)] });
}

describe('the raw editor’s JSON language, by the size of the text', () => {
  it('is there up to the limit and left out above it from the start', () => {
    expect(languageOf(stateWith(short))).toBe('json');
    expect(languageOf(stateWith('x'.repeat(LIMIT)))).toBe('json');
    expect(languageOf(stateWith(long))).toBeNull();
  });

  it('goes in the transaction that makes the text long, and comes back with a short one', () => {
    const opened = stateWith(short);
    const pasted = opened.update({ changes: { from: 0, to: opened.doc.length, insert: long } });
    // The paste itself already has no language: nothing ever parses the long text.
    expect(languageOf(pasted.state)).toBeNull();
    const typed = pasted.state.update({ changes: { from: 1, insert: 'y' } }).state;
    expect(languageOf(typed)).toBeNull();
    const replaced = typed.update({ changes: { from: 0, to: typed.doc.length, insert: short } }).state;
    expect(languageOf(replaced)).toBe('json');
  });

  it('stays off when the editor is reconfigured (the theme switched) with the same extensions', () => {
    const extensions = sizeAwareLanguage(JSON_LANGUAGE, LIMIT, short.length);
    const opened = EditorState.create({ doc: short, extensions });
    const pasted = opened.update({ changes: { from: 0, to: opened.doc.length, insert: long } }).state;
    const reconfigured = pasted.update({ effects: StateEffect.reconfigure.of(extensions) }).state;
    expect(languageOf(reconfigured)).toBeNull();
  });
});
