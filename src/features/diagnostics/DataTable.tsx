/**
 * The tables of the diagnostics page: one look for all of them (header row, spacing, scrolling
 * below the minimum width), skeleton rows while loading, and an empty state instead of an
 * empty grid.
 */
import type { ReactNode } from 'react';
import { Stack, Table, Text } from '@mantine/core';
import classes from './DataTable.module.css';
import { LoadingRows } from './LoadingRows';

export interface Column {
  label: string;
  /** Fixed layout: columns without a width share what is left. */
  width?: number | string;
}

export interface DataTableProps {
  columns: Column[];
  minWidth: number;
  isLoading: boolean;
  isEmpty: boolean;
  empty: { title: string; hint?: string };
  children: ReactNode;
  'aria-label'?: string;
}

export function DataTable({
  columns,
  minWidth,
  isLoading,
  isEmpty,
  empty,
  children,
  ...rest
}: DataTableProps) {
  if (!isLoading && isEmpty) {
    return (
      <Stack gap={4} align="center" px="lg" pt="md" pb="xl" data-empty>
        <Text size="sm" fw={500}>
          {empty.title}
        </Text>
        {empty.hint && (
          <Text size="sm" c="dimmed" ta="center" maw={520}>
            {empty.hint}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table
        verticalSpacing="sm"
        horizontalSpacing="md"
        layout="fixed"
        tabularNums
        className={classes.table}
        aria-label={rest['aria-label']}
        aria-busy={isLoading || undefined}
        styles={{ th: { whiteSpace: 'nowrap', fontWeight: 600 }, td: { verticalAlign: 'top' } }}
      >
        <Table.Thead bg="gray.0">
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} w={column.width}>
                <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: 0.4 }}>
                  {column.label}
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isLoading ? <LoadingRows columns={columns.length} rows={2} /> : children}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
