/**
 * Stand-ins for the dialogs of src/features/publishing (tested on their own): they show which dialog
 * is open with which props, and let a test play the dialog's callbacks.
 */
import type { ActivityRow } from '../../../src/domain/schemas';

export function LaunchDialog(props: {
  opened: boolean;
  onClose: () => void;
  mode: 'demo' | 'launch';
  templateId: string;
  templateName: string;
  openedFrom: 'activities' | 'builder';
  onCode?: (templateId: string) => void;
}) {
  if (!props.opened) return null;
  return (
    <div
      role="dialog"
      aria-label={`Launch dialog: ${props.mode}`}
      data-template-id={props.templateId}
      data-template-name={props.templateName}
      data-opened-from={props.openedFrom}
    >
      <button onClick={() => props.onCode?.(props.templateId)}>The poll returns a code</button>
      <button onClick={props.onClose}>Close</button>
    </div>
  );
}

export function ScheduleDialog(props: {
  opened: boolean;
  onClose: () => void;
  activity: ActivityRow;
  onScheduled?: (templateId: string) => void;
}) {
  if (!props.opened) return null;
  return (
    <div role="dialog" aria-label="Schedule dialog" data-template-id={props.activity.id}>
      <button onClick={() => props.onScheduled?.(props.activity.id)}>Published</button>
      <button onClick={props.onClose}>Close</button>
    </div>
  );
}

export function JoinInfoDialog(props: {
  opened: boolean;
  onClose: () => void;
  activityName: string;
  gameStatusUrl: string;
}) {
  if (!props.opened) return null;
  return (
    <div
      role="dialog"
      aria-label="Join info dialog"
      data-activity-name={props.activityName}
      data-game-status-url={props.gameStatusUrl}
    >
      <button onClick={props.onClose}>Close</button>
    </div>
  );
}
