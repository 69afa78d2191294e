import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';

export interface Choice<T extends string> {
  value: T;
  label: string;
}

type ChoiceControlProps<T extends string> = Omit<SegmentedControlProps, 'data' | 'value' | 'onChange'> & {
  data: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
};

/**
 * A segmented control over a closed set of choices. Mantine hands back a plain string; this
 * answers only with one of the choices it was given, so no caller needs its own type guard.
 */
export function ChoiceControl<T extends string>({ data, value, onChange, ...props }: ChoiceControlProps<T>) {
  return (
    <SegmentedControl
      {...props}
      data={[...data]}
      value={value}
      onChange={(picked) => {
        const choice = data.find((candidate) => candidate.value === picked);
        if (choice !== undefined) onChange(choice.value);
      }}
    />
  );
}
