import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Code, CopyButton, Group, JsonInput, Select, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useShallow } from 'zustand/react/shallow';
import { signedLifetimeMinutesSchema } from '@shared/contract/jwt';
import { formatCount } from '@shared/count-format';
import { readClaimsText } from '@shared/jwt/claims-text';
import {
  signsWithTheSecret,
  TOKEN_PRESET_INFO,
  TOKEN_PRESETS,
  type TokenPreset,
} from '@shared/jwt/token-presets';
import { tokenNotSetInWindow } from '@shared/jwt/token-not-set-words';
import { boxesToCorrect } from '@ui/boxes-to-correct';
import { monoInput } from '@ui/mono-input';
import { JUDGED_AS_TYPED } from '@ui/form-timing';
import { TypedTextInput } from '@ui/typed-text-input';
import { blockedButton, UnavailableWithReason } from '@ui/unavailable-with-reason';
import { useTypedText } from '@ui/use-typed-text';
import { rangeOfSchema, readWholeNumberOrEmpty } from '@ui/whole-number-text';
import { BridgeError, errorMessage } from '@bridge/bridge-error';
import { useProfilesStore } from '@features/profiles';
import { useJwtStore, type CraftInputs } from './jwt-store';
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

const craftFormSchema = z
  .object({
    preset: z.enum(TOKEN_PRESETS),
    claims: z.string().refine(isJsonObject, CLAIMS_NOT_AN_OBJECT),
  })
  // What the preset cannot sign as typed (a name given twice, a number JSON cannot hold), in the
  // words main and `jwt sign --claims` refuse it with.
  .superRefine(({ preset, claims }, context) => {
    if (!isJsonObject(claims)) return;
    const read = readClaimsText(claims, preset);
    if (!read.ok) context.addIssue({ code: 'custom', path: ['claims'], message: read.problem });
  });
type CraftForm = z.infer<typeof craftFormSchema>;

/** Whole minutes, or the signing profile's own lifetime (the box left empty). */
type Lifetime = number | 'profile';
const LIFETIME_LABEL = 'Lifetime (minutes)';
// The range main checks (the CLI's --ttl limit, a week), from the schema that checks it.
const LIFETIME_RANGE = rangeOfSchema(signedLifetimeMinutesSchema);
const readLifetime = (text: string) =>
  readWholeNumberOrEmpty(text, LIFETIME_RANGE, {
    means: 'profile' as const,
    for: "for the signing profile's lifetime",
  });
const showLifetime = (lifetime: Lifetime) => (lifetime === 'profile' ? '' : String(lifetime));

const INPUT_WORDS: Record<keyof CraftInputs, string> = {
  preset: 'the preset',
  claims: 'the claims',
  signer: 'what it is signed with',
  lifetime: 'the lifetime',
};

/** `the preset and the lifetime`: the inputs that differ from those a token was signed from. */
function changedInputs(signed: CraftInputs, now: CraftInputs, secretChanged: boolean): string | null {
  const changed = (Object.keys(INPUT_WORDS) as (keyof CraftInputs)[])
    .filter((name) => signed[name] !== now[name] || (name === 'signer' && secretChanged))
    .map((name) => INPUT_WORDS[name]);
  if (changed.length === 0) return null;
  const last = changed.pop() ?? '';
  return changed.length === 0 ? last : `${changed.join(', ')} and ${last}`;
}

/**
 * Claims as the preset signs them: "Exactly as written" the text itself (a space is a change);
 * the others as they parse (a layout change is no change), or as typed while they do not.
 */
const claimsAsSigned = (claims: string, preset: TokenPreset) =>
  preset !== 'exact' && isJsonObject(claims) ? JSON.stringify(JSON.parse(claims)) : claims;

const PRESET_OPTIONS = TOKEN_PRESETS.map((preset) => ({
  value: preset,
  label: TOKEN_PRESET_INFO[preset].label,
}));

