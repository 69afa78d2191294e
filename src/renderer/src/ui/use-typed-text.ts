import { useState } from 'react';
import { readWholeNumber, type TextReading, type WholeNumberRange } from './whole-number-text';

/** A field's text as typed over the value it stands for, and what is wrong with it (null: nothing). */
export interface TypedText<T> {
  text: string;
  problem: string | null;
  /** Takes what was typed: the value it stands for, or null while it stands for none. */
  type: (text: string) => T | null;
}

/**
 * A field whose text is kept as typed, right or wrong, over a value that may change under it:
 * a number box used to empty itself on "abc", or show blank while the last number stood, and a
 * save then said nothing changed. Text that stands for no value stays, with its problem, until
 * it is corrected; when the value changes otherwise (another window saved it), the field shows
 * that value, unless its text already reads as it.
 */
export function useTypedText<T>(
  value: T,
  show: (value: T) => string,
  read: (text: string) => TextReading<T>,
  same: (a: T, b: T) => boolean = Object.is,
): TypedText<T> {
  const [typed, setTyped] = useState({ text: show(value), of: value });
  let { text } = typed;
  if (typed.of !== value) {
    // Adjusted while rendering (React's way for state that follows a prop).
    const reading = read(typed.text);
    if (reading.value === null || !same(reading.value, value)) text = show(value);
    setTyped({ text, of: value });
  }
  return {
    text,
    problem: read(text).problem,
    type(next) {
      const reading = read(next);
      setTyped({ text: next, of: reading.value ?? value });
      return reading.value;
    },
  };
}

/** A whole-number field in `range`, kept as typed (whole-number-text.ts says what is wrong). */
export function useWholeNumberText(value: number, range: WholeNumberRange): TypedText<number> {
  return useTypedText(value, String, (text) => readWholeNumber(text, range));
}
