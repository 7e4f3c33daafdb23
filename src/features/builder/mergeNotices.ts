/**
 * What the builder tells the organiser about merges: from the conflict log
 * (sync/conflictLog.ts), the values of theirs that a change from another device replaced, in
 * words rather than JSON paths, each with a way to put the organiser's value back as an
 * ordinary edit; and the activity kept after a deletion elsewhere. Pure: the hook and the
 * notice (MergeNotice.tsx) do the reading and writing.
 */
import type { Step } from '../../domain/schemas';
import type { TemplateContent } from '../../domain/templateContent';
import type { ConflictEntry } from '../../../workers/syncWorkerApi';
import type { ContentPatch } from '../../localdb/templateRepository';
import type { NoticeSeen } from '../../localdb/hooks/useMergeNotices';

type MergeConflict = ConflictEntry['conflicts'][number];

export interface MergeNoticeItem {
  /** `<entry time>|<path>`: what "seen" is recorded against. */
  key: string;
  at: string;
  /** One sentence. */
  message: string;
  /** The organiser's value, shortly, when it can be shown in a line. */
  yours: string | null;
  action: { label: string; recipe: (current: TemplateContent) => ContentPatch } | null;
}

export interface RestoredNotice {
  key: string;
  at: string;
  /** The id the activity had before it was deleted on another device. */
  restoredFrom: string;
  name: string;
}

export interface TemplateNotices {
  items: MergeNoticeItem[];
  restored: RestoredNotice | null;
}

export const MERGE_NOTICE_TEXTS = {
  region: 'Changes from another device',
  restore: 'Restore mine',
  dismiss: 'Dismiss',
  several: (n: number) => `${n} of your edits were replaced by changes from another device`,
  details: 'Show details',
  hideDetails: 'Hide details',
  yours: 'Yours:',
  restoredTitle: 'This activity was deleted on another device',
  restoredBody:
    'Your changes made on this device before it synced were kept: the activity is saved again, as a new activity with your edits. Delete it if you no longer need it.',
  keep: 'Keep it',
  delete: 'Delete it',
} as const;

const FIELD_LABELS: Record<string, string> = {
  name: 'the activity name',
  description: 'the description',
  shortDescription: 'the short description',
  gameType: 'the activity type',
  deliveryType: 'the delivery type',
  duration: 'the duration',
  selectedThemeId: 'the theme',
  'branding.headerColour': 'the header colour',
  'branding.questionBackgroundColour': 'the question background colour',
  'branding.selfieBackgroundColour': 'the selfie background colour',
  'branding.logo': 'the logo',
  'steps.order': 'the order of the tasks',
};

const STEP_FIELD_LABELS: Record<string, string> = {
  name: 'name',
  text: 'question',
  points: 'points',
  media: 'picture or video',
  locked: 'lock',
  type: 'type and answers',
};

const SCALAR_KEYS = new Set([
  'name',
  'description',
  'shortDescription',
  'gameType',
  'deliveryType',
  'duration',
  'selectedThemeId',
]);

const STEP_PATH = /^steps\[([^\]]+)\](?:\.(\w+))?$/;

const quoted = (text: string) => `“${text}”`;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A value short enough to show in a line, or null. */
function shortValue(value: unknown): string | null {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return '(empty)';
  return text.length > 60 ? `${quoted(text.slice(0, 57))}…` : quoted(text);
}

function stepName(id: string, content: TemplateContent, conflict: MergeConflict): string {
  const held = [content.steps.find((s) => s.id === id), conflict.ours, conflict.theirs].find(
    (s): s is Step => typeof s === 'object' && s !== null && 'name' in s,
  );
  const name = held?.name.trim();
  return name ? quoted(name) : 'without a name';
}

function reorder(steps: Step[], order: readonly string[]): Step[] {
  const wanted = order.filter((id) => steps.some((s) => s.id === id));
  const slots = new Set(wanted);
  let next = 0;
  return steps.map((step) =>
    slots.has(step.id) ? steps.find((s) => s.id === wanted[next++])! : step,
  );
}

