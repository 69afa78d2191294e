import { formatCount } from '@shared/count-format';
import { Button, Group, Paper, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { currencyForNewMoney, DEFAULT_CURRENCY, type FormField } from '@shared/checkout';
import { appendIn, getIn } from '@shared/builder/document-edit';
import { useBuilderStore } from '../builder-store';
import { ItemRow } from './item-row';
import { editDocument, useFindingsAt } from './use-document';
import classes from '../builder.module.css';
import { VirtualItemRows } from './virtual-item-rows';
import { useFormDocument } from './form-document';

/** The columns every row shows; the other item fields open under the row. */
const INLINE = ['items[].name', 'items[].sku', 'items[].quantity', 'items[].total_amount'];
const ITEM_ROW = /^items\[(\d+)\]/;

/** A new row: the order's currency (currencyForNewMoney), quantity 1, the rest for the person to fill. */
function newItem(document: unknown, index: number): Record<string, unknown> {
  const currency = currencyForNewMoney(document, ['items', index, 'total_amount']) ?? DEFAULT_CURRENCY;
  return {
    reference_id: '',
    type: '',
    name: '',
    sku: '',
    quantity: 1,
    // No amount yet: what is typed first decides number (the usual) or string.
    total_amount: { currency },
  };
}

/** Above this many rows the table scrolls on its own and renders only the rows in view. */
export const VIRTUAL_ROWS_ABOVE = 50;

const itemCount = (items: unknown) => (Array.isArray(items) ? items.length : 0);

/** The items as an editable table: add, remove, duplicate and move rows; every field of a row one click away. */
export function ItemsTable({ fields }: { fields: readonly FormField[] }) {
  const count = useFormDocument((state) => itemCount(getIn(state.document, ['items'])));
  const foreign = useFormDocument((state) => {
    const items = getIn(state.document, ['items']);
    return items === undefined || Array.isArray(items) ? null : JSON.stringify(items).slice(0, 200);
  });
  const focusPath = useBuilderStore((state) => state.focus?.path ?? null);
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const { inline, more } = useMemo(() => {
    const itemFields = fields.filter((field) => field.path.startsWith('items[].'));
    return {
      inline: INLINE.flatMap((path) => itemFields.filter((field) => field.path === path)),
      more: itemFields.filter((field) => !INLINE.includes(field.path)),
    };
  }, [fields]);
  const warnings = useFindingsAt('items').filter((finding) => finding.severity === 'warning');
  // A finding clicked in a closed row opens it (derived, so closing it again works).
  const focusedRow = focusPath === null ? null : Number(ITEM_ROW.exec(focusPath)?.[1] ?? Number.NaN);
  const toggle = useCallback(
    (index: number) =>
      setOpened((current) => {
        const next = new Set(current);
        if (next.has(index)) next.delete(index);
        else next.add(index);
        return next;
      }),
    [],
  );
  const row = (index: number) => (
    <ItemRow
      // Rows have no identity but their place; inputs keep their text through moves because
      // they derive it from the value.
      key={index}
      index={index}
      count={count}
      inline={inline}
      more={more}
      open={opened.has(index) || focusedRow === index}
      onToggle={toggle}
    />
  );
  const header = (
    <Table.Thead>
      <Table.Tr>
        <Table.Th w={count > 999 ? 62 : 40}>#</Table.Th>
        {inline.map((field) => (
          <Table.Th
            key={field.path}
            // Their widths follow the card's (builder.module.css): narrow, a Money stacks.
            data-column={
              field.kind === 'money' ? 'money' : field.path.endsWith('quantity') ? 'quantity' : undefined
            }
            // One line: "Quantit / y" wrapped at any narrower width.
            style={{ whiteSpace: 'nowrap' }}
          >
            {field.label}
          </Table.Th>
        ))}
        <Table.Th w={50} />
      </Table.Tr>
    </Table.Thead>
  );

  return (
    <Paper withBorder radius="sm" data-path="items">
      {foreign !== null && (
        <Text size="sm" c="orange" p="sm">
          items holds {foreign}, not a list: edit it in the raw JSON, or add a row to replace it.
        </Text>
      )}
      {count > VIRTUAL_ROWS_ABOVE ? (
        <VirtualItemRows count={count} focusedRow={focusedRow} header={header} row={row} />
      ) : (
        <div className={classes.itemsWide}>
          <Table
            verticalSpacing={4}
            horizontalSpacing={4}
            aria-label="Items"
            layout="fixed"
            className={classes.itemsTable}
          >
            {header}
            {Array.from({ length: count }, (_, index) => row(index))}
          </Table>
        </div>
      )}
      <Group p="xs" justify="space-between">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() =>
            editDocument((current) =>
              appendIn(current, ['items'], newItem(current, itemCount(getIn(current, ['items'])))),
            )
          }
        >
          Add item
        </Button>
        {warnings.length > 0 ? (
          <Text size="xs" c="orange">
            {warnings[0]?.message}
          </Text>
        ) : count === 0 ? (
          <Text size="xs" c="dimmed">
            No items yet: the spec requires at least one.
          </Text>
        ) : count > VIRTUAL_ROWS_ABOVE ? (
          <Text size="xs" c="dimmed" data-testid="items-count">
            {formatCount(count)} items: rows are drawn as you scroll.
          </Text>
        ) : null}
      </Group>
    </Paper>
  );
}
