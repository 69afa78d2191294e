import type { FormField } from '@shared/checkout';
import classes from './field-label.module.css';
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

/**
 * A field's label with the spec's words (and its limits) one hover away. Kept to two small
 * elements beside the text: the form has a label per field, and every element of it is laid
 * out, styled and walked again on each change.
 */
export function FieldLabel({ field, label }: { field: FormField; label?: string }) {
  const help = [field.formHelp, ...limitsOf(field)].join(' ');
  return (
    <>
      {label ?? field.label}
      <LazyTooltip label={help} multiline w={320} withArrow openDelay={250} className={classes.info}>
        i
      </LazyTooltip>
      {field.required && (
        <span className={classes.required} aria-hidden>
          *
        </span>
      )}
    </>
  );
}
