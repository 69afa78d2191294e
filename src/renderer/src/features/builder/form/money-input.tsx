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
    const amountField = useMemo<FormField>(() => ({ ...field, label: name, kind: 'number' }), [field, name]);
    const currencyField = useMemo<FormField>(
      () => ({ ...field, label: `${name} currency`, kind: 'enum' }),
      [field, name],
    );
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
            <FieldInput
              field={currencyField}
              path={[...path, 'currency']}
              values={field.currencies ?? CURRENCIES}
              hideLabel
            />
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
