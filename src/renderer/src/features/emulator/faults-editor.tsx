import { Group, Stack, Switch, Text } from '@mantine/core';
import { faultsSchema, TOKEN_FAULTS, type Faults } from '@shared/emulator';
import { TOKEN_FAULT_LABEL } from '@shared/emulator-fault-words';
import { ChoiceControl } from '@ui/choice-control';
import { TypedTextInput } from '@ui/typed-text-input';
import { useWholeNumberText, type TypedText } from '@ui/use-typed-text';
import { rangeOfSchema } from '@ui/whole-number-text';

export const DELAY_LABEL = 'Delay before the first attempt (ms)';
const DELAY_RANGE = rangeOfSchema(faultsSchema.shape.delayMs.unwrap());

/** The delay box of a faults editor, kept as typed: its owner says whether it may be saved. */
export const useDelayText = (faults: Faults) => useWholeNumberText(faults.delayMs, DELAY_RANGE);

/** What goes wrong with a notification on purpose: delay, duplicate, out of order, a spoiled token, drop. */
export function FaultsEditor({
  faults,
  delay,
  onChange,
}: {
  faults: Faults;
  /** The delay as typed (useDelayText). */
  delay: TypedText<number>;
  onChange: (faults: Faults) => void;
}) {
  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500} mb={4}>
          Token
        </Text>
        <ChoiceControl
          size="xs"
          aria-label="Notification token"
          data={TOKEN_FAULTS.map((value) => ({ value, label: TOKEN_FAULT_LABEL[value] }))}
          value={faults.token}
          onChange={(value) => onChange({ ...faults, token: value })}
        />
      </div>
      <TypedTextInput
        size="xs"
        label={DELAY_LABEL}
        inputMode="numeric"
        field={delay}
        onValue={(value) => onChange({ ...faults, delayMs: value })}
        w={240}
      />
      <Group gap="lg">
        <Switch
          size="xs"
          label="Duplicate"
          checked={faults.duplicate}
          onChange={(event) => onChange({ ...faults, duplicate: event.currentTarget.checked })}
        />
        <Switch
          size="xs"
          label="Out of order"
          checked={faults.outOfOrder}
          onChange={(event) => onChange({ ...faults, outOfOrder: event.currentTarget.checked })}
        />
        <Switch
          size="xs"
          label="Drop"
          checked={faults.drop}
          onChange={(event) => onChange({ ...faults, drop: event.currentTarget.checked })}
        />
      </Group>
    </Stack>
  );
}

/**
 * One order's own faults, each change sent as made: a delay that is not a whole number in range
 * says so under its box and is not sent.
 */
export function OrderFaultsEditor({
  faults,
  onChange,
}: {
  faults: Faults;
  onChange: (faults: Faults) => void;
}) {
  const delay = useDelayText(faults);
  return <FaultsEditor faults={faults} delay={delay} onChange={onChange} />;
}
