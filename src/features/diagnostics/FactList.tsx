/** Label–value rows with aligned labels: the facts of the Connection and Storage panels. */
import type { ReactNode } from 'react';
import { DataList } from '@mantine/core';

export interface Fact {
  label: string;
  value: ReactNode;
}

export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <DataList withDivider labelWidth={150} gap="sm">
      {facts.map(({ label, value }) => (
        <DataList.Item key={label} data-fact={label}>
          <DataList.ItemLabel c="dimmed">{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}
