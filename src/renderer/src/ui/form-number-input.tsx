import { NumberInput, type NumberInputProps } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

type FormNumberInputProps<T extends FieldValues> = Omit<
  NumberInputProps,
  'value' | 'onChange' | 'onBlur' | 'error' | 'name'
> & {
  control: Control<T>;
  name: Path<T>;
  /**
   * What an empty or unparseable box stands for. NaN (the default) lets the form's zod schema
   * say the number is missing; null suits a field whose empty value means "use the default".
   */
  emptyAs?: number | null;
};

/** A whole-number box bound to a react-hook-form field, its error the field's own. */
export function FormNumberInput<T extends FieldValues>({
  control,
  name,
  emptyAs = Number.NaN,
  ...props
}: FormNumberInputProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          allowDecimal={false}
          {...props}
          value={field.value ?? ''}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : emptyAs)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
