import { memo, useId } from 'react';
import type { FormField } from '@shared/checkout';
import { useBuilderStore } from '../builder-store';
import {
  FieldInput,
  LINE_BREAK_NOTE,
  MONO_KINDS,
  sameProps,
  textHints,
  useFieldText,
  type TextKind,
} from './field-input';
import { findingPath, type Segments } from './form-paths';
import classes from './item-row.module.css';
import { setField, useDocumentValue, useFieldMessage, useNumberSource } from './use-document';

interface PlainCellInputProps {
  field: FormField;
  path: Segments;
  /** The accessible name (the column header says it to the eye): "SKU of item 3". */
  label: string;
  kind?: TextKind;
}

/**
 * One text cell of the items table as a native input: the same value, typing, findings and
 * touched state as FieldInput, without a Mantine input's wrapper, styles and context per
 * cell (a few of them per row, and the rows of a new document are drawn in one go). A field
 * with choices is still FieldInput: its list is worth the cost.
 */
export const PlainCellInput = memo(function PlainCellInput({
  field,
  path,
  label,
  kind,
}: PlainCellInputProps) {
  const effectiveKind = kind ?? field.kind;
  if (field.values !== undefined || field.suggestions !== undefined)
    return <FieldInput field={field} path={path} label={label} hideLabel kind={kind} />;
  return <PlainTextCell path={path} label={label} kind={effectiveKind} />;
}, sameProps);

function PlainTextCell({ path, label, kind }: { path: Segments; label: string; kind: TextKind }) {
  const value = useDocumentValue(path);
  const source = useNumberSource(path, value);
  const shown = useFieldMessage(path);
  const at = findingPath(path);
  const messageId = useId();
  const noteId = useId();
  const [text, change, lineBreak, settle] = useFieldText(
    kind,
    value,
    (next, typed) => setField(path, next, typed),
    source,
  );
  const describedBy = [lineBreak ? noteId : null, shown === null ? null : messageId].filter(
    (id) => id !== null,
  );
  return (
    <>
      <input
        className={classes.input}
        aria-label={label}
        aria-invalid={shown?.severity === 'error' ? true : undefined}
        aria-describedby={describedBy.length === 0 ? undefined : describedBy.join(' ')}
        data-path={at}
        data-mono={MONO_KINDS.has(kind) ? '' : undefined}
        data-severity={shown?.severity}
        value={text}
        readOnly={lineBreak}
        {...textHints(kind)}
        onChange={(event) => change(event.currentTarget.value)}
        onBlur={() => {
          settle();
          useBuilderStore.getState().touch(at);
        }}
      />
      {lineBreak && (
        <div id={noteId} className={classes.note}>
          {LINE_BREAK_NOTE}
        </div>
      )}
      {shown !== null && (
        <div id={messageId} className={classes.message} data-severity={shown.severity}>
          {shown.message}
        </div>
      )}
    </>
  );
}
