/**
 * Durable commits for the embedded database.
 *
 * Why this file exists. Out of the box PGlite on Node loses acknowledged writes on a power cut:
 * - it starts PostgreSQL with `-F` (fsync=off, `PGlite.defaultStartParams`), so PostgreSQL
 *   never asks for a single fsync: not of the WAL at COMMIT, not of data files at a checkpoint;
 * - even if it asked, Emscripten's NODEFS has no `fsync` stream operation, so the wasm `fsync()`
 *   (`fd_sync` → `stream.stream_ops.fsync?.(stream)`) does nothing, and `fdatasync()`
 *   (`__syscall_fdatasync`) only checks the descriptor and returns 0;
 * - PGlite's own NodeFS has an empty `syncToFs()`, and the database it creates at first start
 *   (initdb runs in memory and is copied in with `loadTar`) is written without any fsync.
 *
 * What `fsync` mode (PGLITE_DURABILITY, the default) does instead, checked against PGlite 0.5.16:
 * 1. PostgreSQL runs with fsync=on, synchronous_commit=on and wal_sync_method=fsync (not the
 *    default fdatasync, which is the no-op syscall above). PostgreSQL then fsyncs the WAL inside
 *    every COMMIT, before it answers, and fsyncs data files, pg_control and directories at
 *    checkpoints and renames in its usual order (WAL before data, data before the checkpoint
 *    record and before old WAL is removed or recycled): PostgreSQL's own crash safety.
 * 2. `DurableNodeFS` gives NODEFS the missing `fsync` stream operation: a real `fsyncSync` on the
 *    host descriptor (libuv uses F_FULLFSYNC on macOS), so those requests reach the disk.
 * 3. As a second line, it notes every file PGlite writes, truncates or closes unsynced and every
 *    directory whose entries change, and `syncToFs()` fsyncs whatever is still unsynced (files
 *    first, then directories). PGlite awaits `syncToFs()` after each `query()` and `exec()`
 *    before their promises resolve, and once after copying in a new database; `transaction()`
 *    skips it after COMMIT (its `#inTransaction` flag is still set then), so `DurablePGlite`
 *    adds one. Normally PostgreSQL has synced the WAL already and little is left: relation
 *    files it extended, or the whole new database at first start.
 *
 * An fsync that fails is not retried as if nothing happened (the kernel may already have
 * dropped the dirty pages): the failure is kept, and every later call rejects with it before it
 * reaches PostgreSQL, until the server is restarted and PostgreSQL recovers from its WAL. (A
 * failed fsync of the WAL makes PostgreSQL PANIC, and PGlite, once panicked, spins for ever on
 * the next call, blocking the event loop; `DurablePGlite` never makes that call.)
 *
 * `relaxed` mode is PGlite as shipped: no fsync at all. Much faster commits; after a power cut
 * or an OS crash the last seconds of acknowledged writes can be gone, or the database can fail
 * to start. A process crash (kill -9) loses nothing in either mode: written data is in the
 * operating system's cache either way.
 */
import { fsyncSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { PGLITE_MEMORY_PARAMS } from './pgliteMemory';

export type PgliteDurability = 'fsync' | 'relaxed';

export const PGLITE_DURABILITIES: readonly PgliteDurability[] = ['fsync', 'relaxed'];

/** PGlite's own start parameters with fsync turned on (see the top of this file). */
export const DURABLE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'synchronous_commit=on',
  '-c',
  'wal_sync_method=fsync',
];

/** What the filesystem did, in order; for tests and diagnostics. */
export interface DurableFsEvent {
  op: 'write' | 'fsync' | 'rename';
  /** Relative to the data directory ('' is the directory itself, '..' its parent). */
  path: string;
  /** A rename's old path. */
  from?: string;
  kind: 'file' | 'directory';
  /** Who asked for the fsync: PostgreSQL itself, or this class's sync after a call. */
  by: 'postgres' | 'sync';
}

export interface DurableNodeFsOptions {
  trace?: (event: DurableFsEvent) => void;
}

// Emscripten's error numbers (WASI numbering), as PostgreSQL inside the wasm sees them.
const EINVAL = 28;
const EIO = 29;

