import { memo, useMemo, type ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { FormField } from '@shared/checkout';
import { getIn, setIn } from '@shared/builder/document-edit';
import { FieldInput } from './field-input';
import { concretePath, findingPath } from './form-paths';
import { MoneyInput } from './money-input';
import { editDocument } from './use-document';
import { useFormDocument } from './form-document';

/** One leaf field: Money as amount + currency, everything else by its kind. */
export function AnyField({ field, index }: { field: FormField; index?: number }) {
  const path = concretePath(field.path, index);
  if (field.kind === 'money') return <MoneyInput field={field} path={path} />;
  return <FieldInput field={field} path={path} />;
}

/** Leaf fields in a grid (objects and arrays are laid out by their own blocks). */
export const FieldGrid = memo(function FieldGrid({
  fields,
  index,
}: {
  fields: readonly FormField[];
  index?: number;
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="xs">
      {fields.map((field) => (
        <AnyField key={field.path} field={field} index={index} />
      ))}
    </SimpleGrid>
  );
});

/** What an object field holds, as far as its block cares: absent, an object, or something else. */
type Presence = 'absent' | 'object' | 'other';
const presenceOf = (value: unknown): Presence =>
  value === undefined ? 'absent' : typeof value === 'object' ? 'object' : 'other';

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
export const ObjectBlock = memo(function ObjectBlock({
  object,
  fields,
  extra,
}: {
  object: FormField;
  fields: readonly FormField[];
  extra?: ReactNode;
}) {
  const path = concretePath(object.path);
  // Only whether the object is there re-renders the block; its fields follow their own values.
  const presence = useFormDocument((state) => presenceOf(getIn(state.document, path)));
  const foreign = useFormDocument((state) =>
    presence === 'other' ? JSON.stringify(getIn(state.document, path)) : null,
  );
  const present = presence !== 'absent';
  const children = useMemo(() => childrenOf(object, fields), [object, fields]);
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
            editDocument((current) => setIn(current, path, on ? {} : undefined));
          }}
        />
        {foreign !== null && (
          <Text size="xs" c="orange">
            Holds {foreign}, not an object: edit it in the raw JSON, or switch it off.
          </Text>
        )}
        {present && <FieldGrid fields={children} />}
        {present && extra}
      </Stack>
    </Paper>
  );
});
