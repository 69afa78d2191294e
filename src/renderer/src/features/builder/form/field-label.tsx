import type { FormField } from '@shared/checkout';
import { fieldHelp } from './field-help';
import classes from './field-label.module.css';
import { LazyTooltip } from './lazy-tooltip';

/**
 * A field's label with the spec's words (and its limits) one hover away. Kept to two small
 * elements beside the text: the form has a label per field, and every element of it is laid
 * out, styled and walked again on each change.
 */
export function FieldLabel({ field, label }: { field: FormField; label?: string }) {
  const help = fieldHelp(field);
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
