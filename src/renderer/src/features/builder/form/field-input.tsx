import {
  Autocomplete,
  Checkbox,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  type OptionsFilter,
} from '@mantine/core';
import { memo, useState, type ReactNode } from 'react';
import type { FieldKind, FormField } from '@shared/checkout';
import {
  formatFieldValue,
  parseFieldText,
  textMatchesValue,
  typedNumberText,
} from '@shared/builder/field-text';
import { monoInput } from '@ui/mono-input';
import { useBuilderStore } from '../builder-store';
import { FieldLabel } from './field-label';
import { fieldName, findingPath, type Segments } from './form-paths';
import { setField, useDocumentValue, useFieldMessage, useNumberSource } from './use-document';

export type TextKind = FieldKind | 'amount';

/**
 * The text an input shows: what was typed while it still stands for the value (so "12." or
 * "0.50" survive) and for the digits the raw JSON writes, otherwise the value as text (it
 * changed elsewhere: the raw editor, a helper), a number as `source`, the raw JSON's digits.
 */
export function useFieldText(
  kind: TextKind,
  value: unknown,
  onChange: (value: unknown, typed: string) => void,
  source?: string,
) {
  const [typed, setTyped] = useState<string | null>(null);
  const digits = typed === null ? undefined : typedNumberText(typed, value);
  const standsFor =
    typed !== null &&
    textMatchesValue(kind, typed, value) &&
    (source === undefined || digits === undefined || digits === source);
  const text = standsFor ? typed : (source ?? formatFieldValue(value));
  const change = (next: string) => {
    setTyped(next);
    onChange(parseFieldText(kind, next, value), next);
  };
  return [text, change] as const;
}

export interface FieldInputProps {
  field: FormField;
  path: Segments;
  /** Shown instead of the field's own label (table cells use the column header). */
  label?: string;
  hideLabel?: boolean;
  disabled?: boolean;
  /** Money amounts: the text keeps the number-or-string spelling already there. */
  kind?: TextKind;
  values?: readonly string[];
}

/** Props equal when the path reads the same: parents build path arrays afresh on every render. */
export function sameProps(a: FieldInputProps, b: FieldInputProps): boolean {
  return (
    a.field === b.field &&
    fieldName(a.path) === fieldName(b.path) &&
    a.label === b.label &&
    a.hideLabel === b.hideLabel &&
    a.disabled === b.disabled &&
    a.kind === b.kind &&
    a.values === b.values
  );
}

/**
 * One field of the checkout request, edited as its kind asks; nothing typed is ever refused. It
 * reads its own value and findings from the store, so typing re-renders this field alone.
 */
export const FieldInput = memo(function FieldInput({
  field,
  path,
  label,
  hideLabel,
  disabled,
  kind,
  values,
}: FieldInputProps) {
  const value = useDocumentValue(path);
  const source = useNumberSource(path, value);
  const shown = useFieldMessage(path);
  const at = findingPath(path);
  const onChange = (next: unknown, typed?: string) => setField(path, next, typed);
  const effectiveKind = kind ?? field.kind;
  const common = {
    label: hideLabel === true ? undefined : <FieldLabel field={field} label={label} />,
    'aria-label': hideLabel === true ? (label ?? field.label) : undefined,
    'data-path': at,
    disabled,
    error: shown?.message,
    styles: shown?.severity === 'warning' ? WARNING_STYLES : undefined,
    onBlur: () => useBuilderStore.getState().touch(at),
  };
  if (effectiveKind === 'boolean')
    return <BooleanInput {...common} value={value} onChange={onChange} field={field} />;
  if (effectiveKind === 'nullable-date')
    return <NullableDateInput {...common} value={value} onChange={onChange} />;
  const options = values ?? field.values ?? field.suggestions;
  if (options !== undefined)
    return <ChoiceInput {...common} value={value} onChange={onChange} options={options} />;
  return <TextField {...common} kind={effectiveKind} value={value} source={source} onChange={onChange} />;
}, sameProps);

/** Warnings are shown in orange where errors are red: they never block a send. */
const WARNING_STYLES = {
  error: { color: 'var(--mantine-color-orange-7)' },
  input: { borderColor: 'var(--mantine-color-orange-6)', color: 'inherit' },
} as const;

type CommonProps = {
  label: ReactNode;
  'aria-label': string | undefined;
  'data-path': string;
  disabled: boolean | undefined;
  error: string | undefined;
  styles: typeof WARNING_STYLES | undefined;
  onBlur: () => void;
};