/** Sign tokens for negative tests: a claims editor, a signer, a lifetime and presets. */
export function CraftPanel({ onInspect }: { onInspect: (token: string) => void }) {
  const { control, handleSubmit, formState, trigger, setError } = useForm<CraftForm>({
    resolver: zodResolver(craftFormSchema),
    defaultValues: { preset: 'valid', claims: '{}' },
    ...JUDGED_AS_TYPED,
  });
  const [choice, setChoice] = useState<SecretChoice>('active');
  const [secret, setSecret] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // The box keeps what is typed (0 was clamped to 1 as Sign was clicked, and nothing signed);
  // Sign waits while it stands for no lifetime.
  const [lifetime, setLifetime] = useState<Lifetime>('profile');
  const lifetimeText = useTypedText(lifetime, showLifetime, readLifetime);
  const { profiles, activeProfileId } = useProfilesStore(
    useShallow((state) => ({ profiles: state.profiles, activeProfileId: state.activeProfileId })),
  );
  // The pasted secret a token was signed with, compared here (never kept in the store).
  const [signedSecret, setSignedSecret] = useState<string | null>(null);
  const { crafted, craftedFrom, signJwt } = useJwtStore(
    useShallow((state) => ({ crafted: state.crafted, craftedFrom: state.craftedFrom, signJwt: state.sign })),
  );
  const [preset, claims] = useWatch({ control, name: ['preset', 'claims'] });
  // A profile without a notification token has no key to sign with: Sign waits, saying why in
  // the window's words (main refuses it with the same), for the presets that need the key.
  const signingProfile =
    choice === 'secret'
      ? undefined
      : profiles.find((profile) =>
          choice === 'active' ? profile.id === activeProfileId : `profile:${profile.id}` === choice,
        );
  const noToken =
    signingProfile !== undefined && !signingProfile.notificationToken.isSet && signsWithTheSecret(preset)
      ? tokenNotSetInWindow(signingProfile.name)
      : null;
  const held = boxesToCorrect([[LIFETIME_LABEL, lifetimeText.problem]]) ?? noToken;
  const inputs: CraftInputs = {
    preset,
    claims: claimsAsSigned(claims, preset),
    signer: choice,
    lifetime: lifetimeText.problem === null ? showLifetime(lifetime) : lifetimeText.text,
  };
  // A token shown under a form that asks for another: copied, it would not be what the form says.
  const changed =
    crafted === null || craftedFrom === null
      ? null
      : changedInputs(craftedFrom, inputs, choice === 'secret' && secret !== signedSecret);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const signer = toSecretSource(choice, secret);
    if (signer === null) {
      setFailure('Paste the secret to sign with, or choose a profile.');
      return;
    }
    try {
      // Kept in the store: a replay reads it with selectCraftedToken.
      await signJwt(
        {
          signer,
          preset: values.preset,
          // As typed: "Exactly as written" signs this text itself, byte for byte.
          claimsText: values.claims,
          ...(lifetime === 'profile' ? {} : { lifetimeMinutes: lifetime }),
        },
        { ...inputs, preset: values.preset, claims: claimsAsSigned(values.claims, values.preset) },
      );
      setSignedSecret(choice === 'secret' ? secret : null);
    } catch (error) {
      // Main's refusal of the claims (the token would verify otherwise than the preset says) is
      // said under the Claims box, as the form's own refusals are, not as "claimsText: …".
      const atClaims =
        error instanceof BridgeError ? error.issues.find((issue) => issue.path === 'claimsText') : undefined;
      if (atClaims !== undefined) setError('claims', { type: 'validate', message: atClaims.message });
      else setFailure(errorMessage(error));
    }
  });
  const sign = (event: FormEvent) => {
    if (held === null) void submit(event);
    // Held: the box says what is wrong, the button why it waits; Enter in a box does no more.
    else event.preventDefault();
  };

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
            onChange={(value) => {
              field.onChange(value ?? 'valid');
              // Whether the claims can be signed as typed depends on the preset.
              void trigger('claims');
            }}
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
            // Never formatOnBlur: it wrote the text again from what JSON.parse read, so a name
            // given twice or 12345678901234567890 changed under the user's eyes.
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
      <TypedTextInput
        label={LIFETIME_LABEL}
        description={`Empty: the signing profile's token lifetime (15 minutes for a pasted secret). At most ${formatCount(LIFETIME_RANGE.max)} (a week), as jwt sign --ttl.`}
        inputMode="numeric"
        field={lifetimeText}
        onValue={setLifetime}
      />
      <Group>
        <UnavailableWithReason reason={held}>
          <Button type="submit" loading={formState.isSubmitting} {...blockedButton(held)}>
            Sign token
          </Button>
        </UnavailableWithReason>
        {noToken !== null && (
          <Text size="sm" c="dimmed" data-testid="craft-no-token">
            {noToken}
          </Text>
        )}
      </Group>
      {failure !== null && <Alert color="red">{failure}</Alert>}
      {crafted !== null && (
        <Stack gap="xs" data-testid="crafted-token" data-stale={changed === null ? undefined : true}>
          {changed !== null && (
            <Alert color="orange" p="xs" data-testid="crafted-token-stale">
              Not what the form now asks for: {changed} changed since this token was signed. Sign token again
              for one that is.
            </Alert>
          )}
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
