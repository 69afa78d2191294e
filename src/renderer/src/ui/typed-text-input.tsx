import { TextInput, type TextInputProps } from '@mantine/core';
import type { TypedText } from './use-typed-text';

/**
 * A text box over a `useTypedText` field: shows what was typed and, under it, what is wrong with
 * it; `onValue` is called only with a value the text stands for.
 */
export function TypedTextInput<T>({
  field,
  onValue,
  problemShownBeside = false,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange' | 'error'> & {
  field: TypedText<T>;
  onValue: (value: T) => void;
  /**
   * The problem's words are shown by the form, not under the box (only its red border here): a
   * narrow box in a row of buttons aligned to their bottom rose above them as its words wrapped.
   */
  problemShownBeside?: boolean;
}) {
  return (
    <TextInput
      {...props}
      value={field.text}
      error={field.problem === null ? undefined : problemShownBeside || field.problem}
      onChange={(event) => {
        const value = field.type(event.currentTarget.value);
        if (value !== null) onValue(value);
      }}
    />
  );
}
