import { TextInput, type TextInputProps } from '@mantine/core';
import type { TypedText } from './use-typed-text';

/**
 * A text box over a `useTypedText` field: shows what was typed and, under it, what is wrong with
 * it; `onValue` is called only with a value the text stands for.
 */
export function TypedTextInput<T>({
  field,
  onValue,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange' | 'error'> & {
  field: TypedText<T>;
  onValue: (value: T) => void;
}) {
  return (
    <TextInput
      {...props}
      value={field.text}
      error={field.problem ?? undefined}
      onChange={(event) => {
        const value = field.type(event.currentTarget.value);
        if (value !== null) onValue(value);
      }}
    />
  );
}
