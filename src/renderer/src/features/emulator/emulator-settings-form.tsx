import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { EmulatorSettings } from '@shared/emulator';
import { sameValue } from '@shared/settings-patch';
import { useFollowedValues } from '@ui/use-followed-values';
import { WholeNumberInput } from '@ui/whole-number-input';
import { FaultsEditor } from './faults-editor';
import { SaveSettingsButton } from './needs-console';
import { saveEmulatorSettings } from './save-emulator-settings';

/** This form's fields, by the labels it shows them with (a refused save names them so). */
const LABELS = {
  attempts: 'Attempts per notification',
  backoffMs: 'Backoff between attempts (ms)',
  timeoutMs: 'Timeout per attempt (ms)',
  outOfOrderMs: 'Out-of-order hold (ms)',
  faults: 'Faults for every order without its own',
} as const;

const backoffOf = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map(Number);
const validBackoff = (values: number[]) =>
  values.length > 0 && values.every((value) => Number.isInteger(value) && value >= 0);

/** Retries (attempts, backoff, timeout), the out-of-order hold, and the faults of every order without its own. */
export function EmulatorSettingsForm({ settings }: { settings: EmulatorSettings }) {
  const form = useFollowedValues(settings);
  const { values } = form;
  // The backoff as typed, with the list it was typed as or shown from: a push that brings
  // another list (the field not edited here) shows that one.
  const [backoff, setBackoff] = useState({ text: values.backoffMs.join(', '), of: values.backoffMs });
  let backoffText = backoff.text;
  if (backoff.of !== values.backoffMs && !sameValue(backoffOf(backoff.text), values.backoffMs)) {
    backoffText = values.backoffMs.join(', ');
    setBackoff({ text: backoffText, of: values.backoffMs });
  }
  const backoffValid = validBackoff(backoffOf(backoffText));
  const typeBackoff = (text: string) => {
    const typed = backoffOf(text);
    const of = validBackoff(typed) ? typed : values.backoffMs;
    setBackoff({ text, of });
    if (of !== values.backoffMs) form.change({ backoffMs: typed });
  };
  // Only this form's fields, and of those only the ones changed here: the rest are the other
  // form's or another window's, and a stale copy of them would undo a change saved there since.
  const save = () => {
    const { patch, expected } = form.changes();
    const own = <T extends object>(fields: T) =>
      Object.fromEntries(Object.entries(fields).filter(([key]) => key in LABELS));
    return saveEmulatorSettings({ patch: own(patch), expected: own(expected) }, LABELS);
  };
  return (
    <Stack gap="sm" data-testid="emulator-retries-settings">
      <Group gap="sm" align="flex-start">
        <WholeNumberInput
          size="xs"
          label={LABELS.attempts}
          min={1}
          max={20}
          value={values.attempts}
          onChange={(attempts) => form.change({ attempts })}
          w={170}
        />
        <TextInput
          size="xs"
          label={LABELS.backoffMs}
          description="The last value repeats"
          value={backoffText}
          onChange={(event) => typeBackoff(event.currentTarget.value)}
          error={backoffValid ? undefined : 'Whole milliseconds, separated by commas'}
          w={210}
        />
        <WholeNumberInput
          size="xs"
          label={LABELS.timeoutMs}
          min={100}
          max={120_000}
          value={values.timeoutMs}
          onChange={(timeoutMs) => form.change({ timeoutMs })}
          w={170}
        />
        <WholeNumberInput
          size="xs"
          label={LABELS.outOfOrderMs}
          description="Longest wait for the order's next one"
          min={0}
          max={600_000}
          value={values.outOfOrderMs}
          onChange={(outOfOrderMs) => form.change({ outOfOrderMs })}
          w={170}
        />
      </Group>
      <Text size="sm" fw={600}>
        {LABELS.faults}
      </Text>
      <FaultsEditor faults={values.faults} onChange={(faults) => form.change({ faults })} />
      <Group>
        <SaveSettingsButton invalid={!backoffValid} onSave={() => void save()} />
      </Group>
    </Stack>
  );
}
