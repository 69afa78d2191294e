import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Code, CopyButton, Group, JsonInput, Select, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { TOKEN_PRESET_INFO, TOKEN_PRESETS } from '@shared/jwt/token-presets';
import { monoInput } from '@ui/mono-input';
import { FormNumberInput } from '@ui/form-number-input';
import { JUDGED_AS_TYPED } from '@ui/form-timing';
import { errorMessage } from '@bridge/bridge-error';
import { useJwtStore } from './jwt-store';
import { SecretSourcePicker, toSecretSource, type SecretChoice } from './secret-source-picker';

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

const CLAIMS_NOT_AN_OBJECT = 'The claims must be a JSON object, such as {"iss": "checkout"}';

const craftFormSchema = z.object({
  preset: z.enum(TOKEN_PRESETS),
  claims: z.string().refine(isJsonObject, CLAIMS_NOT_AN_OBJECT),
  lifetimeMinutes: z
    .number({ error: 'The lifetime must be a number of minutes' })
    .int('The lifetime must be whole minutes')
    .min(1, 'The lifetime is at least 1 minute')
    .max(1440, 'The lifetime is at most 1440 minutes')
    .nullable(),
});
type CraftForm = z.infer<typeof craftFormSchema>;

const PRESET_OPTIONS = TOKEN_PRESETS.map((preset) => ({
  value: preset,
  label: TOKEN_PRESET_INFO[preset].label,
}));

/** Sign tokens for negative tests: a claims editor, a signer, a lifetime and presets. */
export function CraftPanel({ onInspect }: { onInspect: (token: string) => void }) {
  const { control, handleSubmit, formState } = useForm<CraftForm>({
    resolver: zodResolver(craftFormSchema),
    defaultValues: { preset: 'valid', claims: '{}', lifetimeMinutes: null },
    ...JUDGED_AS_TYPED,
  });
  const [choice, setChoice] = useState<SecretChoice>('active');
  const [secret, setSecret] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const crafted = useJwtStore((state) => state.crafted);
  const signJwt = useJwtStore((state) => state.sign);
  const preset = useWatch({ control, name: 'preset' });

  const sign = handleSubmit(async (values) => {
    setFailure(null);
    const signer = toSecretSource(choice, secret);
    if (signer === null) {
      setFailure('Paste the secret to sign with, or choose a profile.');
      return;
    }
    try {
      // Kept in the store: a replay reads it with selectCraftedToken.
      await signJwt({
        signer,
        preset: values.preset,
        claims: JSON.parse(values.claims) as Record<string, unknown>,
        ...(values.lifetimeMinutes === null ? {} : { lifetimeMinutes: values.lifetimeMinutes }),
      });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <Stack gap="sm" component="form" onSubmit={sign} aria-label="Craft a token">
      <Title order={4}>Craft a token</Title>
      <Controller
        control={control}
        name="preset"
        render={({ field }) => (
          <Select
            label="Preset"
            data={PRESET_OPTIONS}
            value={field.value}
            onChange={(value) => field.onChange(value ?? 'valid')}
            allowDeselect={false}
            description={TOKEN_PRESET_INFO[preset].description}
          />
        )}
      />
      <Controller
        control={control}
        name="claims"
        render={({ field, fieldState }) => (
          <JsonInput
            label="Claims"
            description="Other claims to include. The preset sets iat, nbf and exp (except “Exactly as written”)."
            autosize
            minRows={4}
            formatOnBlur
            // The editor marks text that does not parse on its own, over the form's error: without
            // this it was a red outline that said nothing.
            validationError={CLAIMS_NOT_AN_OBJECT}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            {...monoInput}
          />
        )}
      />
      <SecretSourcePicker
        label="Sign with"
        choice={choice}
        secret={secret}
        onChoice={setChoice}
        onSecret={setSecret}
      />
      <FormNumberInput
        control={control}
        name="lifetimeMinutes"
        label="Lifetime (minutes)"
        description="Empty: the signing profile's token lifetime (15 minutes for a pasted secret)."
        min={1}
        max={1440}
        emptyAs={null}
      />
      <Group>
        <Button type="submit" loading={formState.isSubmitting}>
          Sign token
        </Button>
      </Group>
      {failure !== null && <Alert color="red">{failure}</Alert>}
      {crafted !== null && (
        <Stack gap="xs" data-testid="crafted-token">
          <Text size="sm">
            {TOKEN_PRESET_INFO[crafted.preset].label}, signed with {crafted.signedWith}:
          </Text>
          <Code
            block
            style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
            data-testid="crafted-token-value"
          >
            {crafted.token}
          </Code>
          <Group gap="xs">
            <CopyButton value={crafted.token}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy token'}
                </Button>
              )}
            </CopyButton>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconSearch size={14} />}
              onClick={() => onInspect(crafted.token)}
            >
              Inspect this token
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