/** One replaced value, or null when there is nothing to tell the organiser. */
function describe(
  entry: ConflictEntry,
  conflict: MergeConflict,
  content: TemplateContent,
): MergeNoticeItem | null {
  const key = `${entry.at}|${conflict.path}`;
  const base = { key, at: entry.at };
  const { path, ours } = conflict;
  const step = STEP_PATH.exec(path);
  if (step) {
    const [, id, field] = step as unknown as [string, string, string | undefined];
    const taskLabel = `the task ${stepName(id, content, conflict)}`;
    const present = content.steps.some((s) => s.id === id);
    const withoutTask = (c: TemplateContent): ContentPatch => ({
      steps: c.steps.filter((s) => s.id !== id),
    });
    if (field === undefined) {
      if (!present) {
        // A deletion that may have seen this device's edit took the task (merge rule 9): the
        // edit is offered back.
        if (conflict.ours === null) return null;
        const task = conflict.ours as Step;
        return {
          ...base,
          message: `${capital(taskLabel)} you edited was deleted on another device.`,
          yours: null,
          action: {
            label: MERGE_NOTICE_TEXTS.restore,
            recipe: (c) => ({
              steps: c.steps.some((s) => s.id === id) ? c.steps : [...c.steps, task],
            }),
          },
        };
      }
      // Rule 5: the edit beat the deletion, on whichever side it was made.
      return conflict.ours === null
        ? {
            ...base,
            message: `You deleted ${taskLabel}, but it was edited on another device, so it is back.`,
            yours: null,
            action: { label: 'Delete it again', recipe: withoutTask },
          }
        : {
            ...base,
            message: `${capital(taskLabel)} was deleted on another device; it is kept with your edits.`,
            yours: null,
            action: { label: 'Delete it', recipe: withoutTask },
          };
    }
    if (conflict.kept !== 'theirs') return null;
    const what =
      field === 'name'
        ? `the task name ${shortValue(ours) ?? ''}`.trim()
        : `the ${STEP_FIELD_LABELS[field] ?? field} of ${taskLabel}`;
    return {
      ...base,
      message: `Changes from another device replaced your edit of ${what}.`,
      yours: field === 'name' ? null : shortValue(ours),
      action: present
        ? {
            label: MERGE_NOTICE_TEXTS.restore,
            recipe: (c) => ({
              steps: c.steps.map((s) => {
                if (s.id !== id) return s;
                if (field === 'type') {
                  const kind = ours as Pick<Step, 'type' | 'answers'>;
                  return { ...s, type: kind.type, answers: kind.answers };
                }
                return { ...s, [field]: ours } as Step;
              }),
            }),
          }
        : null,
    };
  }
  if (conflict.kept !== 'theirs' || path === 'template') return null;
  const label = FIELD_LABELS[path] ?? path;
  const recipe = (c: TemplateContent): ContentPatch => {
    if (SCALAR_KEYS.has(path)) return { [path]: ours } as ContentPatch;
    if (path.startsWith('branding.')) {
      return { branding: { ...c.branding, [path.slice('branding.'.length)]: ours } };
    }
    if (path === 'steps.order') return { steps: reorder(c.steps, ours as string[]) };
    return {};
  };
  return {
    ...base,
    message: `Changes from another device replaced your edit of ${label}.`,
    yours: path === 'steps.order' ? null : shortValue(ours),
    action: { label: MERGE_NOTICE_TEXTS.restore, recipe },
  };
}

/** What the builder still has to tell about `templateId`, newest last. */
export function templateNotices(
  entries: readonly ConflictEntry[],
  templateId: string,
  seen: NoticeSeen,
  content: TemplateContent,
): TemplateNotices {
  const handled = new Set(seen.handled);
  const unseen = (key: string, at: string) =>
    !handled.has(key) && (seen.seenAt === null || at > seen.seenAt);
  const items: MergeNoticeItem[] = [];
  let restored: RestoredNotice | null = null;
  for (const entry of entries) {
    if (entry.templateId !== templateId) continue;
    if (entry.source === 'deleted') {
      const key = `${entry.at}|template`;
      if (entry.restoredFrom && unseen(key, entry.at)) {
        restored = {
          key,
          at: entry.at,
          restoredFrom: entry.restoredFrom,
          name: entry.templateName,
        };
      }
      continue;
    }
    for (const conflict of entry.conflicts) {
      const item = describe(entry, conflict, content);
      if (item && unseen(item.key, item.at)) items.push(item);
    }
  }
  // A value replaced twice is told once, with the latest.
  const latest = new Map<string, MergeNoticeItem>();
  for (const item of items) latest.set(item.key.slice(item.key.indexOf('|') + 1), item);
  return { items: [...latest.values()], restored };
}

/** After "Dismiss" (everything up to the newest shown) or an item's action (that item). */
export function markSeen(seen: NoticeSeen, keys: readonly string[], all: boolean): NoticeSeen {
  if (!all) return { seenAt: seen.seenAt, handled: [...new Set([...seen.handled, ...keys])] };
  const newest = keys.map((k) => k.slice(0, k.indexOf('|'))).sort();
  const seenAt = [seen.seenAt ?? '', ...newest].sort().at(-1) || null;
  return {
    seenAt,
    handled: seen.handled.filter((k) => seenAt === null || k.slice(0, k.indexOf('|')) > seenAt),
  };
}
