/**
 * The hooks the UI reads through. Each answers `{data, isLoading, error}` and follows the local
 * database reactively: a write in any tab, or a pull by the sync worker, shows at once.
 */
import { combineLatest, identity, map } from 'rxjs';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ActivityRow, LibraryTemplate, Theme } from '../../domain/schemas';
import { filterLibrary, type LibraryFilters } from '../../domain/libraryFilters';
import { useDataContext } from './DataProvider';
import { localTemplateView, type LocalTemplate } from '../localTemplate';
import { localEditsAhead, onPendingChange } from '../pendingWrites';
import type { UploadDoc } from '../schemas/uploads';
import type { SyncStatus } from '../../../workers/syncWorkerApi';
import { behindLocalWrites } from './behindLocalWrites';
import { useObservable, type QueryState } from './useObservable';

export type { QueryState };

/** How the builder follows its template while this tab writes it (behindLocalWrites.ts). */
const BUILDER_FOLLOW = { intervalMs: 150, maxWaitMs: 1_000 } as const;

export interface UseTemplateOptions {
  /**
   * Pass new versions on behind the tab's own writes (the builder, whose fields write every
   * keystroke): at once after a quiet spell, else at most every 150 ms and once the tab's
   * writes have landed (src/localdb/hooks/behindLocalWrites.ts).
   */
  behindLocalWrites?: boolean;
}

export function useTemplate(
  id: string | null | undefined,
  options: UseTemplateOptions = {},
): QueryState<LocalTemplate | null> {
  const { db } = useDataContext();
  const steady = options.behindLocalWrites ?? false;
  return useObservable(
    () =>
      combineLatest([db.templates.findOne(id ?? '__none__').$, db.themes.find().$]).pipe(
        steady ? behindLocalWrites(BUILDER_FOLLOW) : identity,
        map(([doc, themes]) => {
          if (!doc || doc.deletedLocally) return null;
          const view = localTemplateView(doc.toMutableJSON());
          // A theme chosen offline is shown from the cached themes until the server confirms it.
          const theme =
            view.theme ?? themes.find((t) => t.id === view.selectedThemeId)?.data ?? null;
          return { ...view, theme };
        }),
      ),
    [db, id, steady],
    null,
  );
}

/**
 * `template` as a screen shows it, with its sync state as of this tab's latest edits. A template
 * followed behind the tab's own writes (`behindLocalWrites`) is, from a keystroke until the
 * render after its write has landed, the version from before it: one that may say every change
 * is on the server. While this tab has typed or written something that version does not have
 * (pendingWrites.ts `localEditsAhead`), it is given as not on the server, so the sync indicator
 * never says "All changes synced" and "Test Activity" never starts a demo from the server's
 * older copy, from the first keystroke on.
 */
export function useSyncAsOfLocalEdits<T extends Pick<LocalTemplate, 'id' | 'sync'>>(
  template: T,
): T {
  const ahead = useSyncExternalStore(onPendingChange, () => localEditsAhead(template));
  return useMemo(
    () =>
      ahead && template.sync.allChangesOnServer
        ? {
            ...template,
            sync: {
              ...template.sync,
              state: template.sync.state === 'synced' ? 'pending' : template.sync.state,
              allChangesOnServer: false,
            },
          }
        : template,
    [ahead, template],
  );
}

export function useTemplates(): QueryState<LocalTemplate[]> {
  const { db, owner } = useDataContext();
  return useObservable(
    () =>
      db.templates
        .find({ selector: { owner }, sort: [{ sortAt: 'desc' }] })
        .$.pipe(
          map((docs) =>
            docs.filter((d) => !d.deletedLocally).map((d) => localTemplateView(d.toMutableJSON())),
          ),
        ),
    [db, owner],
    [],
  );
}

/**
 * The Template Library: the cached master templates, plus the user's own templates when signed
 * in (the Owner filter's "Mine", SPEC §2.7), filtered by SPEC §9's rules when filters are given.
 */
export function useLibrary(filters?: LibraryFilters): QueryState<LibraryTemplate[]> {
  const { db, owner, signedIn } = useDataContext();
  return useObservable(
    () =>
      combineLatest([
        db.library.find({ sort: [{ position: 'asc' }] }).$,
        db.templates.find({ selector: { owner }, sort: [{ sortAt: 'desc' }] }).$,
      ]).pipe(
        map(([masters, own]) => {
          const rows: LibraryTemplate[] = masters.map(({ data }) => ({
            id: data.id,
            name: data.name,
            thumbnail: data.thumbnail,
            deliveryType: data.deliveryType,
            gameType: data.gameType,
            description: data.description,
            shortDescription: data.shortDescription,
            duration: data.duration,
            comingSoon: data.comingSoon,
            master: true,
          }));
          if (signedIn) {
            for (const doc of own) {
              if (doc.deletedLocally) continue;
              const c = doc.content;
              rows.push({
                id: doc.id,
                name: c.name,
                thumbnail: doc.server?.thumbnail ?? null,
                deliveryType: c.deliveryType,
                gameType: c.gameType,
                description: c.description,
                shortDescription: c.shortDescription,
                duration: c.duration,
                comingSoon: false,
                master: false,
              });
            }
          }
          return filters ? filterLibrary(rows, filters, { signedIn }) : rows;
        }),
      ),
    [db, owner, signedIn, filters],
    [],
  );
}

export function useMyActivities(): QueryState<ActivityRow[]> {
  const { db, owner } = useDataContext();
  return useObservable(
    () =>
      db.activities
        .find({ selector: { owner }, sort: [{ position: 'asc' }] })
        .$.pipe(map((docs) => docs.map((d) => d.toMutableJSON().data))),
    [db, owner],
    [],
  );
}

/** Every theme a template may use (all of them, SPEC §2.8 Theme screen). */
export function useThemes(_templateId?: string | null): QueryState<Theme[]> {
  const { db } = useDataContext();
  return useObservable(
    () =>
      db.themes
        .find({ sort: [{ position: 'asc' }] })
        .$.pipe(map((docs) => docs.map((d) => d.toMutableJSON().data))),
    [db],
    [],
  );
}

export function useUploads(templateId?: string | null): QueryState<UploadDoc[]> {
  const { db, owner } = useDataContext();
  return useObservable(
    () =>
      db.uploads
        .find({
          selector: templateId ? { owner, templateId } : { owner },
          sort: [{ createdAt: 'asc' }],
        })
        .$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()))),
    [db, owner, templateId],
    [],
  );
}

export function useSyncStatus(): QueryState<SyncStatus | null> {
  const { sync } = useDataContext();
  const [status, setStatus] = useState<SyncStatus | null>(null);
  useEffect(() => sync.subscribe(setStatus), [sync]);
  return { data: status, isLoading: status === null && sync.mode !== 'unavailable', error: null };
}

export { useLocalDocuments, type LocalDocuments } from './useLocalDocuments';
export { useDeviceState, type DeviceState, type StatePatch } from './useDeviceState';
export {
  useWizardState,
  useDemoState,
  resetWizardAndDemo,
  WIZARD_STATE_KEY,
  DEMO_STATE_KEY,
} from './flowState';
