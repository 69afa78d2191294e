import { NumberInput, type NumberInputProps } from '@mantine/core';

type WholeNumberInputProps = Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: number;
  /** Called with a number only: while the box is empty or half typed, the last number stands. */
  onChange: (value: number) => void;
};

/** A number box for a setting that always has a value (no form library behind it). */
export function WholeNumberInput({ value, onChange, ...props }: WholeNumberInputProps) {
  return (
    <NumberInput
      {...props}
      value={value}
      onChange={(next) => {
        if (typeof next === 'number') onChange(next);
      }}
    />
  );
}
