import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { FormField } from '../../../../../shared/checkout';
import { getIn, setIn } from '../../../../../shared/builder/document-edit';
import { useBuilderForm } from './builder-form-context';
import { FieldInput } from './field-input';
import { concretePath, findingPath } from './form-paths';
import { MoneyInput } from './money-input';

/** One leaf field: Money as amount + currency, everything else by its kind. */
export function AnyField({ field, index }: { field: FormField; index?: number }) {
  const path = concretePath(field.path, index);
  if (field.kind === 'money') return <MoneyInput field={field} path={path} />;
  return <FieldInput field={field} path={path} />;
}

/** Leaf fields in a grid (objects and arrays are laid out by their own blocks). */
export function FieldGrid({ fields, index }: { fields: readonly FormField[]; index?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="xs">
      {fields.map((field) => (
        <AnyField key={field.path} field={field} index={index} />
      ))}
    </SimpleGrid>
  );
}

/** The fields directly under an object field (`discount` → `discount.name`, `discount.amount`). */
export function childrenOf(object: FormField, fields: readonly FormField[]): FormField[] {
  const prefix = `${object.path}.`;
  return fields.filter(
    (field) =>
      field.path.startsWith(prefix) &&
      !field.path.slice(prefix.length).includes('.') &&
      field.kind !== 'object' &&
      field.kind !== 'array',
  );
}

/**
 * An object of the request. Required ones are always shown (typing creates them); optional ones
 * are switched on and off, which adds `{}` or removes the key, so leaving one out is one click.
 */
export function ObjectBlock({
  object,
  fields,
  extra,
}: {
  object: FormField;
  fields: readonly FormField[];
  extra?: ReactNode;
}) {
  const { document, edit } = useBuilderForm();
  const path = concretePath(object.path);
  const value = getIn(document, path);
  const present = value !== undefined;
  const children = childrenOf(object, fields);
  if (object.required)
    return (
      <Stack gap="xs" data-path={findingPath(path)}>
        <FieldGrid fields={children} />
        {extra}
      </Stack>
    );
  return (
    <Paper withBorder p="sm" radius="sm" data-path={findingPath(path)}>
      <Stack gap="xs">
        <Switch
          label={`Include ${object.label.toLowerCase()}`}
          description={object.formHelp}
          checked={present}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            edit((current) => setIn(current, path, on ? {} : undefined));
          }}
        />
        {present && typeof value !== 'object' && (
          <Text size="xs" c="orange">
            Holds {JSON.stringify(value)}, not an object: edit it in the raw JSON, or switch it off.
          </Text>
        )}
        {present && <FieldGrid fields={children} />}
        {present && extra}
      </Stack>
    </Paper>
  );
}
