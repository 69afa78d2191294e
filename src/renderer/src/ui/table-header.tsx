import { Table } from '@mantine/core';

/** A column heading: its words, or its words and a width (a column of buttons may have no words). */
export type TableColumn = string | { label?: string; w?: number | string };

/**
 * The header row of a Mantine table. Every table in the console names its columns the same way,
 * so the list of columns is the one thing each table says.
 */
export function TableHeader({ columns }: { columns: readonly TableColumn[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, index) =>
          typeof column === 'string' ? (
            <Table.Th key={index}>{column}</Table.Th>
          ) : (
            <Table.Th key={index} w={column.w}>
              {column.label}
            </Table.Th>
          ),
        )}
      </Table.Tr>
    </Table.Thead>
  );
}
