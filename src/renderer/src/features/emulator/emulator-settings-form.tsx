import { Group, Stack, Text } from '@mantine/core';
import { emulatorSettingsSchema, type EmulatorSettings } from '@shared/emulator';
import { sameValue } from '@shared/settings-patch';
import { boxesToCorrect } from '@ui/boxes-to-correct';
import { TypedTextInput } from '@ui/typed-text-input';
import { UnsavedChanges } from '@ui/unsaved-changes';
import { useFollowedValues } from '@ui/use-followed-values';
import { useTypedText, useWholeNumberText } from '@ui/use-typed-text';
import { rangeOfSchema, readWholeNumberList, type TextReading } from '@ui/whole-number-text';
import { DELAY_LABEL, FaultsEditor, useDelayText } from './faults-editor';
import { SaveSettingsButton } from './needs-console';
import { saveEmulatorSettings } from './save-emulator-settings';

/** This form's fields, by the labels it shows them with (a refused save names them so). */
const LABELS = {
  attempts: 'Attempts per notification',
  backoffMs: 'Backoff between attempts (ms)',
  timeoutMs: 'Timeout per attempt (ms)',
  outOfOrderMs: 'Out-of-order hold (ms)',
  issuer: 'Token issuer (iss)',
  faults: 'Faults for every order without its own',
} as const;

// The ranges main checks, from the schema that checks them.
const { shape } = emulatorSettingsSchema;
const RANGE = {
  attempts: rangeOfSchema(shape.attempts.unwrap()),
  backoffMs: rangeOfSchema(shape.backoffMs.unwrap().element),
  timeoutMs: rangeOfSchema(shape.timeoutMs.unwrap()),
  outOfOrderMs: rangeOfSchema(shape.outOfOrderMs.unwrap()),
};

/** The issuer as main will store it (trimmed), or the schema's words for what is wrong. */
const readIssuer = (text: string): TextReading<string> => {
  const checked = shape.issuer.unwrap().safeParse(text);
  return checked.success
    ? { value: checked.data, problem: null }
    : { value: null, problem: checked.error.issues[0]?.message ?? 'Not a valid issuer' };
};

/** How many backoff values the schema takes, in its words. */
const backoffCountProblem = (list: number[]) => {
  const checked = shape.backoffMs.safeParse(list);
  return checked.success ? null : `The list ${checked.error.issues[0]?.message ?? 'is not valid'}`;
};

/**
 * Retries (attempts, backoff, timeout), the out-of-order hold, the issuer of the tokens it signs,
 * and the faults of every order without its own.
 */
export function EmulatorSettingsForm({ settings }: { settings: EmulatorSettings }) {
  const form = useFollowedValues(settings);
  const { values } = form;
  // Every box keeps what was typed and says under it what is wrong; Save waits for them all.
  const attempts = useWholeNumberText(values.attempts, RANGE.attempts);
  const backoff = useTypedText(
    values.backoffMs,
    (list) => list.join(', '),
    (text) => readWholeNumberList(text, RANGE.backoffMs, backoffCountProblem),
    sameValue,
  );
  const timeout = useWholeNumberText(values.timeoutMs, RANGE.timeoutMs);
  const outOfOrder = useWholeNumberText(values.outOfOrderMs, RANGE.outOfOrderMs);
  const issuer = useTypedText(values.issuer, (value) => value, readIssuer);
  const delay = useDelayText(values.faults);
  const invalid = boxesToCorrect([
    [LABELS.attempts, attempts.problem],
    [LABELS.backoffMs, backoff.problem],
    [LABELS.timeoutMs, timeout.problem],
    [LABELS.outOfOrderMs, outOfOrder.problem],
    [LABELS.issuer, issuer.problem],
    [DELAY_LABEL, delay.problem],
  ]);
  // Only this form's fields, and of those only the ones changed here: the rest are the other
  // form's or another window's, and a stale copy of them would undo a change saved there since.
  const own = <T extends object>(fields: T) =>
    Object.fromEntries(Object.entries(fields).filter(([key]) => key in LABELS));
  const save = () => {
    const { patch, expected } = form.changes();
    return saveEmulatorSettings({ patch: own(patch), expected: own(expected) }, LABELS);
  };
  // Text typed that stands for no value yet is an edit too: leaving would lose it as well.
  const edited = Object.keys(own(form.changes().patch)).length > 0 || invalid !== null;
  return (
    <Stack gap="sm" data-testid="emulator-retries-settings">
      <Group gap="sm" align="flex-start">
        <TypedTextInput
          size="xs"
          label={LABELS.attempts}
          inputMode="numeric"
          field={attempts}
          onValue={(value) => form.change({ attempts: value })}
          w={170}
        />
        <TypedTextInput
          size="xs"
          label={LABELS.backoffMs}
          description="The last value repeats"
          field={backoff}
          onValue={(value) => form.change({ backoffMs: value })}
          w={210}
        />
        <TypedTextInput
          size="xs"
          label={LABELS.timeoutMs}
          inputMode="numeric"
          field={timeout}
          onValue={(value) => form.change({ timeoutMs: value })}
          w={170}
        />
        <TypedTextInput
          size="xs"
          label={LABELS.outOfOrderMs}
          description="Longest wait for the order's next one"
          inputMode="numeric"
          field={outOfOrder}
          onValue={(value) => form.change({ outOfOrderMs: value })}
          w={170}
        />
        <TypedTextInput
          size="xs"
          label={LABELS.issuer}
          description="The iss claim of the notification tokens it signs"
          field={issuer}
          onValue={(value) => form.change({ issuer: value })}
          w={240}
        />
      </Group>
      <Text size="sm" fw={600}>
        {LABELS.faults}
      </Text>
      <FaultsEditor faults={values.faults} delay={delay} onChange={(faults) => form.change({ faults })} />
      <Group gap="sm">
        <SaveSettingsButton invalid={invalid} onSave={() => void save()} />
        <UnsavedChanges what="the emulator settings" edited={edited} />
      </Group>
    </Stack>
  );
}
