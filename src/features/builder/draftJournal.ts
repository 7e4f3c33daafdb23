/**
 * The tab's journal of builder drafts not in IndexedDB yet (no edit window).
 *
 * Every change is written to IndexedDB at once (durableWrites.ts), but that write takes from a
 * few milliseconds to tens of them (the repository reads the document, then writes it, and the
 * main thread may be busy rendering): a reload, or a crashed tab, in that time would lose the
 * last keystrokes. So each change is also kept in the tab's sessionStorage, synchronously in the
 * keystroke's own task, until its write has landed; the builder, opened again in that tab, finds
 * what never landed and writes it (`DraftRecovery`). sessionStorage rather than localStorage: it
 * belongs to the tab, so no other tab writes back a draft this one is still writing. A closed
 * tab's journal goes with it; the leave-page guard asks first (src/localdb/pendingWrites.ts).
 *
 * A draft is written back only if the field still holds what this tab last knew it to hold (what
 * the field showed, or one of this tab's own writes): a change made since by another tab or
 * device is not overwritten by an older draft.
 */
import { useEffect, useRef } from 'react';
import { useDataContext } from '../../localdb/hooks/DataProvider';
import {
  draftKeyPrefix,
  draftStoreFor,
  parseDraftKey,
  type DraftStore,
} from '../../localdb/draftStore';
import { anonIdOf } from '../../localdb/owner';
import type { ContentRecipe } from '../../localdb/templateRepository';
import { stepSchema, type Step } from '../../domain/schemas';
import { useBuilder } from './BuilderContext';
import { taskContentKey, updateTask, withTaskDraft } from './tasks/taskListOps';

/** Whose template a draft belongs to: drafts are kept and written back per owner. */
export interface DraftScope {
  owner: string;
  templateId: string;
  /** The owner's local database name: its drafts store keeps the journal through a crash. */
  database: string;
}

/** The activity's name or description, or one task card (all of its fields). */
export type DraftField = 'name' | 'description' | { stepId: string };

interface Entry<T> {
  /** The latest change. */
  value: T;
  /** What the database may hold from this tab: the value last known there, and writes since. */
  known: T[];
}

/**
 * Only `changed` and `idle` touch the storage (once per keystroke, and once when all is written):
 * a write always starts with the latest change, which the stored entry already holds, and what
 * `started` and `landed` learn is stored with the next change.
 */
export interface DraftJournal<T> {
  /** A change, kept at once. `shown` is the value the field showed from the database. */
  changed(scope: DraftScope, value: T, shown: T): void;
  /** A write of `value` starts: the database may hold it from now on. */
  started(value: T): void;
  /** The write of `value` has landed: older values can no longer be there. */
  landed(value: T): void;
  /**
   * Nothing waits and nothing is in flight. If the last write `landed`, everything typed is in
   * IndexedDB and the entry goes; if it failed (as writes cut short by the page's leaving do),
   * the entry stays for the next page to write back.
   */
  idle(outcome?: { landed: boolean }): void;
}

/**
 * Fields journaled by this page right now (`<templateId>/<field>`, whoever the template's owner
 * was then): never written back by this page.
 */
const live = new Set<string>();

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled
  }
}

const fieldName = (field: DraftField) =>
  typeof field === 'string' ? field : `step/${field.stepId}`;

const scopePrefix = ({ owner, templateId }: DraftScope) => draftKeyPrefix(owner, templateId);

const liveField = (templateId: string, field: string) => `${templateId}/${field}`;

