/**
 * What participants need to join (SPEC §2.9): the QR code and the Activity Code on the left; on
 * the right the schedule when there is one, anything the dialog adds (a demo note, the PRO
 * upsell), and the mobile-app panel. Side by side, so a dialog fits a laptop screen unscrolled.
 */
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { GameStatus } from '../../domain/schemas';
import { ActivityCodeBlock } from '../../ui/ActivityCodeBlock';
import { MobileAppPanel } from '../../ui/MobileAppPanel';
import { ActivitySchedulePanel } from './ActivitySchedulePanel';
import { DIALOG_TEXTS } from './texts';

export interface JoinDetailsProps {
  status: GameStatus;
  /** Show "Activity Schedule" (join info, schedule success). */
  withSchedule?: boolean;
  /** Under the code, e.g. the demo's "valid for 10 minutes" note. */
  codeNote?: ReactNode;
  children?: ReactNode;
}

export function JoinDetails({
  status,
  withSchedule = false,
  codeNote,
  children,
}: JoinDetailsProps) {
  return (
    <SimpleGrid cols={2} spacing="lg">
      {status.code ? (
        <ActivityCodeBlock qrCodeUrl={status.qrCodeUrl ?? ''} code={status.code} note={codeNote} />
      ) : (
        <Text c="dimmed">{DIALOG_TEXTS.joinInfo.codePending}</Text>
      )}
      <Stack gap="md">
        {withSchedule && (
          <ActivitySchedulePanel startsAt={status.startsAt} endsAt={status.endsAt} />
        )}
        {children}
        <MobileAppPanel />
      </Stack>
    </SimpleGrid>
  );
}
