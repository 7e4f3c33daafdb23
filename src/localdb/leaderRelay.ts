/**
 * Without SharedWorker (docs/sync.md), one tab leads and runs the sync worker; the others are
 * followers. This relay over a BroadcastChannel gives followers what the leader's worker knows:
 * its status stream, and a way to ask it to sync now, to hear the tab's online and focus
 * notices, to read the conflict log, or to reset local data. Without it a follower's save
 * indicator would wait forever and its "Sync now" would do nothing.
 */
import type { ConflictEntry, SyncStatus } from '../../workers/syncWorkerApi';

const CHANNEL = 'teamtrail-sync-relay';
/** A follower gives up waiting for the leader's answer after this (the leader may be closing). */
const REPLY_TIMEOUT_MS = 3_000;

export type Notice = 'online' | 'offline' | 'focus';

/** What a tab can ask of the engine, wherever it runs. */
export interface EngineCommands {
  syncNow(): Promise<void>;
  identityChanged(): Promise<void>;
  conflictLog(): Promise<ConflictEntry[]>;
  resetLocalData(): Promise<void>;
  notify(notice: Notice): Promise<void>;
}

type Command =
  | { type: 'hello' }
  | { type: 'syncNow' | 'identityChanged' | 'resetLocalData'; id: string }
  | { type: 'conflictLog'; id: string }
  | { type: 'notify'; notice: Notice };

type Message =
  | { kind: 'status'; status: SyncStatus | null }
  | { kind: 'reply'; id: string; result?: unknown }
  | { kind: 'command'; command: Command };

/** The leading tab: rebroadcasts its worker's status and runs the followers' commands. */
export function serveFollowers(
  engine: EngineCommands,
  latestStatus: () => SyncStatus | null,
): { publish(status: SyncStatus | null): void; close(): void } {
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<Message>) => {
    const message = event.data;
    if (message.kind !== 'command') return;
    const { command } = message;
    if (command.type === 'hello') {
      channel.postMessage({ kind: 'status', status: latestStatus() } satisfies Message);
    } else if (command.type === 'notify') {
      void engine.notify(command.notice);
    } else {
      const run: Promise<unknown> =
        command.type === 'conflictLog' ? engine.conflictLog() : engine[command.type]();
      void run.then(
        (result) =>
          channel.postMessage({ kind: 'reply', id: command.id, result } satisfies Message),
        () => channel.postMessage({ kind: 'reply', id: command.id } satisfies Message),
      );
    }
  };
  return {
    publish: (status) => channel.postMessage({ kind: 'status', status } satisfies Message),
    close: () => channel.close(),
  };
}

/** A follower tab: hears the leader's status and sends it commands. */
export function followLeader(onStatus: (status: SyncStatus | null) => void): EngineCommands & {
  close(): void;
} {
  const channel = new BroadcastChannel(CHANNEL);
  const pending = new Map<string, (result: unknown) => void>();
  // The leader's replies reach every follower: an id unique to this follower keeps one tab from
  // taking another's answer (its Sync now reported done before it was).
  const tab = Math.random().toString(36).slice(2);
  let nextId = 1;
  channel.onmessage = (event: MessageEvent<Message>) => {
    const message = event.data;
    if (message.kind === 'status') onStatus(message.status);
    if (message.kind === 'reply') pending.get(message.id)?.(message.result);
  };
  const send = (command: Command) =>
    channel.postMessage({ kind: 'command', command } satisfies Message);
  const ask = <T>(
    type: 'syncNow' | 'identityChanged' | 'resetLocalData' | 'conflictLog',
    fallback: T,
  ) =>
    new Promise<T>((resolve) => {
      const id = `${tab}:${nextId++}`;
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve(fallback);
      }, REPLY_TIMEOUT_MS);
      pending.set(id, (result) => {
        clearTimeout(timer);
        pending.delete(id);
        resolve((result as T | undefined) ?? fallback);
      });
      send({ type, id });
    });
  send({ type: 'hello' }); // the leader answers with its latest status
  return {
    syncNow: () => ask('syncNow', undefined),
    identityChanged: () => ask('identityChanged', undefined),
    resetLocalData: () => ask('resetLocalData', undefined),
    conflictLog: () => ask<ConflictEntry[]>('conflictLog', []),
    notify: async (notice) => send({ type: 'notify', notice }),
    close: () => channel.close(),
  };
}
