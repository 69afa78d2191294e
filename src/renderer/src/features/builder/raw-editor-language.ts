import { Compartment, EditorState, type Extension } from '@codemirror/state';

/**
 * The raw editor's JSON language (highlighting, folding, bracket matching by the syntax tree),
 * left out while the text is longer than `plainAbove`. CodeMirror parses the whole text in the
 * background after a paste (the cursor lands at its end): for 5 MB that is seconds of 100 ms
 * slices, most of the time it took such a document to open, in a bare CodeMirror too
 * (bench/README.md). Without the language the text is plain and opens at once; the builder
 * says so above the form (document-notices.tsx).
 *
 * The switch rides on the transaction that changes the length across the limit (a transaction
 * extender), so a pasted large text is never parsed at all, and a short one pasted over it gets
 * its colours back in the same step. The compartment keeps its content when the editor is
 * reconfigured (the theme switched).
 */
export function sizeAwareLanguage(language: Extension, plainAbove: number, initialLength: number): Extension {
  const slot = new Compartment();
  const contentFor = (length: number): Extension => (length > plainAbove ? [] : language);
  return [
    slot.of(contentFor(initialLength)),
    EditorState.transactionExtender.of((transaction) => {
      if (!transaction.docChanged) return null;
      const plain = transaction.newDoc.length > plainAbove;
      if (plain === (slot.get(transaction.startState) !== language)) return null;
      return { effects: slot.reconfigure(contentFor(transaction.newDoc.length)) };
    }),
  ];
}
