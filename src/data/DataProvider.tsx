/**
 * Opens this tab's instance of the local database, starts (or joins) the sync worker, and makes
 * both available to the hooks. Asks the browser for persistent storage once.
 */
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  createTeamtrailDatabase,
  requestPersistentStorage,
  type TeamtrailDatabase,
} from './database';
import { createTemplateRepository, type TemplateRepository } from './templateRepository';
import { startSyncClient, type SyncClient } from './syncClient';
import { browserDevMode } from './devMode';
import { onResetInOtherTab } from './localDataReset';
import type { Identity } from '../../workers/syncWorkerApi';

export interface DataContextValue {
  db: TeamtrailDatabase;
  repository: TemplateRepository;
  sync: SyncClient;
  /** Whose documents this tab shows and writes: 'user:{id}' or 'anon:{anonId}'. */
  owner: string;
  signedIn: boolean;
}

const DataContext = createContext<DataContextValue | null>(null);

/** Provides an already open database (tests, and any host that opens it itself). */
export const DataContextProvider = DataContext.Provider;

export function useDataContext(): DataContextValue {
  const value = useContext(DataContext);
  if (!value) throw new Error('useDataContext must be used inside <DataProvider>');
  return value;
}

export interface DataProviderProps {
  identity: Identity;
  /** The page keeps an anonymous id the server hands out (SPEC §7). */
  storeAnonId: (anonId: string) => void;
  children: ReactNode;
  /** Shown while the database opens (a few milliseconds, longer on a first visit). */
  fallback?: ReactNode;
}

export function DataProvider({
  identity,
  storeAnonId,
  children,
  fallback = null,
}: DataProviderProps) {
  const [db, setDb] = useState<TeamtrailDatabase | null>(null);
  const [error, setError] = useState<Error | null>(null);
  // The worker asks for the identity long after this render; refs give it the current one.
  const identityRef = useRef(identity);
  const storeAnonIdRef = useRef(storeAnonId);
  useEffect(() => {
    identityRef.current = identity;
    storeAnonIdRef.current = storeAnonId;
  });
  // The refs are read only when the worker calls back, long after this render; the linter cannot
  // tell a callback that is stored from one that runs now.
  // eslint-disable-next-line react-hooks/refs
  const [sync] = useState(() =>
    startSyncClient({
      getIdentity: async () => identityRef.current,
      storeAnonId: (id) => storeAnonIdRef.current(id),
    }),
  );

  useEffect(() => {
    let cancelled = false;
    createTeamtrailDatabase({ devMode: browserDevMode })
      .then((opened) => {
        if (cancelled) void opened.close();
        else setDb(opened);
      })
      .catch((e: unknown) => setError(e instanceof Error ? e : new Error(String(e))));
    void requestPersistentStorage();
    return () => {
      cancelled = true;
    };
  }, []);

  // Another tab is deleting the local database ("Reset local data"): let go of it, then start
  // afresh with the empty one.
  useEffect(() => {
    if (!db) return;
    return onResetInOtherTab({
      started: () => void db.close(),
      done: () => location.reload(),
    });
  }, [db]);

  const owner = identity.userId
    ? `user:${identity.userId}`
    : `anon:${identity.anonId ?? 'unknown'}`;
  useEffect(() => {
    void sync.identityChanged();
  }, [owner, sync]);

  const value = useMemo(
    () =>
      db
        ? {
            db,
            repository: createTemplateRepository(db),
            sync,
            owner,
            signedIn: identity.userId !== null,
          }
        : null,
    [db, sync, owner, identity.userId],
  );

  if (error) throw error;
  if (!value) return <>{fallback}</>;
  return <DataContext.Provider value={value}>{children}</DataContext.Provider>;
}
