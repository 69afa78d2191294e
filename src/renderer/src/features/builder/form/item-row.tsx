import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconChevronRight,
  IconCopy,
  IconTrash,
} from '@tabler/icons-react';
import { memo, useId, type ReactNode } from 'react';
import { freshItemReferenceId, type FormField } from '@shared/checkout';
import { duplicateIndexIn, getIn, moveIndexIn, removeIndexIn, setIn } from '@shared/builder/document-edit';
import { FieldGrid } from './field-grid';
import { findingPath, type Segments } from './form-paths';
import classes from './item-row.module.css';
import { MoneyCurrencyInput, useAmountField } from './money-input';
import { PlainCellInput } from './plain-cell-input';
import { editDocument, useMoneyMessage } from './use-document';

export interface ItemRowProps {
  index: number;
  count: number;
  inline: readonly FormField[];
  more: readonly FormField[];
  open: boolean;
  onToggle: (index: number) => void;
}

/**
 * A copy of item `index` right after it, then given a reference_id of its own: the spec calls it
 * the merchant's unique item id, and a copy that kept it would be the repeat the findings warn
 * of. Two edits, so the copy first takes the item's text as it is (its digits, its layout).
 */
function duplicateItem(index: number): void {
  editDocument((current) => duplicateIndexIn(current, ['items'], index));
  const copied = ['items', index + 1, 'reference_id'];
  editDocument((current) =>
    getIn(current, copied) === undefined ? current : setIn(current, copied, freshItemReferenceId()),
  );
}

/**
 * One row of the items table: its inline fields, the buttons that move, copy and remove it, and
 * under it, when opened, every other field of the item. Plain elements (item-row.module.css)
 * but for the currency's list and the opened fields: a large document draws a screenful of
 * rows at once, and as Mantine components each row cost as much as a section of the form.
 */
export const ItemRow = memo(function ItemRow({ index, count, inline, more, open, onToggle }: ItemRowProps) {
  const label = `item ${index + 1}`;
  const move = (to: number) => editDocument((current) => moveIndexIn(current, ['items'], index, to));
  return (
    <>
      <tr data-testid={`item-row-${index}`}>
        <td className={classes.cell}>
          <div className={classes.lead}>
            <button
              type="button"
              className={`${classes.action} ${classes.toggle}`}
              onClick={() => onToggle(index)}
              aria-label={`${open ? 'Hide' : 'Show'} all fields of ${label}`}
              aria-expanded={open}
            >
              {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            </button>
            <span className={classes.index}>{index + 1}</span>
          </div>
        </td>
        {inline.map((field) => {
          const path = ['items', index, field.path.slice('items[].'.length)];
          const name = `${field.label} of ${label}`;
          return (
            <td key={field.path} className={classes.cell}>
              {field.kind === 'money' ? (
                <MoneyCell field={field} path={path} label={name} />
              ) : (
                <PlainCellInput field={field} path={path} label={name} />
              )}
            </td>
          );
        })}
        <td className={classes.cell}>
          {/* Two by two, so every row keeps its buttons in view beside the fields at 1280 px. */}
          <div className={classes.actions}>
            <RowAction label={`Move ${label} up`} disabled={index === 0} onClick={() => move(index - 1)}>
              <IconArrowUp size={12} />
            </RowAction>
            <RowAction
              label={`Move ${label} down`}
              disabled={index === count - 1}
              onClick={() => move(index + 1)}
            >
              <IconArrowDown size={12} />
            </RowAction>
            <RowAction label={`Duplicate ${label}`} onClick={() => duplicateItem(index)}>
              <IconCopy size={12} />
            </RowAction>
            <RowAction
              label={`Remove ${label}`}
              color="red"
              onClick={() => editDocument((current) => removeIndexIn(current, ['items'], index))}
            >
              <IconTrash size={12} />
            </RowAction>
          </div>
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={inline.length + 2} className={classes.more}>
            <FieldGrid fields={more} index={index} />
          </td>
        </tr>
      )}
    </>
  );
});

/**
 * A row's Money: the amount as a plain input, the currency with its list (FieldInput), and
 * under both what is said about the Money as a whole (a total that does not add up).
 */
function MoneyCell({ field, path, label }: { field: FormField; path: Segments; label: string }) {
  const at = findingPath(path);
  const shown = useMoneyMessage(at);
  const messageId = useId();
  const amountField = useAmountField(field, label);
  return (
    <div data-path={at}>
      <div className={classes.money}>
        <div className={classes.amount}>
          <PlainCellInput field={amountField} path={[...path, 'amount']} label={label} kind="amount" />
        </div>
        <div className={classes.currency}>
          <MoneyCurrencyInput field={field} name={label} path={path} />
        </div>
      </div>
      {shown !== undefined && (
        <div id={messageId} className={classes.message} data-severity={shown.severity}>
          {shown.message}
        </div>
      )}
    </div>
  );
}

/** A subtle icon button; its name is its tooltip (a native one: nothing to set up per row). */
function RowAction({
  label,
  onClick,
  disabled,
  color,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  color?: 'red';
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={classes.action}
      data-color={color}
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
    >
      {children}
    </button>
  );
}
