import { Autocomplete, Checkbox, Group, Stack, Text, TextInput, type OptionsFilter } from '@mantine/core';
import { memo, useId, useState, type ReactNode } from 'react';
import type { FieldKind, FormField } from '@shared/checkout';
import { shownFieldText, typeFieldText, type FieldEdit } from '@shared/builder/field-text';
import { ChoiceControl, type Choice } from '@ui/choice-control';
import { monoInput } from '@ui/mono-input';
import { useBuilderStore } from '../builder-store';
import { FieldHelpForReaders, FieldLabel, helpDescription } from './field-label';
import { fieldName, findingPath, type Segments } from './form-paths';
import { setField, useDocumentValue, useFieldMessage, useNumberSource } from './use-document';

export type TextKind = FieldKind | 'amount';

/**
 * An input's text and what typing in it does (shownFieldText, typeFieldText). The third item
 * is true when the value holds a line break: the box shows it escaped, is read-only, and says
 * where to edit it (LINE_BREAK_NOTE). The fourth ends the edit when the box is left.
 */
export function useFieldText(
  kind: TextKind,
  value: unknown,
  onChange: (value: unknown, typed: string) => void,
  source?: string,
) {
  const [edit, setEdit] = useState<FieldEdit | null>(null);
  const shown = shownFieldText(kind, edit, value, source);
  const change = (next: string) => {
    const typed = typeFieldText(kind, edit, value, next, source);
    if (typed === null) return;
    setEdit(typed.edit);
    onChange(typed.value, next);
  };
  // Left, a number shows as the raw JSON writes it: while typing, "0012", " 12 " or "12." stay as
  // typed, though the request holds 12. Text keeps its edit, whose start decides whether a Money
  // amount is a string or a number (a typo's "2.14x" left and mended is a number again).
  const settle = () => {
    if (typeof value === 'number') setEdit(null);
  };
  return [shown.text, change, shown.lineBreak, settle] as const;
}

/** Said under a box whose value holds a line break, which a one-line box cannot show or keep. */
export const LINE_BREAK_NOTE = 'Holds a line break, which this box cannot keep: edit it in the raw JSON.';

export interface FieldInputProps {
  field: FormField;
  path: Segments;
  /** Shown instead of the field's own label (table cells use the column header). */
  label?: string;
  hideLabel?: boolean;
  disabled?: boolean;
  /** Money amounts: the text keeps the number-or-string spelling the amount had before the edit began. */
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
    return <NullableDateInput {...common} field={field} value={value} onChange={onChange} />;
  const options = values ?? field.values ?? field.suggestions;
  if (options !== undefined)
    return <ChoiceInput {...common} field={field} value={value} onChange={onChange} options={options} />;
  return (
    <TextField
      {...common}
      field={field}
      kind={effectiveKind}
      value={value}
      source={source}
      onChange={onChange}
    />
  );
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
  field,
  kind,
  value,
  source,
  onChange,
  ...common
}: CommonProps & {
  field: FormField;
  kind: TextKind;
  value: unknown;
  source: string | undefined;
  onChange: (value: unknown, typed?: string) => void;
}) {
  const [text, change, lineBreak, settle] = useFieldText(kind, value, onChange, source);
  return (
    <TextInput
      {...common}
      onBlur={() => {
        settle();
        common.onBlur();
      }}
      {...(MONO_KINDS.has(kind) ? monoInput : {})}
      styles={{ ...(MONO_KINDS.has(kind) ? monoInput.styles : {}), ...common.styles }}
      value={text}
      readOnly={lineBreak}
      {...helpDescription(field, lineBreak ? LINE_BREAK_NOTE : undefined)}
      {...textHints(kind)}
      onChange={(event) => change(event.currentTarget.value)}
    />
  );
}

/** Every option while the text is what the field opened with; typing narrows them. */
const showAll: OptionsFilter = ({ options }) => options;

function ChoiceInput({
  field,
  value,
  onChange,
  options,
  ...common
}: CommonProps & {
  field: FormField;
  value: unknown;
  onChange: (value: unknown) => void;
  options: readonly string[];
}) {
  const [text, change, lineBreak] = useFieldText('string', value, onChange);
  // A filled field opened again should offer the other choices, not only its own value.
  const [narrowing, setNarrowing] = useState(false);
  return (
    <Autocomplete
      {...common}
      value={text}
      readOnly={lineBreak}
      {...helpDescription(field, lineBreak ? LINE_BREAK_NOTE : undefined)}
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

const BOOLEAN_CHOICES: readonly Choice<'unset' | 'true' | 'false'>[] = [
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
  const helpId = useId();
  return (
    <Stack gap={4} data-path={common['data-path']}>
      {common.label !== undefined && (
        <Text size="sm" fw={500} component="div">
          {common.label}
        </Text>
      )}
      <ChoiceControl
        size="xs"
        data={BOOLEAN_CHOICES}
        value={current}
        stopAtEnds
        disabled={common.disabled}
        aria-label={common['aria-label'] ?? field.label}
        aria-describedby={helpId}
        onChange={(choice) => onChange(choice === 'unset' ? undefined : choice === 'true')}
      />
      <FieldHelpForReaders field={field} id={helpId} />
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
  field,
  value,
  onChange,
  ...common
}: CommonProps & { field: FormField; value: unknown; onChange: (value: unknown) => void }) {
  const [text, change, lineBreak] = useFieldText('date', value === null ? undefined : value, onChange);
  const isNull = value === null;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        {...common}
        {...monoInput}
        styles={{ ...monoInput.styles, ...common.styles }}
        style={{ flex: 1 }}
        value={isNull ? 'null' : text}
        readOnly={lineBreak}
        {...helpDescription(field, lineBreak ? LINE_BREAK_NOTE : undefined)}
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