/** Kinds typed in monospace: what is read character by character (URLs, dates, numbers). */
export const MONO_KINDS: ReadonlySet<TextKind> = new Set<TextKind>([
  'uri',
  'email',
  'date',
  'integer',
  'number',
  'amount',
]);

/** What a text input of this kind shows while empty, and the keyboard it asks for. */
export function textHints(kind: TextKind): { placeholder?: string; inputMode?: 'decimal' } {
  if (kind === 'date') return { placeholder: 'dd-mm-yyyy' };
  if (kind === 'uri') return { placeholder: 'https://' };
  if (kind === 'integer' || kind === 'number' || kind === 'amount') return { inputMode: 'decimal' };
  return {};
}

function TextField({
  kind,
  value,
  source,
  onChange,
  ...common
}: CommonProps & {
  kind: TextKind;
  value: unknown;
  source: string | undefined;
  onChange: (value: unknown, typed?: string) => void;
}) {
  const [text, change] = useFieldText(kind, value, onChange, source);
  return (
    <TextInput
      {...common}
      {...(MONO_KINDS.has(kind) ? monoInput : {})}
      styles={{ ...(MONO_KINDS.has(kind) ? monoInput.styles : {}), ...common.styles }}
      value={text}
      {...textHints(kind)}
      onChange={(event) => change(event.currentTarget.value)}
    />
  );
}

/** Every option while the text is what the field opened with; typing narrows them. */
const showAll: OptionsFilter = ({ options }) => options;

function ChoiceInput({
  value,
  onChange,
  options,
  ...common
}: CommonProps & { value: unknown; onChange: (value: unknown) => void; options: readonly string[] }) {
  const [text, change] = useFieldText('string', value, onChange);
  // A filled field opened again should offer the other choices, not only its own value.
  const [narrowing, setNarrowing] = useState(false);
  return (
    <Autocomplete
      {...common}
      value={text}
      data={[...options]}
      onChange={(next) => {
        setNarrowing(true);
        change(next);
      }}
      onFocus={() => setNarrowing(false)}
      {...(narrowing ? {} : { filter: showAll })}
      comboboxProps={{ withinPortal: true, keepMounted: false }}
    />
  );
}

const BOOLEAN_CHOICES = [
  { label: 'unset', value: 'unset' },
  { label: 'true', value: 'true' },
  { label: 'false', value: 'false' },
];

function BooleanInput({
  value,
  onChange,
  field,
  ...common
}: CommonProps & { value: unknown; onChange: (value: unknown) => void; field: FormField }) {
  const current = value === true ? 'true' : value === false ? 'false' : 'unset';
  const foreign = value !== undefined && typeof value !== 'boolean';
  return (
    <Stack gap={4} data-path={common['data-path']}>
      {common.label !== undefined && (
        <Text size="sm" fw={500} component="div">
          {common.label}
        </Text>
      )}
      <SegmentedControl
        size="xs"
        data={BOOLEAN_CHOICES}
        value={current}
        disabled={common.disabled}
        aria-label={common['aria-label'] ?? field.label}
        onChange={(choice) => onChange(choice === 'unset' ? undefined : choice === 'true')}
      />
      {foreign && (
        <Text size="xs" c="orange">
          Holds {JSON.stringify(value)} (not a boolean); pick one to replace it.
        </Text>
      )}
      {common.error !== undefined && (
        <Text size="xs" c={foreign ? 'orange' : 'red'}>
          {common.error}
        </Text>
      )}
    </Stack>
  );
}

function NullableDateInput({
  value,
  onChange,
  ...common
}: CommonProps & { value: unknown; onChange: (value: unknown) => void }) {
  const [text, change] = useFieldText('date', value === null ? undefined : value, onChange);
  const isNull = value === null;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        {...common}
        {...monoInput}
        styles={{ ...monoInput.styles, ...common.styles }}
        style={{ flex: 1 }}
        value={isNull ? 'null' : text}
        disabled={common.disabled === true || isNull}
        placeholder="dd-mm-yyyy"
        onChange={(event) => change(event.currentTarget.value)}
      />
      <Checkbox
        label="null"
        mb={common.error === undefined ? 8 : 28}
        checked={isNull}
        disabled={common.disabled}
        onChange={(event) => onChange(event.currentTarget.checked ? null : undefined)}
      />
    </Group>
  );
}
