import type { TextInputProps } from '@mantine/core';
import type { Ref } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { TypedTextInput } from './typed-text-input';
import { useTypedText } from './use-typed-text';
import { fieldNumberProblem, readFieldNumber } from './whole-number-text';

type BoxProps = Omit<TextInputProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'name'>;

/**
 * A number box bound to a react-hook-form field, judged by the form's zod schema (the one main
 * checks with), its error the field's own. It keeps the text as typed or pasted: Mantine's
 * NumberInput rewrote a paste as it went in (`44,056` became 44, `1.5e3` 1) and the form saved
 * the rewrite; here such text stays, goes into the field as text (readFieldNumber), and the
 * schema refuses it under the box, so Save saves nothing.
 */
export function FormNumberInput<T extends FieldValues>({
  control,
  name,
  flag = null,
  shownEmpty = false,
  ...props
}: BoxProps & {
  control: Control<T>;
  name: Path<T>;
  /** Said under the box while the field has no error of its own (a stored value to set). */
  flag?: string | null;
  /**
   * The box shows no number (what the field holds is a guess for a damaged stored value), but
   * `—`, unknown, as `profiles list` shows such a port.
   */
  shownEmpty?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TypedNumberBox
          {...props}
          placeholder={shownEmpty ? '—' : props.placeholder}
          value={shownEmpty ? '' : (field.value as number | string)}
          onValue={field.onChange}
          onBlur={field.onBlur}
          // Save focuses the first field in error through it.
          inputRef={field.ref}
          problem={fieldState.error?.message ?? flag}
        />
      )}
    />
  );
}

function TypedNumberBox({
  value,
  onValue,
  problem,
  inputRef,
  ...props
}: BoxProps & {
  value: number | string;
  onValue: (value: number | string) => void;
  onBlur: () => void;
  problem: string | null;
  inputRef: Ref<HTMLInputElement>;
}) {
  // Every text stands for a field value (a number, or the text the schema refuses): what is
  // wrong with it is the schema's to say, shown as the form judges it.
  const typed = useTypedText<number | string>(value, String, (text) => ({
    value: readFieldNumber(text),
    problem: null,
  }));
  return (
    <TypedTextInput
      inputMode="numeric"
      {...props}
      ref={inputRef}
      field={{ ...typed, problem: problem === null ? null : fieldNumberProblem(typed.text, problem) }}
      onValue={onValue}
    />
  );
}
