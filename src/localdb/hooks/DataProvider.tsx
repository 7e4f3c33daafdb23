/**
 * Opens this tab's instance of the local database of whoever uses the app — the signed-in user's
 * or the guest's; one database per owner (src/localdb/owner.ts) — starts (or joins) the sync worker,
 * and makes both available to the hooks. On sign-in or sign-out the screens wait while the other
 * owner's database opens: nothing of one owner is shown or written while another is signed in.
 * Asks the browser for persistent storage once.
 *
 * The database code (RxDB, Dexie: about 90 KB gzipped) is loaded after the first paint rather
 * than with the page (the 250 KB budget of "/"), and the app does not wait for it: the
 * shell and the Dashboard render at once, and a screen that reads local data suspends until the
 * database is open (the layouts' Suspense shows a loader meanwhile).
 */
import {
  createContext,
  use,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { TeamtrailDatabase } from '../database';
import type { TemplateRepository } from '../templateRepository';
import { startSyncClient, type SyncClient } from '../syncClient';
import { browserDevMode } from '../devMode';
import { databaseNameFor } from '../owner';
import { onResetInOtherTab } from '../localDataReset';
import type { Identity } from '../../../workers/syncWorkerApi';
import { ownerKeyOf } from '../owner';

export interface DataContextValue {
  db: TeamtrailDatabase;
  repository: TemplateRepository;
  sync: SyncClient;
  /** Whose documents this tab shows and writes: 'user:{id}' or 'anon:{anonId}'. */
  owner: string;
  signedIn: boolean;
}

const DataContext = createContext<DataContextValue | null>(null);

/** The database while it opens: the first open value, and the current one once it is open. */
interface DataReady {
  first: Promise<DataContextValue>;
  current(): Promise<DataContextValue>;
}
const DataReadyContext = createContext<DataReady | null>(null);

/** Provides an already open database (tests, and any host that opens it itself). */
export const DataContextProvider = DataContext.Provider;

/** The open database; suspends the calling screen while it opens. */
export function useDataContext(): DataContextValue {
  const value = useContext(DataContext);
  const ready = useContext(DataReadyContext);
  if (value) return value;
  if (!ready) throw new Error('useDataContext must be used inside <DataProvider>');
  return use(ready.first);
}

/**
 * For event handlers of screens that render before the database is open (the Dashboard's
 * "Create new game" resets the wizard): resolves with the open database.
 */
export function useWhenDataReady(): () => Promise<DataContextValue> {
  const value = useContext(DataContext);
  const ready = useContext(DataReadyContext);
  return useMemo(() => {
    if (value) return async () => value;
    if (!ready) throw new Error('useWhenDataReady must be used inside <DataProvider>');
    return ready.current;
  }, [value, ready]);
}

function newWaiting() {
  const waiting = deferred<DataContextValue>();
  // A failure to open is thrown to the error boundary below; nobody need be waiting for it.
  waiting.promise.catch(() => undefined);
  return waiting;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export interface DataProviderProps {
  identity: Identity;
  /** The page keeps an anonymous id the server hands out (SPEC §7). */
  storeAnonId: (anonId: string) => void;
  children: ReactNode;
}

export function DataProvider({ identity, storeAnonId, children }: DataProviderProps) {
  // Before the first render the guest id is settled (main.tsx), so there is always an owner.
  const owner = ownerKeyOf(identity) ?? 'anon:unknown';
  const [openedAny, setOpened] = useState<{
    owner: string;
    db: TeamtrailDatabase;
    createRepository: (db: TeamtrailDatabase) => TemplateRepository;
  } | null>(null);
  // The previous owner's database is never handed out, even for the render before it closes.
  const opened = openedAny?.owner === owner ? openedAny : null;
  const db = opened?.db ?? null;
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
    let instance: TeamtrailDatabase | null = null;
    Promise.all([import('../database'), import('../templateRepository')])
      .then(async ([database, repository]) => {
        const name = await databaseNameFor(owner);
        const created = await database.createTeamtrailDatabase({ name, devMode: browserDevMode });
        if (cancelled) {
          void created.close();
          return;
        }
        instance = created;
        setOpened({ owner, db: created, createRepository: repository.createTemplateRepository });
        void database.requestPersistentStorage();
      })
      .catch((e: unknown) => setError(e instanceof Error ? e : new Error(String(e))));
    return () => {
      cancelled = true;
      // Signed in or out: this owner's database is let go (its data stays on the device).
      if (instance) void instance.close();
    };
  }, [owner]);

  // Another tab is deleting the local database ("Reset local data"): let go of it, then start
  // afresh with the empty one.
  useEffect(() => {
    if (!db) return;
    return onResetInOtherTab({
      started: () => void db.close(),
      done: () => location.reload(),
    });
  }, [db]);

  useEffect(() => {
    void sync.identityChanged();
  }, [owner, sync]);

  const value = useMemo(
    () =>
      opened
        ? {
            db: opened.db,
            repository: opened.createRepository(opened.db),
            sync,
            owner,
            signedIn: identity.userId !== null,
          }
        : null,
    [opened, sync, owner, identity.userId],
  );

  // Screens that suspend wait on `first`; handlers ask `current()` for the latest value. Each
  // owner has its own: after a switch, screens wait for the new owner's database.
  const [waitingFor, setWaitingFor] = useState(() => ({ owner, ...newWaiting() }));
  if (waitingFor.owner !== owner) setWaitingFor({ owner, ...newWaiting() });
  const waiting = waitingFor.owner === owner ? waitingFor : null;
  const latest = useRef<DataContextValue | null>(null);
  useEffect(() => {
    latest.current = value;
    if (value) waiting?.resolve(value);
  }, [value, waiting]);
  useEffect(() => {
    if (error) waiting?.reject(error);
  }, [error, waiting]);
  const ready = useMemo<DataReady | null>(
    () =>
      waiting && {
        first: waiting.promise,
        current: () => (latest.current ? Promise.resolve(latest.current) : waiting.promise),
      },
    [waiting],
  );

  if (error) throw error;
  return (
    <DataReadyContext.Provider value={ready}>
      <DataContext.Provider value={value}>{children}</DataContext.Provider>
    </DataReadyContext.Provider>
  );
}
