import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { EmulatorSettings } from '@shared/emulator';
import { WholeNumberInput } from '@ui/whole-number-input';
import { errorMessage } from '@bridge/bridge-error';
import { FaultsEditor } from './faults-editor';
import { useEmulatorStore } from './emulator-store';

/** Retries (attempts, backoff, timeout), the out-of-order hold, and the faults of every order without its own. */
export function EmulatorSettingsForm({ settings }: { settings: EmulatorSettings }) {
  const [draft, setDraft] = useState(settings);
  const [backoff, setBackoff] = useState(settings.backoffMs.join(', '));
  const backoffMs = backoff
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map(Number);
  const backoffValid =
    backoffMs.length > 0 && backoffMs.every((value) => Number.isInteger(value) && value >= 0);
  const save = () =>
    useEmulatorStore
      .getState()
      // Only this form's fields: the rest (the registered webhook, its masked headers) are the
      // other form's, and a stale copy of them would undo a change saved there since.
      .saveSettings({
        attempts: draft.attempts,
        backoffMs,
        timeoutMs: draft.timeoutMs,
        outOfOrderMs: draft.outOfOrderMs,
        faults: draft.faults,
      })
      .then(() => {
        notifications.show({ color: 'green', message: 'Emulator settings saved' });
      })
      .catch((error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) }));
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-start">
        <WholeNumberInput
          size="xs"
          label="Attempts per notification"
          min={1}
          max={20}
          value={draft.attempts}
          onChange={(value) => setDraft({ ...draft, attempts: value })}
          w={170}
        />
        <TextInput
          size="xs"
          label="Backoff between attempts (ms)"
          description="The last value repeats"
          value={backoff}
          onChange={(event) => setBackoff(event.currentTarget.value)}
          error={backoffValid ? undefined : 'Whole milliseconds, separated by commas'}
          w={210}
        />
        <WholeNumberInput
          size="xs"
          label="Timeout per attempt (ms)"
          min={100}
          max={120_000}
          value={draft.timeoutMs}
          onChange={(value) => setDraft({ ...draft, timeoutMs: value })}
          w={170}
        />
        <WholeNumberInput
          size="xs"
          label="Out-of-order hold (ms)"
          min={0}
          max={600_000}
          value={draft.outOfOrderMs}
          onChange={(value) => setDraft({ ...draft, outOfOrderMs: value })}
          w={170}
        />
      </Group>
      <Text size="sm" fw={600}>
        Faults for every order without its own
      </Text>
      <FaultsEditor faults={draft.faults} onChange={(faults) => setDraft({ ...draft, faults })} />
      <Group>
        <Button size="xs" onClick={() => void save()} disabled={!backoffValid}>
          Save settings
        </Button>
      </Group>
    </Stack>
  );
}
