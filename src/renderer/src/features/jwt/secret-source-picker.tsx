import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { SecretSource } from '@shared/contract/jwt';
import { monoInput } from '@ui/mono-input';
import { useProfilesStore } from '@features/profiles';
import { choiceKey, secretSourceOptions } from './record-verify-choice';

/** `active`, `profile:<id>` or `secret`: a Select value for each kind of secret source. */
export type SecretChoice = string;

/** The SecretSource a choice stands for; null while a pasted secret is still empty. */
export function toSecretSource(choice: SecretChoice, secret: string): SecretSource | null {
  if (choice === 'secret') return secret === '' ? null : { source: 'secret', secret };
  if (choice.startsWith('profile:')) return { source: 'profile', profileId: Number(choice.slice(8)) };
  return { source: 'active' };
}

interface SecretSourcePickerProps {
  label: string;
  choice: SecretChoice;
  secret: string;
  onChoice: (choice: SecretChoice) => void;
  onSecret: (secret: string) => void;
}

/**
 * Which notification token to use: a profile's (it stays in main; only its name is here) or
 * one pasted for this check only, kept in this component's state and never stored.
 */
export function SecretSourcePicker({ label, choice, secret, onChoice, onSecret }: SecretSourcePickerProps) {
  const { profiles, activeProfileId } = useProfilesStore(
    useShallow((state) => ({ profiles: state.profiles, activeProfileId: state.activeProfileId })),
  );
  // Masked until asked; Reveal is a named button in the tab order, right after the box.
  const [visible, setVisible] = useState(false);
  const clipboard = useClipboard({ timeout: 2000 });
  const data = secretSourceOptions(profiles, activeProfileId);
  return (
    <Stack gap="xs">
      <Select
        label={label}
        data={data}
        // `active` is shown as the active profile's own entry, the one key it stands for.
        value={data.some((option) => option.value === choice) ? choice : choiceKey(choice, activeProfileId)}
        onChange={(value) => {
          // A secret shown again after another choice starts masked.
          setVisible(false);
          onChoice(value ?? 'active');
        }}
        allowDeselect={false}
      />
      {choice === 'secret' && (
        // Reveal and Copy are explicit, worded buttons, as every secret's are (an eye icon alone
        // said nothing on screen). Copy copies the user's own pasted text, already in the page.
        <TextInput
          label="Secret"
          description="Used for this check only: never stored, never logged."
          type={visible ? 'text' : 'password'}
          value={secret}
          onChange={(event) => onSecret(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          // Beside the box, under its label and description (which keep the whole width).
          inputContainer={(box) => (
            <Group gap="xs" wrap="nowrap">
              <div style={{ flex: 1 }}>{box}</div>
              <Button
                variant="light"
                leftSection={visible ? <IconEyeOff size={14} /> : <IconEye size={14} />}
                aria-label={visible ? 'Hide the secret' : 'Reveal the secret'}
                onClick={() => setVisible(!visible)}
              >
                {visible ? 'Hide' : 'Reveal'}
              </Button>
              <Button
                variant="default"
                leftSection={clipboard.copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                aria-label="Copy the secret"
                disabled={secret === ''}
                onClick={() => clipboard.copy(secret)}
              >
                {clipboard.copied ? 'Copied' : 'Copy'}
              </Button>
            </Group>
          )}
          {...monoInput}
        />
      )}
    </Stack>
  );
}
