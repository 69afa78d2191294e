import type { DocumentPath } from './builder/document-edit';
import { mayWriteNumberHeldOtherwise } from './json-number-held';
import { jsonSourceText } from './json-source-text';

/**
 * The digits a JSON text writes a number with at `path`, when a reader may hold another number
 * for them (`1.0000000000000001` is held as 1); null when it holds every number the text writes
 * as written, or the text writes no value there.
 */
export type HeldOtherwiseAt = (path: DocumentPath) => string | null;

/**
 * A stored body's reader of such digits (the Orders derivation's, for a call's request and answer).
 * Nothing is read until a number is asked for; then the text's one scan (a regular expression)
 * decides, and only a text it says may write such a number is read value by value, with the
 * validator's reader (json-source-text.ts), once: an ordinary answer costs one scan at most.
 * Undefined for a record with no text at hand (its parsed values tell all).
 */
export function heldOtherwiseReader(text: string | undefined): HeldOtherwiseAt | undefined {
  if (text === undefined) return undefined;
  let mayHold: boolean | undefined;
  let textAt: ReturnType<typeof jsonSourceText> | undefined;
  return (path) => {
    mayHold ??= mayWriteNumberHeldOtherwise(text);
    if (!mayHold) return null;
    textAt ??= jsonSourceText(text);
    return textAt(path) ?? null;
  };
}

/** `at` for the value under `prefix` (a Money inside a body, an entry of a list). */
export function heldOtherwiseWithin(at: HeldOtherwiseAt, prefix: DocumentPath): HeldOtherwiseAt {
  return (path) => at([...prefix, ...path]);
}
