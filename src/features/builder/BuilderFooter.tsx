/**
 * The footer of the builder's screens (SPEC §2.8): optional "Back to Overview" and "Next", and
 * "Test Activity" where there is no next. Paths are relative to /builder/{id} ("overview",
 * "tasks") or absolute.
 */
import { Button, Group, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { useBuilder } from './BuilderContext';
import { builderBase } from './builderNavigation';
import { TEST_ACTIVITY_TEXTS } from './testActivityRules';
import { useTestActivityState } from './useTestActivityState';
import { useTestActivity } from './TestActivityContext';

export interface BuilderFooterProps {
  back?: string;
  next?: string;
  testActivity?: boolean;
}

export const FOOTER_TEXTS = { back: 'Back to Overview', next: 'Next' } as const;

export function BuilderFooter({ back, next, testActivity = false }: BuilderFooterProps) {
  const { templateId } = useBuilder();
  const resolve = (path: string) =>
    path.startsWith('/') ? path : `${builderBase(templateId)}/${path}`;
  return (
    <Group
      component="footer"
      justify="space-between"
      gap="sm"
      pt="md"
      mt="md"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="builder-footer"
    >
      <div>
        {back && (
          <Button component={Link} to={resolve(back)} variant="default">
            {FOOTER_TEXTS.back}
          </Button>
        )}
      </div>
      <Group gap="sm">
        {next && (
          <Button component={Link} to={resolve(next)}>
            {FOOTER_TEXTS.next}
          </Button>
        )}
        {testActivity && <TestActivityButton />}
      </Group>
    </Group>
  );
}

export function TestActivityButton() {
  const { open } = useTestActivity();
  const state = useTestActivityState();
  const button = (
    <Button
      onClick={open}
      disabled={!state.enabled}
      // A disabled button gets no pointer events; the wrapper carries the tooltip instead.
      aria-describedby={state.enabled ? undefined : 'test-activity-reason'}
    >
      {TEST_ACTIVITY_TEXTS.button}
    </Button>
  );
  if (state.enabled) return <span data-tour="test-activity">{button}</span>;
  return (
    <Tooltip label={state.reason} multiline w={280} withArrow>
      <span tabIndex={0} style={{ display: 'inline-block' }} data-tour="test-activity">
        {button}
        <span id="test-activity-reason" hidden>
          {state.reason}
        </span>
      </span>
    </Tooltip>
  );
}
