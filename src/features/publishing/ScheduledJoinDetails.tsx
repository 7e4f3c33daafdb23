/**
 * How a scheduled game's join details end, in the Schedule dialog's success and in Join Info:
 * the warning when the join address only works on this network, the details with the schedule,
 * and Close.
 */
import { Button, Group } from '@mantine/core';
import type { GameStatus } from '../../domain/schemas';
import { MESSAGES } from '../../domain/messages';
import { JoinAddressWarning } from './JoinAddressWarning';
import { JoinDetails } from './JoinDetails';
import type { JoinAddress } from '../../domain/joinAddress';

export function ScheduledJoinDetails({
  status,
  joinAddress,
  onClose,
}: {
  status: GameStatus;
  joinAddress: JoinAddress | null;
  onClose: () => void;
}) {
  return (
    <>
      <JoinAddressWarning address={joinAddress} />
      <JoinDetails status={status} withSchedule />
      <Group justify="flex-end">
        <Button onClick={onClose}>{MESSAGES.common.close}</Button>
      </Group>
    </>
  );
}
