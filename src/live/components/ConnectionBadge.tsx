/** Whether the screen is live: a dot that says "Live", or that it is catching up. */
import { Pill } from './Pill';
import type { ConnectionStatus } from '../state/connection';
import type { LiveError } from '../api';

export function ConnectionBadge({
  connection,
  refreshError,
  size = 'lg',
  dark = false,
}: {
  connection: ConnectionStatus;
  refreshError: LiveError | null;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  dark?: boolean;
}) {
  const live = connection === 'live' && !refreshError;
  const label = refreshError
    ? 'Offline – showing the last results'
    : connection === 'outdated'
      ? 'Teamtrail was updated – reload this screen'
      : live
        ? 'Live'
        : connection === 'polling'
          ? 'Reconnecting – updating every 5 s'
          : 'Connecting…';
  return (
    <Pill
      role="status"
      size={size}
      dark={dark}
      tone={live ? 'green' : refreshError ? 'red' : 'orange'}
      leftSection={
        <span
          aria-hidden="true"
          style={{
            display: 'inline-block',
            width: '0.6em',
            height: '0.6em',
            borderRadius: '50%',
            background: 'currentColor',
          }}
        />
      }
    >
      {label}
    </Pill>
  );
}
