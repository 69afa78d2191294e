import { SegmentedControl, Stack, Text } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { ENVIRONMENTS, type ProfileFields } from '@shared/profile';
import { ENVIRONMENT_LABEL } from '@ui/environment-style';
import { baseUrlAfterSwitch } from './environment-base-url';

/**
 * The Profiles form's Environment: switching it moves the base URL along (to the emulator's
 * address for Local, `emulatorUrl`) unless the URL is one the user typed; `flag` is the words of
 * a damaged stored environment, shown chosen by none until set.
 */
export function EnvironmentField({
  form,
  emulatorUrl,
  flag,
}: {
  form: UseFormReturn<ProfileFields>;
  emulatorUrl: string | null;
  flag: string | null;
}) {
  return (
    <Controller
      control={form.control}
      name="environment"
      render={({ field }) => (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Environment
          </Text>
          <SegmentedControl
            aria-label="Environment"
            // A damaged environment is read as live, a guess: shown chosen by none until set.
            value={flag === null ? field.value : ''}
            onChange={(value) => {
              const environment = ENVIRONMENTS.find((candidate) => candidate === value);
              if (environment === undefined) return;
              field.onChange(environment);
              // The base URL follows unless it is one the user typed (baseUrlAfterSwitch).
              const baseUrl = baseUrlAfterSwitch(form.getValues('baseUrl'), environment, emulatorUrl);
              if (baseUrl !== null)
                form.setValue('baseUrl', baseUrl, { shouldDirty: true, shouldValidate: true });
            }}
            data={ENVIRONMENTS.map((value) => ({ value, label: ENVIRONMENT_LABEL[value] }))}
            color={field.value === 'live' && flag === null ? 'red' : undefined}
          />
          {flag !== null && (
            <Text size="xs" c="red" data-testid="environment-damaged">
              {flag}
            </Text>
          )}
        </Stack>
      )}
    />
  );
}
