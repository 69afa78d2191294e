import { memo, useMemo, type ReactNode } from 'react';
import { Code, Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { FormField } from '@shared/checkout';
import { isPlainObject } from '@shared/checkout/findings';
import { confirmAction } from '@ui/confirm-dialog';
import { getIn, setIn } from '@shared/builder/document-edit';
import { FieldInput } from './field-input';
import { concretePath, findingPath, type Segments } from './form-paths';
import { useBuilderStore } from '../builder-store';
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

/** How much of a dropped object the question quotes: enough to recognise it. */
const QUOTED = 160;

/**
 * An optional object switched off: removed at once when it holds nothing, else only after the
 * console's one confirmation says what goes (its fields were deleted without a word, and switching
 * it on again gave `{}`; Ctrl+Z in a field does not reach an edit made by a switch).
 */
async function switchOff(path: Segments, label: string): Promise<void> {
  const value = getIn(useBuilderStore.getState().document, path);
  const empty = value === undefined || (isPlainObject(value) && Object.keys(value).length === 0);
  if (!empty) {
    const written = JSON.stringify(value) ?? String(value);
    const quoted = written.length > QUOTED ? `${written.slice(0, QUOTED)}…` : written;
    const name = label.toLowerCase();
    const confirmed = await confirmAction({
      title: `Remove the ${name}?`,
      children: (
        <Text size="sm">
          {findingPath(path)} holds <Code>{quoted}</Code>. Switching it off removes it from the request;
          switching it on again starts it empty.
        </Text>
      ),
      confirmLabel: `Remove ${name}`,
      cancelLabel: 'Keep it',
      color: 'orange',
    });
    if (!confirmed) return;
  }
  editDocument((current) => setIn(current, path, undefined));
}

/**
 * An object of the request. Required ones are always shown (typing creates them); optional ones
 * are switched on and off, which adds `{}` or removes the key, so leaving one out is one click
 * (one more, a confirmation, when it holds something).
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
            if (event.currentTarget.checked) editDocument((current) => setIn(current, path, {}));
            else void switchOff(path, object.label);
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
