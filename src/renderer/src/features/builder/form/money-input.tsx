import { Group, Input } from '@mantine/core';
import { useController } from 'react-hook-form';
import { CURRENCIES, type FormField } from '../../../../../shared/checkout';
import { useBuilderForm } from './builder-form-context';
import { FieldInput } from './field-input';
import { FieldLabel } from './field-label';
import { fieldName, findingPath, type Segments } from './form-paths';

/**
 * A Money: amount and currency side by side. Findings about the Money as a whole (a total that
 * does not add up, a currency that differs from the order's) show under both.
 */
export function MoneyInput({
  field,
  path,
  hideLabel,
  label,
}: {
  field: FormField;
  path: Segments;
  hideLabel?: boolean;
  label?: string;
}) {
  const { fieldState } = useController({ name: fieldName(path) });
  const { findingsByPath } = useBuilderForm();
  const whole = findingsByPath.get(findingPath(path)) ?? [];
  const ownError =
    typeof fieldState.error?.message === 'string' ? fieldState.error.message : whole[0]?.message;
  const severity = fieldState.error !== undefined ? 'error' : whole[0]?.severity;
  const name = label ?? field.label;
  const amountField: FormField = { ...field, label: name, kind: 'number' };
  const currencyField: FormField = { ...field, label: `${name} currency`, kind: 'enum' };
  return (
    <Input.Wrapper
      label={hideLabel === true ? undefined : <FieldLabel field={field} label={name} />}
      error={ownError}
      styles={severity === 'warning' ? { error: { color: 'var(--mantine-color-orange-7)' } } : undefined}
      data-path={findingPath(path)}
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
}
