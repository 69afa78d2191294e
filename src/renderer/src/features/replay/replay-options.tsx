import { Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { TOKEN_PRESET_INFO, TOKEN_PRESETS, type TokenPreset } from '@shared/jwt/token-presets';
import { REPLAY_TOKEN_MODES, replayRequestSchema, type ReplayTokenMode } from '@shared/replay';
import { ChoiceControl, type Choice } from '@ui/choice-control';
import { TypedTextInput } from '@ui/typed-text-input';
import { useWholeNumberText, type TypedText } from '@ui/use-typed-text';
import { rangeOfSchema } from '@ui/whole-number-text';
import { useReplayForm, type SequenceOrder, type TargetKind } from './replay-form-state';

const TOKEN_LABEL: Record<ReplayTokenMode, string> = {
  original: 'Original',
  resign: 'Re-signed',
  none: 'None',
  preset: 'Crafted preset',
};
const TOKEN_MODE_CHOICES: readonly Choice<ReplayTokenMode>[] = REPLAY_TOKEN_MODES.map((mode) => ({
  value: mode,
  label: TOKEN_LABEL[mode],
}));
const TARGET_CHOICES: readonly Choice<TargetKind>[] = [
  // Short: "This console's listener" filled its third of the control edge to edge at 1280 (t74).
  { value: 'listener', label: "Console's listener" },
  { value: 'forward', label: 'Forward-to URL' },
  { value: 'url', label: 'Any URL' },
];
const ORDER_CHOICES: readonly Choice<SequenceOrder>[] = [
  { value: 'original', label: 'In order' },
  { value: 'reversed', label: 'Reversed' },
  { value: 'shuffled', label: 'Shuffled' },
];
// The ranges main checks, from the schema that checks them.
const { shape } = replayRequestSchema;
const RANGE = {
  repeat: rangeOfSchema(shape.repeat.unwrap()),
  concurrency: rangeOfSchema(shape.concurrency.unwrap()),
  delayMs: rangeOfSchema(shape.delayMs.unwrap()),
};
const isPreset = (value: string | null): value is TokenPreset =>
  value !== null && (TOKEN_PRESETS as readonly string[]).includes(value);

/**
 * The number boxes keep what was typed; Replay waits while one reads as no number (the last
 * number would be sent, not the one shown).
 */
export function useReplayNumberBoxes(): {
  repeat: TypedText<number>;
  concurrency: TypedText<number>;
  delay: TypedText<number>;
} {
  const repeat = useReplayForm((form) => form.repeat);
  const concurrency = useReplayForm((form) => form.concurrency);
  const delayMs = useReplayForm((form) => form.delayMs);
  return {
    repeat: useWholeNumberText(repeat, RANGE.repeat),
    concurrency: useWholeNumberText(concurrency, RANGE.concurrency),
    delay: useWholeNumberText(delayMs, RANGE.delayMs),
  };
}

/** Where a replay goes, with which token, in which sequence: the Replay view's options. */
export function ReplayOptions({
  urlProblem,
  repeat,
  concurrency,
  delay,
}: {
  /** What is wrong with the Any URL box, said under it. */
  urlProblem: string | null;
  repeat: TypedText<number>;
  concurrency: TypedText<number>;
  delay: TypedText<number>;
}) {
  const form = useReplayForm();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Send to
        </Text>
        <ChoiceControl
          aria-label="Target"
          data={TARGET_CHOICES}
          value={form.target}
          onChange={(value) => form.set({ target: value })}
        />
        {form.target === 'url' && (
          <TextInput
            label="URL"
            placeholder="http://127.0.0.1:3000/webhooks"
            value={form.url}
            error={urlProblem}
            onChange={(event) => form.set({ url: event.currentTarget.value })}
          />
        )}
        <Text size="sm" fw={600} mt="xs">
          Token
        </Text>
        <ChoiceControl
          aria-label="Token mode"
          data={TOKEN_MODE_CHOICES}
          value={form.tokenMode}
          onChange={(value) => form.set({ tokenMode: value })}
        />
        <Text size="xs" c="dimmed">
          {form.tokenMode === 'original'
            ? 'The exact token it arrived with (a stale one tests how the merchant handles it).'
            : form.tokenMode === 'resign'
              ? "Its claims with a fresh iat and exp, signed with the active profile's notification token."
              : form.tokenMode === 'none'
                ? 'No token in the query nor in the Authorization header.'
                : 'A token crafted as in the JWT inspector, signed by the active profile.'}
        </Text>
        {form.tokenMode === 'preset' && (
          <Select
            label="Preset"
            data={TOKEN_PRESETS.map((preset) => ({
              value: preset,
              label: TOKEN_PRESET_INFO[preset].label,
            }))}
            value={form.preset}
            onChange={(value) => isPreset(value) && form.set({ preset: value })}
            allowDeselect={false}
          />
        )}
      </Stack>
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Sequence
        </Text>
        <ChoiceControl
          aria-label="Order"
          data={ORDER_CHOICES}
          value={form.order}
          onChange={(value) => form.set({ order: value })}
        />
        {/* Top-aligned: a box's problem under it must not move the others. */}
        <Group grow align="flex-start">
          <TypedTextInput
            label="Repeat"
            inputMode="numeric"
            field={repeat}
            onValue={(value) => form.set({ repeat: value })}
          />
          <TypedTextInput
            label="At once"
            inputMode="numeric"
            field={concurrency}
            onValue={(value) => form.set({ concurrency: value })}
          />
          <TypedTextInput
            label="Delay (ms)"
            inputMode="numeric"
            field={delay}
            onValue={(value) => form.set({ delayMs: value })}
          />
        </Group>
      </Stack>
    </SimpleGrid>
  );
}
