/** Placeholder rows while a table's data is read from the local database. */
import { Skeleton, Table } from '@mantine/core';

export function LoadingRows({ columns, rows = 3 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <Table.Tr key={row} aria-hidden="true">
          {Array.from({ length: columns }, (_, column) => (
            <Table.Td key={column}>
              <Skeleton height={12} radius="sm" width={column === 0 ? '80%' : '60%'} />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}
