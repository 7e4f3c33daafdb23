/**
 * SPEC §2.7 / §9: the collapsible "Filters" panel — Location, Game Type, Duration and Owner (the
 * Owner group only when signed in), each a group of checkboxes with "All".
 */
import { Badge, Box, Button, Checkbox, Collapse, Group, Paper, Text } from '@mantine/core';
import { useId } from 'react';
import type { FilterGroup, FilterGroupKey, LibraryFilters } from '../../domain/libraryFilters';
import { changedGroups } from './libraryFilterParams';
import { ChevronDownIcon, FilterIcon } from './icons';

/** Groups with more options than this are laid out in two columns. */
const LONG_GROUP = 4;

export interface LibraryFilterPanelProps {
  groups: readonly FilterGroup[];
  filters: LibraryFilters;
  onToggle: (group: FilterGroupKey, option: string) => void;
  onReset: () => void;
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
}

export function LibraryFilterPanel({
  groups,
  filters,
  onToggle,
  onReset,
  expanded,
  onExpandedChange,
}: LibraryFilterPanelProps) {
  const panelId = useId();
  const changed = changedGroups(
    filters,
    groups.map((g) => g.key),
  ).length;

  return (
    <Paper withBorder radius="md" px="md" py="sm" data-testid="library-filters">
      <Group justify="space-between" wrap="nowrap">
        <Button
          variant="subtle"
          color="dark"
          px="xs"
          onClick={() => onExpandedChange(!expanded)}
          aria-expanded={expanded}
          aria-controls={panelId}
          leftSection={<FilterIcon />}
          rightSection={
            <ChevronDownIcon
              style={{
                transform: expanded ? 'rotate(180deg)' : undefined,
                transition: 'transform 150ms ease',
              }}
            />
          }
        >
          Filters
        </Button>
        <Group gap="sm" wrap="nowrap">
          {changed > 0 && (
            <>
              <Badge variant="light" radius="sm" data-testid="active-filter-count">
                {changed === 1 ? '1 filter changed' : `${changed} filters changed`}
              </Badge>
              <Button variant="subtle" size="xs" onClick={onReset}>
                Reset filters
              </Button>
            </>
          )}
        </Group>
      </Group>

      <Collapse expanded={expanded} id={panelId}>
        <Group align="flex-start" gap={56} pt="md" pb="xs" px="xs" wrap="wrap">
          {groups.map((group) => (
            <FilterGroupFieldset
              key={group.key}
              group={group}
              state={filters[group.key] as Record<string, boolean>}
              onToggle={(option) => onToggle(group.key, option)}
            />
          ))}
        </Group>
      </Collapse>
    </Paper>
  );
}

function FilterGroupFieldset({
  group,
  state,
  onToggle,
}: {
  group: FilterGroup;
  state: Record<string, boolean>;
  onToggle: (option: string) => void;
}) {
  return (
    <Box component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }}>
      <Text component="legend" size="xs" fw={700} tt="uppercase" c="dimmed" mb={10} p={0}>
        {group.label}
      </Text>
      {/* Long groups (Duration) take two columns, so the panel stays short. */}
      <Box
        style={{
          display: 'grid',
          gap: '10px 32px',
          gridAutoFlow: 'column',
          gridTemplateRows: `repeat(${
            group.options.length > LONG_GROUP
              ? Math.ceil(group.options.length / 2)
              : group.options.length
          }, auto)`,
        }}
      >
        {group.options.map((option) => (
          <Checkbox
            key={option.value}
            label={option.label}
            value={option.value}
            checked={state[option.value] === true}
            onChange={() => onToggle(option.value)}
          />
        ))}
      </Box>
    </Box>
  );
}
