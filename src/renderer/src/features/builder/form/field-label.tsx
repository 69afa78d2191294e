import type { ReactNode } from 'react';
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

/**
 * A box's props that make its field's ⓘ text its accessible description, read when the box gets
 * the focus: the ⓘ itself is decoration a pointer opens, out of the keyboard's reach (a tab stop
 * per label would double the form's). Mantine writes aria-describedby only from its own
 * description (it replaces one passed in), so the help goes there, drawn for no one; `note`, a
 * description to show under the box, stays shown, the help after it.
 */
export function helpDescription(
  field: FormField,
  note?: string,
): {
  description: ReactNode;
  descriptionProps?: { className: string | undefined };
  classNames?: { wrapper: string | undefined };
} {
  const help = fieldHelp(field);
  if (note === undefined)
    return help === ''
      ? { description: undefined }
      : {
          description: help,
          descriptionProps: { className: classes.forReaders },
          // Mantine moves a box with a description down a few pixels, out of line with its row.
          classNames: { wrapper: classes.unmoved },
        };
  return {
    description: (
      <>
        {note}
        {help !== '' && <span className={classes.forReaders}> {help}</span>}
      </>
    ),
  };
}

/** The same help, drawn for no one, for a control that is no Mantine input to name it with aria-describedby. */
export function FieldHelpForReaders({ field, id }: { field: FormField; id: string }) {
  return (
    <span id={id} className={classes.forReaders}>
      {fieldHelp(field)}
    </span>
  );
}