/** The parts of Emscripten's FS objects used here (PGlite's typings leave them untyped). */
interface EmNode {
  mode: number;
  parent: EmNode;
}
interface EmStream {
  node: EmNode;
  nfd?: number;
  shared: { refcount: number };
}
interface EmNodeOps {
  mknod(parent: EmNode, name: string, mode: number, dev: unknown): EmNode;
  rename(oldNode: EmNode & { name: string }, newDir: EmNode, newName: string): void;
  unlink(parent: EmNode, name: string): void;
  rmdir(parent: EmNode, name: string): void;
  symlink(parent: EmNode, newName: string, oldPath: string): void;
  setattr(node: EmNode, attr: { size?: number }): void;
}
interface EmStreamOps {
  write(stream: EmStream, ...rest: unknown[]): number;
  close(stream: EmStream): void;
  setattr(stream: EmStream, attr: { size?: number }): void;
  fsync?: (stream: EmStream) => number;
}
interface EmNodeFs {
  node_ops: EmNodeOps;
  stream_ops: EmStreamOps;
  realPath(node: EmNode): string;
}
interface EmModule {
  NODEFS: EmNodeFs;
  FS: { isDir(mode: number): boolean; ErrnoError: new (errno: number) => Error };
}

type InitOptions = Parameters<NodeFS['init']>[1];
type InitResult = Awaited<ReturnType<NodeFS['init']>>;

/** Errors of an fsync of a directory that mean "cannot be done here", not "failed". */
const UNSYNCABLE_DIRECTORY = new Set(['EISDIR', 'EINVAL', 'EBADF', 'EPERM']);
const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? '';

/** Empties a set, answering what it held. */
function take<T>(set: Set<T>): T[] {
  const items = [...set];
  set.clear();
  return items;
}

