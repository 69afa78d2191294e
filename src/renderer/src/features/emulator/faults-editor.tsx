import { Group, Stack, Switch, Text } from '@mantine/core';
import { TOKEN_FAULTS, type Faults, type TokenFault } from '@shared/emulator';
import { ChoiceControl } from '@ui/choice-control';
import { WholeNumberInput } from '@ui/whole-number-input';

const TOKEN_LABEL: Record<TokenFault, string> = {
  valid: 'valid',
  wrong_signature: 'wrong signature',
  expired: 'expired',
  none: 'no token',
};

/** What goes wrong with a notification on purpose: delay, duplicate, out of order, a spoiled token, drop. */
export function FaultsEditor({ faults, onChange }: { faults: Faults; onChange: (faults: Faults) => void }) {
  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500} mb={4}>
          Token
        </Text>
        <ChoiceControl
          size="xs"
          aria-label="Notification token"
          data={TOKEN_FAULTS.map((value) => ({ value, label: TOKEN_LABEL[value] }))}
          value={faults.token}
          onChange={(value) => onChange({ ...faults, token: value })}
        />
      </div>
      <WholeNumberInput
        size="xs"
        label="Delay before the first attempt (ms)"
        min={0}
        max={600_000}
        step={500}
        value={faults.delayMs}
        onChange={(value) => onChange({ ...faults, delayMs: value })}
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

/** Faults in a few words, for tables. */
export function describeFaults(faults: Faults | null): string {
  if (faults === null) return 'emulator defaults';
  const parts = [
    faults.token === 'valid' ? null : TOKEN_LABEL[faults.token],
    faults.delayMs > 0 ? `delay ${faults.delayMs} ms` : null,
    faults.duplicate ? 'duplicate' : null,
    faults.outOfOrder ? 'out of order' : null,
    faults.drop ? 'drop' : null,
  ].filter((part) => part !== null);
  return parts.length === 0 ? 'none' : parts.join(', ');
}