export function createDraftJournal<T>(
  field: DraftField,
  same: (a: T, b: T) => boolean,
): DraftJournal<T> {
  let key: string | null = null;
  let journaling: string | null = null;
  let entry: Entry<T> | null = null;
  let lastLanded: { value: T } | null = null;
  let store: DraftStore | null = null;

  const know = (value: T) => {
    if (entry && !entry.known.some((k) => same(k, value))) entry.known.push(value);
  };
  const keep = () => {
    if (key === null || entry === null) return;
    const json = JSON.stringify(entry);
    try {
      tabStorage()?.setItem(key, json);
    } catch {
      // Full or disabled: the drafts store, the IndexedDB write and the guard still stand.
    }
    // Through a crash as well (src/localdb/draftStore.ts).
    store?.keep(key, json);
  };

  return {
    changed(scope, value, shown) {
      if (entry === null) {
        key = scopePrefix(scope) + fieldName(field);
        store = draftStoreFor(scope.database);
        journaling = liveField(scope.templateId, fieldName(field));
        live.add(journaling);
        entry = { value, known: [] };
        if (lastLanded) know(lastLanded.value);
        know(shown);
      }
      entry.value = value;
      keep();
    },
    started(value) {
      know(value);
    },
    landed(value) {
      lastLanded = { value };
      if (entry === null) return;
      const index = entry.known.findIndex((k) => same(k, value));
      if (index > 0) entry.known = entry.known.slice(index);
    },
    idle({ landed } = { landed: true }) {
      if (key !== null) {
        try {
          if (landed) tabStorage()?.removeItem(key);
        } catch {
          // Disabled storage kept nothing.
        }
        if (landed) store?.forget(key);
      }
      if (journaling !== null) live.delete(journaling);
      journaling = null;
      entry = null;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Writing back what never landed

interface DraftTemplate {
  name: string;
  description: string;
  steps: readonly Step[];
}

type Update = (recipe: ContentRecipe) => Promise<unknown>;

const isString = (value: unknown): value is string => typeof value === 'string';
const isStep = (value: unknown): value is Step => stepSchema.safeParse(value).success;
const sameStep = (a: Step, b: Step) => taskContentKey(a) === taskContentKey(b);

function parse<T>(raw: string | null, valid: (value: unknown) => value is T): Entry<T> | null {
  try {
    const entry = JSON.parse(raw ?? 'null') as Partial<Entry<unknown>> | null;
    if (!entry || !valid(entry.value) || !Array.isArray(entry.known)) return null;
    if (!entry.known.every(valid)) return null;
    return { value: entry.value, known: entry.known };
  } catch {
    return null;
  }
}

/**
 * The drafts to write back for a template, per field the latest: those a tab that closed or
 * crashed left in the drafts store (oldest first), this tab's there, and this tab's in its
 * sessionStorage (written first on every change, so never older). Fields this page is
 * journaling right now are its own business.
 *
 * This tab's sessionStorage may also hold the template's drafts under a guest owner: the guest
 * typed here, then signed up or in (or the tab's guest id was lost and another adopted its
 * work), and the template moved to this owner with the guest's work (workers/ownerSwitch.ts),
 * while the journal kept the keys it was typed under. They are this template's drafts and are
 * written back with it; older than this owner's own, which were typed after the switch. Only
 * a guest's work ever moves, so a user's keys are never taken for another owner's template.
 * (The drafts store needs no such look: the move re-keys its records, draftDatabase.ts.)
 */
async function draftsLeftBehind(
  scope: DraftScope,
): Promise<{ byField: Map<string, string | null>; recordIds: string[]; tabKeys: string[] }> {
  const byField = new Map<string, string | null>();
  const recordIds: string[] = [];
  const isLive = (field: string) => live.has(liveField(scope.templateId, field));
  const store = draftStoreFor(scope.database);
  const records = await (store?.leftBehind(scopePrefix(scope)) ?? Promise.resolve([]));
  for (const record of records) {
    const field = parseDraftKey(record.key)?.field;
    if (field === undefined || isLive(field)) continue;
    byField.set(field, record.entry);
    recordIds.push(record.id);
  }
  const moved: { key: string; field: string }[] = [];
  const own: { key: string; field: string }[] = [];
  const storage = tabStorage();
  for (let i = 0; storage && i < storage.length; i++) {
    const key = storage.key(i);
    const parts = key === null ? null : parseDraftKey(key);
    if (key === null || !parts || parts.templateId !== scope.templateId) continue;
    if (isLive(parts.field)) continue;
    if (parts.owner === scope.owner) own.push({ key, field: parts.field });
    else if (anonIdOf(parts.owner) !== null) moved.push({ key, field: parts.field });
  }
  for (const { key, field } of [...moved, ...own]) byField.set(field, storage!.getItem(key));
  return { byField, recordIds, tabKeys: [...moved, ...own].map(({ key }) => key) };
}

/**
 * Writes back the drafts kept for the template that never landed (the page, or the browser,
 * went before their write did), each only if its field still holds what the tab knew; then
 * forgets them.
 */
export async function replayDrafts(
  scope: DraftScope,
  template: DraftTemplate,
  update: Update,
): Promise<void> {
  const { byField, recordIds, tabKeys } = await draftsLeftBehind(scope);
  for (const [field, raw] of byField) {
    if (field === 'name' || field === 'description') {
      const entry = parse(raw, isString);
      const holds = (current: string) => entry !== null && entry.known.includes(current);
      if (entry && template[field] !== entry.value && holds(template[field])) {
        await update((content) => (holds(content[field]) ? { [field]: entry.value } : {}));
      }
    } else if (field.startsWith('step/')) {
      const stepId = field.slice('step/'.length);
      const entry = parse(raw, isStep);
      const holds = (current: Step) =>
        entry !== null && entry.known.some((k) => sameStep(k, current));
      const current = template.steps.find((s) => s.id === stepId);
      if (entry && current && !sameStep(current, entry.value) && holds(current)) {
        await update((content) => ({
          steps: updateTask(content.steps, stepId, (s) =>
            holds(s) ? withTaskDraft(s, entry.value) : s,
          ),
        }));
      }
    }
  }
  const storage = tabStorage();
  for (const key of tabKeys) storage?.removeItem(key);
  await draftStoreFor(scope.database)?.discard(recordIds);
}

/**
 * Rendered by the builder's layout: once the template is open, writes back what this tab kept
 * for it and never landed (a reload, or a crashed tab reloaded, 0 ms after a keystroke).
 */
export function DraftRecovery(): null {
  const { templateId, template, update } = useBuilder();
  const { owner, db } = useDataContext();
  const replayed = useRef<string | null>(null);
  useEffect(() => {
    const scope = { owner, templateId, database: db.name };
    const key = scopePrefix(scope);
    if (replayed.current === key) return;
    replayed.current = key;
    replayDrafts(scope, template, update).catch((error: unknown) => {
      console.error('Writing back the drafts kept in this tab failed', error);
    });
  }, [owner, db, templateId, template, update]);
  return null;
}