/** Runs `task` for every item, at most `limit` at a time (fsyncs wait on the disk, not the CPU). */
async function forEachConcurrently<T>(
  items: readonly T[],
  task: (item: T) => Promise<void>,
  limit = 16,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Postgres's temporary files (sorts, hashes) are removed at every start: never worth a sync. */
const isTemporary = (hostPath: string) => hostPath.includes(`${path.sep}pgsql_tmp`);

/**
 * PGlite's NodeFS with real fsyncs: PostgreSQL's own, and a sync of everything still unsynced
 * before each call's promise resolves (see the top of this file).
 */
export class DurableNodeFS extends NodeFS {
  readonly #trace: DurableNodeFsOptions['trace'];
  /** Open host descriptors written since their last fsync, with their host paths. */
  readonly #dirtyFds = new Map<number, string>();
  /** Files closed (or changed by path) since their last fsync. */
  readonly #dirtyPaths = new Set<string>();
  /** Directories whose entries changed since their last fsync. */
  readonly #dirtyDirs = new Set<string>();
  #failure: Error | null = null;
  #syncChain: Promise<void> = Promise.resolve();

  constructor(dataDir: string, options: DurableNodeFsOptions = {}) {
    super(dataDir);
    this.#trace = options.trace;
    // The data directory's own entry, in case it was just made.
    this.#dirtyDirs.add(path.dirname(this.rootDir));
  }

  override async init(pg: PGlite, opts: InitOptions): Promise<InitResult> {
    const result = await super.init(pg, opts);
    const options = result.emscriptenOpts;
    // NodeFS's own preRun mounts NODEFS on PGDATA; this one runs after it, before PostgreSQL.
    options.preRun = [
      ...(options.preRun ?? []),
      (mod) => this.#instrument(mod as unknown as EmModule),
    ];
    return result;
  }

  /**
   * Fsyncs every file and directory written since its last fsync. PGlite awaits this after each
   * query() and exec() before resolving it; DurablePGlite also after each transaction(). Calls
   * run one after the other, so none returns before the writes made ahead of it are synced.
   */
  override syncToFs(): Promise<void> {
    const run = this.#syncChain.then(() => this.#sync());
    this.#syncChain = run.catch(() => undefined);
    return run;
  }

  override async closeFs(): Promise<void> {
    // PGlite writes its shutdown checkpoint after the last syncToFs() of close().
    try {
      await this.syncToFs();
    } finally {
      await super.closeFs();
    }
  }

  /** The fsync that failed, if one did: from then on every call is refused (see the top). */
  get failure(): Error | null {
    return this.#failure;
  }

  #fail(error: unknown): Error {
    this.#failure ??= new Error(
      `The embedded database could not write to disk (fsync failed: ${(error as Error).message}). ` +
        'Writes since then may not be saved. Check the disk, then restart Teamtrail.',
      { cause: error },
    );
    return this.#failure;
  }

  async #sync(): Promise<void> {
    if (this.#failure) throw this.#failure;
    try {
      // Open descriptors synchronously: nothing can close (and reuse) them meanwhile.
      for (const [fd, hostPath] of this.#dirtyFds) {
        fsyncSync(fd);
        this.#dirtyFds.delete(fd);
        this.#emit('fsync', hostPath, 'file', 'sync');
      }
      // Closed files, then directories (a new file's entry after its content), several at a
      // time: a new database is about a thousand files, and the disk's journal takes
      // concurrent fsyncs together (about ten times faster than one by one).
      await forEachConcurrently(take(this.#dirtyPaths), (file) => this.#fsyncPath(file, 'file'));
      await forEachConcurrently(take(this.#dirtyDirs), (dir) => this.#fsyncPath(dir, 'directory'));
    } catch (error) {
      throw this.#fail(error);
    }
  }

  /** Fsyncs a file or directory by path; one that is gone meanwhile needs nothing. */
  async #fsyncPath(hostPath: string, kind: DurableFsEvent['kind']): Promise<void> {
    let handle: FileHandle;
    try {
      handle = await open(hostPath, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    try {
      await handle.sync();
    } catch (error) {
      // Some systems cannot fsync a directory (PostgreSQL ignores these too).
      if (!(kind === 'directory' && UNSYNCABLE_DIRECTORY.has(errorCode(error)))) throw error;
    } finally {
      await handle.close();
    }
    this.#emit('fsync', hostPath, kind, 'sync');
  }

  #emit(
    op: DurableFsEvent['op'],
    hostPath: string,
    kind: DurableFsEvent['kind'],
    by: DurableFsEvent['by'],
  ) {
    this.#trace?.(this.#event(op, hostPath, kind, by));
  }

  #event(
    op: DurableFsEvent['op'],
    hostPath: string,
    kind: DurableFsEvent['kind'],
    by: DurableFsEvent['by'],
  ): DurableFsEvent {
    return { op, path: this.#relative(hostPath), kind, by };
  }

  #relative(hostPath: string): string {
    return path.relative(this.rootDir, hostPath);
  }

  /** Wraps NODEFS's operations of this PGlite's own Emscripten module (each has its own). */
  #instrument(mod: EmModule): void {
    const nodefs = mod.NODEFS;
    const { FS } = mod;
    const streamOps = nodefs.stream_ops;
    const nodeOps = nodefs.node_ops;
    const dirtyDir = (node: EmNode) => {
      const hostPath = nodefs.realPath(node);
      if (!isTemporary(hostPath)) this.#dirtyDirs.add(hostPath);
    };
    const markFd = (stream: EmStream) => {
      const fd = stream.nfd;
      if (fd === undefined) return;
      const known = this.#dirtyFds.get(fd);
      const hostPath = known ?? nodefs.realPath(stream.node);
      if (isTemporary(hostPath)) return;
      if (known === undefined) this.#dirtyFds.set(fd, hostPath);
      if (this.#trace) this.#emit('write', hostPath, 'file', 'postgres');
    };

    const { write, close, setattr: setattrStream } = streamOps;
    // msync writes through stream_ops.write too, so mapped writes are covered.
    streamOps.write = (stream, ...rest) => {
      const written = write(stream, ...rest);
      markFd(stream);
      return written;
    };
    streamOps.setattr = (stream, attr) => {
      setattrStream(stream, attr);
      if (attr.size !== undefined) markFd(stream);
    };
    streamOps.close = (stream) => {
      // The descriptor's number may be reused once closed: go on by path.
      const fd = stream.nfd;
      const hostPath = fd === undefined ? undefined : this.#dirtyFds.get(fd);
      if (fd !== undefined && hostPath !== undefined && stream.shared.refcount <= 1) {
        this.#dirtyFds.delete(fd);
        this.#dirtyPaths.add(hostPath);
      }
      close(stream);
    };
    // The operation Emscripten's fd_sync looks for, and NODEFS lacks: PostgreSQL's fsync().
    streamOps.fsync = (stream) => {
      const fd = stream.nfd;
      if (fd === undefined) return 0;
      const hostPath = nodefs.realPath(stream.node);
      const isDir = FS.isDir(stream.node.mode);
      try {
        fsyncSync(fd);
      } catch (error) {
        // PostgreSQL ignores EINVAL for directories that cannot be synced; anything else panics it.
        if (isDir && UNSYNCABLE_DIRECTORY.has(errorCode(error))) throw new FS.ErrnoError(EINVAL);
        this.#fail(error);
        throw new FS.ErrnoError(EIO); // PostgreSQL PANICs, as it should
      }
      if (isDir) this.#dirtyDirs.delete(hostPath);
      else this.#dirtyFds.delete(fd);
      this.#emit('fsync', hostPath, isDir ? 'directory' : 'file', 'postgres');
      return 0;
    };

    const { mknod, rename, unlink, rmdir, symlink, setattr: setattrNode } = nodeOps;
    nodeOps.mknod = (parent, name, mode, dev) => {
      const node = mknod(parent, name, mode, dev);
      dirtyDir(parent);
      return node;
    };
    nodeOps.rename = (oldNode, newDir, newName) => {
      const oldParent = oldNode.parent;
      const oldPath = nodefs.realPath(oldNode);
      rename(oldNode, newDir, newName);
      const newPath = nodefs.realPath(oldNode);
      if (this.#dirtyPaths.delete(oldPath)) this.#dirtyPaths.add(newPath);
      if (this.#trace) {
        const kind = FS.isDir(oldNode.mode) ? 'directory' : 'file';
        this.#trace({
          ...this.#event('rename', newPath, kind, 'postgres'),
          from: this.#relative(oldPath),
        });
      }
      dirtyDir(oldParent);
      dirtyDir(newDir);
    };
    nodeOps.unlink = (parent, name) => {
      unlink(parent, name);
      this.#dirtyPaths.delete(path.join(nodefs.realPath(parent), name));
      dirtyDir(parent);
    };
    nodeOps.rmdir = (parent, name) => {
      rmdir(parent, name);
      this.#dirtyDirs.delete(path.join(nodefs.realPath(parent), name));
      dirtyDir(parent);
    };
    nodeOps.symlink = (parent, newName, oldPath) => {
      symlink(parent, newName, oldPath);
      dirtyDir(parent);
    };
    nodeOps.setattr = (node, attr) => {
      setattrNode(node, attr);
      if (attr.size !== undefined) {
        const hostPath = nodefs.realPath(node);
        if (!isTemporary(hostPath)) this.#dirtyPaths.add(hostPath);
      }
    };
  }
}

/**
 * PGlite on DurableNodeFS. Its transaction() also syncs when it ends: PGlite's own skips
 * syncToFs() after COMMIT (the commit itself is durable either way: PostgreSQL fsyncs the WAL
 * inside COMMIT). After a failed fsync, nothing reaches PostgreSQL any more (see the top).
 */
export class DurablePGlite extends PGlite {
  /** Every query, exec, transaction statement and close of PGlite goes through here. */
  override execProtocolRawSync(message: Uint8Array): Uint8Array {
    const failure = this.fs instanceof DurableNodeFS ? this.fs.failure : null;
    if (failure) throw failure;
    return super.execProtocolRawSync(message);
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await super.transaction(callback);
    } finally {
      // The filesystem's own sync, not PGlite's syncToFs(): that one returns at once, without
      // waiting, while another sync is queued.
      if (!this.closed) await this.fs?.syncToFs();
    }
  }
}

/**
 * Opens PGlite on a folder with the given durability (see the top of this file) and the memory
 * bounds of pgliteMemory.ts.
 */
export function createPglite(
  dataDir: string,
  durability: PgliteDurability,
  options: DurableNodeFsOptions = {},
): PGlite {
  if (durability === 'relaxed') {
    return new PGlite(dataDir, {
      startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_PARAMS],
    });
  }
  const pgliteOptions: PGliteOptions = {
    fs: new DurableNodeFS(dataDir, options),
    startParams: [...DURABLE_START_PARAMS, ...PGLITE_MEMORY_PARAMS],
  };
  return new DurablePGlite(pgliteOptions);
}

/** PGLITE_DURABILITY: `fsync` (the default) or `relaxed`; anything else stops the server. */
export function parsePgliteDurability(raw: string | undefined): PgliteDurability {
  const value = raw?.trim().toLowerCase() || 'fsync';
  if ((PGLITE_DURABILITIES as readonly string[]).includes(value)) return value as PgliteDurability;
  throw new Error(
    `PGLITE_DURABILITY must be fsync (every commit on disk before it is acknowledged, the default) or relaxed (faster, but a power cut can lose the last commits); got "${raw}"`,
  );
}
