import { Group, Input } from '@mantine/core';
import { memo, useMemo } from 'react';
import { CURRENCIES, type FormField } from '@shared/checkout';
import { FieldInput } from './field-input';
import { FieldLabel } from './field-label';
import { fieldName, findingPath, type Segments } from './form-paths';
import { useMoneyMessage } from './use-document';

interface MoneyInputProps {
  field: FormField;
  path: Segments;
  hideLabel?: boolean;
  label?: string;
}

/**
 * A Money: amount and currency side by side. Findings about the Money as a whole (a total that
 * does not add up, a currency that differs from the order's) show under both.
 */
export const MoneyInput = memo(
  function MoneyInput({ field, path, hideLabel, label }: MoneyInputProps) {
    const at = findingPath(path);
    const shown = useMoneyMessage(at);
    const name = label ?? field.label;
    const amountField = useAmountField(field, name);
    return (
      <Input.Wrapper
        label={hideLabel === true ? undefined : <FieldLabel field={field} label={name} />}
        error={shown?.message}
        styles={
          shown?.severity === 'warning' ? { error: { color: 'var(--mantine-color-orange-7)' } } : undefined
        }
        data-path={at}
      >
        <Group gap={6} wrap="nowrap" align="flex-start">
          <div style={{ flex: 1, minWidth: 80 }}>
            <FieldInput field={amountField} path={[...path, 'amount']} kind="amount" hideLabel />
          </div>
          <div style={{ width: 96 }}>
            <MoneyCurrencyInput field={field} name={name} path={path} />
          </div>
        </Group>
      </Input.Wrapper>
    );
  },
  (a, b) =>
    a.field === b.field &&
    fieldName(a.path) === fieldName(b.path) &&
    a.hideLabel === b.hideLabel &&
    a.label === b.label,
);

/** A Money's amount as a field of its own: a number, named after the Money. */
export function useAmountField(field: FormField, name: string): FormField {
  return useMemo<FormField>(() => ({ ...field, label: name, kind: 'number' }), [field, name]);
}

/** A Money's currency, offered from the field's currencies (or every one). */
export function MoneyCurrencyInput({
  field,
  name,
  path,
}: {
  field: FormField;
  name: string;
  path: Segments;
}) {
  const currencyField = useMemo<FormField>(
    () => ({ ...field, label: `${name} currency`, kind: 'enum' }),
    [field, name],
  );
  return (
    <FieldInput
      field={currencyField}
      path={[...path, 'currency']}
      values={field.currencies ?? CURRENCIES}
      hideLabel
    />
  );
}
