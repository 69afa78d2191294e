import { afterEach, describe, expect, it } from 'vitest';
import { generateSample } from '../../src/shared/checkout/sample';
import { restoredState, useBuilderStore } from '../../src/renderer/src/features/builder/builder-store';

/**
 * When the builder outlines every field's errors (docs/builder.md: once typed in or left, or
 * after a send was attempted). A new tab restores the working copy the last one left, a sent
 * sample, as a document brought in whole: every error shown. Pasting {} over it in the raw
 * editor kept them all shown, every required field outlined red though none was touched.
 */
const initial = useBuilderStore.getState();
afterEach(() => useBuilderStore.setState(initial, true));

const sampleText = () => `${JSON.stringify(generateSample('general', { seed: 3 }), null, 2)}\n`;

describe('errors shown before a field is touched', () => {
  it('a new tab restoring a sent request, then {} pasted: nothing outlined until a field is touched', () => {
    useBuilderStore.setState(restoredState(sampleText()));
    expect(useBuilderStore.getState().revealErrors).toBe(true);
    useBuilderStore.getState().setText('{}');
    expect(useBuilderStore.getState().revealErrors).toBe(false);
    expect(useBuilderStore.getState().touched.size).toBe(0);
  });

  it('after a send was attempted, {} pasted is a new empty document: the attempt was of the one before', () => {
    useBuilderStore.getState().setText(sampleText());
    useBuilderStore.getState().touch('order_reference_id');
    useBuilderStore.getState().revealAllErrors();
    useBuilderStore.getState().setText('{\n}');
    expect(useBuilderStore.getState().revealErrors).toBe(false);
    expect(useBuilderStore.getState().touched.size).toBe(0);
  });

  it('a request typed or pasted in the raw editor is the person’s: its errors show', () => {
    useBuilderStore.getState().setText(sampleText().replace('"SA"', '"XX"'));
    expect(useBuilderStore.getState().revealErrors).toBe(true);
  });
});
