import { Button, Group, PasswordInput, Text } from '@mantine/core';
import type { MaskedSecret, SecretEdit } from '@shared/profile';

interface SecretFieldProps {
  label: string;
  description: string;
  current: MaskedSecret;
  edit: SecretEdit;
  onChange: (edit: SecretEdit) => void;
  /** Why main refused the value typed here, shown on the field it is about. */
  error?: string | null;
}

/**
 * A token is never shown, only whether it is set and its last characters. The user can set,
 * replace or clear it; a typed value goes to main once, on save, and never comes back.
 */
export function SecretField({ label, description, current, edit, onChange, error = null }: SecretFieldProps) {
  if (edit.action === 'set') {
    return (
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <PasswordInput
          style={{ flex: 1 }}
          label={label}
          description={description}
          value={edit.value}
          error={error}
          onChange={(event) => onChange({ action: 'set', value: event.currentTarget.value })}
          autoComplete="off"
          data-autofocus
        />
        <Button variant="default" onClick={() => onChange({ action: 'keep' })}>
          Cancel
        </Button>
      </Group>
    );
  }
  // A set token with nothing to mask is a damaged one (main masks none: stored without a
  // protection scheme, it is no token); `error` says why and what to do.
  const state =
    edit.action === 'clear'
      ? 'Will be cleared when you save'
      : current.isSet
        ? (current.masked ?? 'Damaged')
        : 'Not set';
  return (
    <div>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text size="xs" c="dimmed" mb={4}>
        {description}
      </Text>
      <Group gap="xs">
        <Text
          ff="monospace"
          size="sm"
          aria-label={`${label} (masked)`}
          c={edit.action === 'clear' ? 'orange' : undefined}
          miw={120}
        >
          {state}
        </Text>
        <Button size="xs" variant="light" onClick={() => onChange({ action: 'set', value: '' })}>
          {current.isSet ? `Replace ${label}` : `Set ${label}`}
        </Button>
        {current.isSet && edit.action !== 'clear' && (
          <Button size="xs" variant="subtle" color="red" onClick={() => onChange({ action: 'clear' })}>
            Clear
          </Button>
        )}
        {edit.action === 'clear' && (
          <Button size="xs" variant="subtle" onClick={() => onChange({ action: 'keep' })}>
            Undo
          </Button>
        )}
      </Group>
      {error !== null && (
        <Text size="xs" c="red" mt={4}>
          {error}
        </Text>
      )}
    </div>
  );
}
