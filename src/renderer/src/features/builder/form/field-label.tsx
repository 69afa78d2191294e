import { Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { FormField } from '../../../../../shared/checkout';
import { LazyTooltip } from './lazy-tooltip';

/** The limits a field has, in words, for its tooltip. */
function limitsOf(field: FormField): string[] {
  const limits: string[] = [];
  if (field.maxLength !== undefined) limits.push(`At most ${field.maxLength} characters.`);
  if (field.minimum !== undefined && field.maximum !== undefined)
    limits.push(`From ${field.minimum} to ${field.maximum}.`);
  else if (field.minimum !== undefined) limits.push(`At least ${field.minimum}.`);
  if (field.kind === 'date' || field.kind === 'nullable-date') limits.push('Written dd-mm-yyyy.');
  if (field.currencies !== undefined && field.kind === 'money')
    limits.push(`Currencies: ${field.currencies.join(', ')}.`);
  return limits;
}

/** A field's label with the spec's words (and its limits) one hover away. */
export function FieldLabel({ field, label }: { field: FormField; label?: string }) {
  const help = [field.formHelp, ...limitsOf(field)].join(' ');
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <span>{label ?? field.label}</span>
      <LazyTooltip label={help} multiline w={320} withArrow openDelay={250}>
        <IconInfoCircle size={13} style={{ opacity: 0.55 }} aria-hidden />
      </LazyTooltip>
      {field.required && (
        <Text span c="red" size="xs" aria-hidden>
          *
        </Text>
      )}
    </Group>
  );
}
