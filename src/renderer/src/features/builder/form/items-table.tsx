import { ActionIcon, Button, Group, Paper, Table, Text } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconChevronRight,
  IconCopy,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { memo, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { FormField } from '@shared/checkout';
import { appendIn, duplicateIndexIn, getIn, moveIndexIn, removeIndexIn } from '@shared/builder/document-edit';
import { useBuilderStore } from '../builder-store';
import { FieldInput } from './field-input';
import { LazyTooltip } from './lazy-tooltip';
import { FieldGrid } from './field-grid';
import { MoneyInput } from './money-input';
import { editDocument, useFindingsAt } from './use-document';
import { VirtualItemRows } from './virtual-item-rows';
import { useFormDocument } from './form-document';

/** The columns every row shows; the other item fields open under the row. */
const INLINE = ['items[].name', 'items[].sku', 'items[].quantity', 'items[].total_amount'];
const ITEM_ROW = /^items\[(\d+)\]/;

/** A new row: the order's currency, quantity 1, the rest for the person to fill. */
function newItem(document: unknown): Record<string, unknown> {
  const currency = getIn(document, ['total_amount', 'currency']);
  return {
    reference_id: '',
    type: '',
    name: '',
    sku: '',
    quantity: 1,
    // No amount yet: what is typed first decides number (the usual) or string.
    total_amount: { currency: typeof currency === 'string' ? currency : 'SAR' },
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
        <Table.Th w={34} />
        <Table.Th w={count > 999 ? 56 : 30}>#</Table.Th>
        {inline.map((field) => (
          <Table.Th
            key={field.path}
            w={field.kind === 'money' ? 210 : field.path.endsWith('quantity') ? 70 : undefined}
          >
            {field.label}
          </Table.Th>
        ))}
        <Table.Th w={128} />
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
        <Table verticalSpacing={4} horizontalSpacing={6} aria-label="Items" layout="fixed">
          {header}
          {Array.from({ length: count }, (_, index) => row(index))}
        </Table>
      )}
      <Group p="xs" justify="space-between">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => editDocument((current) => appendIn(current, ['items'], newItem(current)))}
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
            {count.toLocaleString('en')} items: rows are drawn as you scroll.
          </Text>
        ) : null}
      </Group>
    </Paper>
  );
}

interface ItemRowProps {
  index: number;
  count: number;
  inline: readonly FormField[];
  more: readonly FormField[];
  open: boolean;
  onToggle: (index: number) => void;
}

const ItemRow = memo(function ItemRow({ index, count, inline, more, open, onToggle }: ItemRowProps) {
  const label = `item ${index + 1}`;
  const move = (to: number) => editDocument((current) => moveIndexIn(current, ['items'], index, to));
  return (
    <>
      <Table.Tr data-testid={`item-row-${index}`}>
        <Table.Td>
          <ActionIcon
            variant="subtle"
            size="sm"
            onClick={() => onToggle(index)}
            aria-label={`${open ? 'Hide' : 'Show'} all fields of ${label}`}
            aria-expanded={open}
          >
            {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        </Table.Td>
        <Table.Td>
          <Text size="xs" c="dimmed">
            {index + 1}
          </Text>
        </Table.Td>
        {inline.map((field) => (
          <Table.Td key={field.path}>
            {field.kind === 'money' ? (
              <MoneyInput
                field={field}
                path={['items', index, field.path.slice('items[].'.length)]}
                label={`${field.label} of ${label}`}
                hideLabel
              />
            ) : (
              <FieldInput
                field={field}
                path={['items', index, field.path.slice('items[].'.length)]}
                label={`${field.label} of ${label}`}
                hideLabel
              />
            )}
          </Table.Td>
        ))}
        <Table.Td>
          <Group gap={2} wrap="nowrap">
            <RowAction label={`Move ${label} up`} disabled={index === 0} onClick={() => move(index - 1)}>
              <IconArrowUp size={14} />
            </RowAction>
            <RowAction
              label={`Move ${label} down`}
              disabled={index === count - 1}
              onClick={() => move(index + 1)}
            >
              <IconArrowDown size={14} />
            </RowAction>
            <RowAction
              label={`Duplicate ${label}`}
              onClick={() => editDocument((current) => duplicateIndexIn(current, ['items'], index))}
            >
              <IconCopy size={14} />
            </RowAction>
            <RowAction
              label={`Remove ${label}`}
              color="red"
              onClick={() => editDocument((current) => removeIndexIn(current, ['items'], index))}
            >
              <IconTrash size={14} />
            </RowAction>
          </Group>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          <Table.Td colSpan={inline.length + 3} bg="var(--mantine-color-default-hover)">
            <FieldGrid fields={more} index={index} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
});

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
  color?: string;
  children: ReactNode;
}) {
  return (
    <LazyTooltip label={label} openDelay={400}>
      <ActionIcon
        variant="subtle"
        size="sm"
        color={color}
        onClick={onClick}
        disabled={disabled}
        aria-label={label}
      >
        {children}
      </ActionIcon>
    </LazyTooltip>
  );
}
