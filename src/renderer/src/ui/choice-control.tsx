import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { arrowPastEnd } from './choice-control-keys';

export interface Choice<T extends string> {
  value: T;
  label: string;
}

type ChoiceControlProps<T extends string> = Omit<SegmentedControlProps, 'data' | 'value' | 'onChange'> & {
  data: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  /**
   * The arrow keys stop at the first and last choice instead of going round: for a control that
   * sets a value, where going round from the last choice to the first (`false` to `unset`) changed
   * what is sent by one key press too many, unseen.
   */
  stopAtEnds?: boolean;
};

/**
 * A segmented control over a closed set of choices. Mantine hands back a plain string; this
 * answers only with one of the choices it was given, so no caller needs its own type guard.
 */
export function ChoiceControl<T extends string>({
  data,
  value,
  onChange,
  stopAtEnds = false,
  ...props
}: ChoiceControlProps<T>) {
  const stopPastEnd = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = data.findIndex((choice) => choice.value === value);
    const direction = getComputedStyle(event.currentTarget).direction === 'rtl' ? 'rtl' : 'ltr';
    if (arrowPastEnd(event.key, index, data.length, direction)) event.preventDefault();
  };
  return (
    <SegmentedControl
      {...props}
      {...(stopAtEnds ? { onKeyDown: stopPastEnd } : {})}
      data={[...data]}
      value={value}
      onChange={(picked) => {
        const choice = data.find((candidate) => candidate.value === picked);
        if (choice !== undefined) onChange(choice.value);
      }}
    />
  );
}
