/** SPEC §6 side by side: one row per limit or feature, one column per plan. */
import { Badge, Stack, Table, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { PLAN_ORDER, PLANS } from '../../domain/plans';
import type { PlanId } from '../../domain/schemas';
import { CheckMark, DashMark } from './icons';
import { COMPARISON_ROWS, type ComparisonCell } from './planComparison';
import { PRICING_TEXTS } from './pricingTexts';

const FEATURE_COLUMN_WIDTH = '34%';
const PLAN_COLUMN_WIDTH = '22%';
const CURRENT_COLUMN_BG = 'var(--mantine-color-brand-0)';

export function PlanComparisonTable({
  currentPlan,
  labelledBy,
}: {
  currentPlan: PlanId | null;
  labelledBy: string;
}) {
  const columnBg = (planId: PlanId) => (planId === currentPlan ? CURRENT_COLUMN_BG : undefined);
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table
        aria-labelledby={labelledBy}
        verticalSpacing="sm"
        horizontalSpacing="lg"
        highlightOnHover
        withRowBorders
        data-testid="plan-comparison"
        // Equal plan columns: a long figure must not make one plan look bigger than another.
        layout="fixed"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={FEATURE_COLUMN_WIDTH}>
              <VisuallyHidden>Feature</VisuallyHidden>
            </Table.Th>
            {PLAN_ORDER.map((planId) => (
              <Table.Th
                key={planId}
                scope="col"
                w={PLAN_COLUMN_WIDTH}
                ta="center"
                bg={columnBg(planId)}
                aria-current={planId === currentPlan ? 'true' : undefined}
              >
                <Stack gap={4} align="center">
                  <Text fw={700}>{PLANS[planId].name}</Text>
                  {planId === currentPlan && (
                    <Badge size="sm" radius="sm">
                      {PRICING_TEXTS.currentPlanBadge}
                    </Badge>
                  )}
                </Stack>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {COMPARISON_ROWS.map((row) => (
            <Table.Tr key={row.id} data-testid={`comparison-${row.id}`}>
              <Table.Th scope="row" fw={500}>
                {row.label}
              </Table.Th>
              {PLAN_ORDER.map((planId) => (
                <Table.Td key={planId} ta="center" bg={columnBg(planId)}>
                  <Cell cell={row.cells[planId]} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Cell({ cell }: { cell: ComparisonCell }) {
  if (cell.kind === 'text') return <Text size="sm">{cell.text}</Text>;
  return cell.included ? (
    <ThemeIcon size={24} radius="xl" variant="light" mx="auto">
      <CheckMark size={15} />
      <VisuallyHidden>Included</VisuallyHidden>
    </ThemeIcon>
  ) : (
    <Text c="gray.5" lh={0} display="flex" style={{ justifyContent: 'center' }}>
      <DashMark size={18} />
      <VisuallyHidden>Not included</VisuallyHidden>
    </Text>
  );
}
