import { monoInput } from '@ui/mono-input';
import { OPERATION_LABEL } from '@ui/order-format';
import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { HTTP_METHODS, OPERATION_NAMES, type ProfileFields } from '@shared/profile';

/** Method and path of each follow-up operation the spec names but does not describe. */
export function OperationsEditor({
  control,
  errors,
}: {
  control: Control<ProfileFields>;
  errors: FieldErrors<ProfileFields>;
}) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Follow-up operations
      </Text>
      <Text size="xs" c="dimmed">
        The spec does not show these; the defaults are the console&apos;s. <code>{'{order_id}'}</code> is
        replaced when sending.
      </Text>
      {OPERATION_NAMES.map((name) => (
        <Group key={name} gap="xs" align="flex-start" wrap="nowrap">
          <Text size="sm" w={150} pt={6}>
            {OPERATION_LABEL[name]}
          </Text>
          <Controller
            control={control}
            name={`operations.${name}.method`}
            render={({ field }) => (
              <Select
                aria-label={`${OPERATION_LABEL[name]} method`}
                data={[...HTTP_METHODS]}
                w={110}
                allowDeselect={false}
                value={field.value}
                onChange={(value) => field.onChange(value ?? field.value)}
              />
            )}
          />
          <Controller
            control={control}
            name={`operations.${name}.path`}
            render={({ field }) => (
              <TextInput
                aria-label={`${OPERATION_LABEL[name]} path`}
                style={{ flex: 1 }}
                {...monoInput}
                {...field}
                error={errors.operations?.[name]?.path?.message}
              />
            )}
          />
        </Group>
      ))}
    </Stack>
  );
}
