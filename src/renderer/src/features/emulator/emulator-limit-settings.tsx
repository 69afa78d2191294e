import { Input, NumberInput } from '@mantine/core';
import { formatBytesShort } from '@shared/byte-size';
import {
  DEFAULT_EMULATOR_SETTINGS,
  EMULATOR_BODY_LIMIT_RANGE,
  type DeliveredOnChoice,
  type EmulatorSettings,
} from '@shared/emulator';
import { ChoiceControl, type Choice } from '@ui/choice-control';

/** These fields, by the labels they are shown with (the form's save names a refused one so). */
export const LIMIT_LABELS = {
  requestBodyLimitBytes: 'Largest request body (bytes)',
  rateLimitPerSecond: 'Rate limit (requests a second)',
  deliveredOn: 'Counted as delivered',
} as const;

/** Which answer of the merchant's endpoint delivers a notification (not shown in the spec). */
const DELIVERED_ON_CHOICES: readonly Choice<DeliveredOnChoice>[] = [
  { label: 'Any 2xx', value: 'any_2xx' },
  { label: '200 only', value: 'only_200' },
];

type LimitFields = Pick<EmulatorSettings, 'requestBodyLimitBytes' | 'rateLimitPerSecond' | 'deliveredOn'>;

/**
 * The spec's "not shown" limits, as settings of "Settings: where the spec is open": the largest
 * request body (over it, 413), a rate limit (over it, 429 with Retry-After, to try a client's
 * handling of it) and which answer counts as a delivered notification. Each default is what the
 * emulator always did (docs/defaults.md); main's schema checks the ranges shown here.
 */
export function EmulatorLimitSettings({
  values,
  onChange,
}: {
  values: LimitFields;
  onChange: (patch: Partial<LimitFields>) => void;
}) {
  const defaults = DEFAULT_EMULATOR_SETTINGS;
  return (
    <>
      <NumberInput
        size="xs"
        label={LIMIT_LABELS.requestBodyLimitBytes}
        description={`Larger bodies get 413 request_too_large (not shown in the spec; default ${formatBytesShort(defaults.requestBodyLimitBytes)}, ${formatBytesShort(EMULATOR_BODY_LIMIT_RANGE.min)} to ${formatBytesShort(EMULATOR_BODY_LIMIT_RANGE.max)})`}
        min={EMULATOR_BODY_LIMIT_RANGE.min}
        max={EMULATOR_BODY_LIMIT_RANGE.max}
        allowDecimal={false}
        allowNegative={false}
        value={values.requestBodyLimitBytes}
        onChange={(value) => {
          if (typeof value === 'number') onChange({ requestBodyLimitBytes: value });
        }}
        w={240}
      />
      <NumberInput
        size="xs"
        label={LIMIT_LABELS.rateLimitPerSecond}
        description="Calls of the service's API in any second; over it, 429 rate_limited with Retry-After (the spec shows no rate limit nor the service's 429). Empty: none, the default"
        placeholder="none"
        min={1}
        max={10_000}
        allowDecimal={false}
        allowNegative={false}
        value={values.rateLimitPerSecond ?? ''}
        onChange={(value) => onChange({ rateLimitPerSecond: typeof value === 'number' ? value : null })}
        w={260}
      />
      <Input.Wrapper
        size="xs"
        label={LIMIT_LABELS.deliveredOn}
        description="The merchant endpoint's answer that ends a notification's retries (not shown in the spec); any other is tried again"
      >
        <ChoiceControl
          size="xs"
          aria-label={LIMIT_LABELS.deliveredOn}
          data={DELIVERED_ON_CHOICES}
          value={values.deliveredOn}
          onChange={(deliveredOn) => onChange({ deliveredOn })}
        />
      </Input.Wrapper>
    </>
  );
}
