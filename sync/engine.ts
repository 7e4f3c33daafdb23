/**
 * The sync engine: one per browser profile (hosted by the sync worker), plain TypeScript so it
 * runs in Node tests too. It pushes local template changes as soon as they are written, pulls
 * on start, on server pokes, on focus and on reconnect, keeps the read-only lists fresh, backs
 * off with jitter when the server cannot be reached, and reports a typed status.
 *
 * Passes are serialised: one cycle runs at a time, and a request that arrives meanwhile makes
 * the cycle run once more, so no two pushes of one document can overlap.
 */
import type { Subscription } from 'rxjs';
import type { AiRequestFinished } from '../src/domain/aiEvents';
import type { TeamtrailDatabase } from '../src/localdb/database';
import { SYNC_TIMING, type SyncTiming } from './constants';
import { backoffDelay } from './backoff';
import { openEventStream } from './eventStream';
import { pullActivities, pullLibrary, pullThemes } from './listSync';
import {
  INITIAL_STATUS,
  RECENT_FAILURES_LIMIT,
  storedStatus,
  type SyncFailure,
  type SyncStatus,
} from './status';
import {
  markRefused,
  markTransientFailure,
  pullTemplates,
  pushTemplate,
  resetCheckpoint,
} from './templateSync';
import type { Identity, RequestOptions, Transport } from './transport';
import { retryUploadsNow, runUploadQueue } from './uploadQueue';
import { answered, isTransientFailure } from './transport';
import { guestOwner, ownerKeyOf } from '../src/localdb/owner';
import { addClaims, readClaims, settleClaim } from './claims';
import {
  CLOCK_OFFSET_REPORT_MS,
  createClockOffsetEstimator,
  SERVER_TIME_HEADER,
} from './clockOffset';

export interface EngineOptions {
  db: TeamtrailDatabase;
  transport: Transport;
  timing?: Partial<SyncTiming>;
  random?: () => number;
  now?: () => Date;
  /** Off in tests that drive pulls themselves. */
  eventStream?: boolean;
  /**
   * An AI request of this owner is over (the event stream's `ai-request-finished`): the worker
   * tells the tabs, whose waiting screens ask its status at once (src/localdb/aiRequestEvents.ts).
   */
  onAiRequestFinished?: (event: AiRequestFinished) => void;
  /**
   * The one owner whose database `db` is (the sync worker opens one per owner). A bound engine
   * never syncs under another identity: after a switch of account it idles until the worker
   * replaces it. Unbound (tests of one shared database), it follows the identity.
   */
  owner?: string;
  /** Keeps the diagnostic part of the status across restarts (sync/statusMemory.ts). */
  statusMemory?: {
    load(): Promise<Partial<SyncStatus>>;
    remember(status: SyncStatus): void;
  };
}

export type EngineNotice = 'online' | 'offline' | 'focus';

/** A merge loop guard: a document merged this many times in one cycle waits for the next. */
const MAX_MERGES_PER_CYCLE = 5;
const IDENTITY_DOC = 'sync-identity';

export { ownerKeyOf };

export class SyncEngine {
  private readonly db: TeamtrailDatabase;
  private readonly transport: Transport;
  private readonly timing: SyncTiming;
  private readonly random: () => number;
  private readonly now: () => Date;
  private readonly useEventStream: boolean;
  private readonly boundOwner: string | null;
  private readonly statusMemory: EngineOptions['statusMemory'];
  private readonly onAiRequestFinished: EngineOptions['onAiRequestFinished'];

  private status: SyncStatus = { ...INITIAL_STATUS };
  private readonly listeners = new Set<(status: SyncStatus) => void>();
  private subscriptions: Subscription[] = [];
  private eventStream: { close(): void } | null = null;
  private periodicTimer: ReturnType<typeof setInterval> | null = null;

  private wantPush = false;
  private wantPull = false;
  /** The library and themes change rarely: pulled on start, focus, reconnect and "Sync now",
   * not on every poke about one template. */
  private wantLists = false;
  private wantUploads = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = 0;
  private cycle: Promise<void> | null = null;
  private rerun = false;
  private consecutiveFailures = 0;
  private backingOffUntil = 0;
  private stopped = true;
  /** While the server cannot be reached: a cheap look every few seconds (reconnect()). */
  private probeTimer: ReturnType<typeof setTimeout> | null = null;
  /** Requests the server answered (any HTTP status): only an answer proves it reachable. */
  private answers = 0;
  private readonly clockOffset = createClockOffsetEstimator();

  constructor(options: EngineOptions) {
    this.db = options.db;
    this.transport = this.countingAnswers(options.transport);
    this.timing = { ...SYNC_TIMING, ...options.timing };
    this.random = options.random ?? Math.random;
    this.now = options.now ?? (() => new Date());
    this.useEventStream = options.eventStream ?? true;
    this.boundOwner = options.owner ?? null;
    this.statusMemory = options.statusMemory;
    this.onAiRequestFinished = options.onAiRequestFinished;
  }

  // -------------------------------------------------------------------------------------------
  // Lifecycle

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    // Last push, last pull and recent failures of the previous run, for the diagnostics panel.
    if (this.statusMemory) this.update(await this.statusMemory.load());
    this.update({ running: true });
    const owner = this.boundOwner ?? ownerKeyOf(await this.transport.identity());
    this.update({ owner });
    this.watchLocalChanges(owner);
    if (this.useEventStream) this.connectEventStream();
    this.periodicTimer = setInterval(() => {
      this.wantLists = true;
      this.requestPull();
    }, this.timing.periodicPullMs);
    this.wantPush = true;
    this.wantPull = true;
    this.wantLists = true;
    this.wantUploads = true;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const s of this.subscriptions) s.unsubscribe();
    this.subscriptions = [];
    this.eventStream?.close();
    this.eventStream = null;
    if (this.periodicTimer) clearInterval(this.periodicTimer);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.stopProbing();
    await this.cycle;
    this.update({ running: false, pushing: [], pulling: false });
  }

  // -------------------------------------------------------------------------------------------
  // Requests from the page

  requestPush(delayMs = this.timing.pushDebounceMs): void {
    this.wantPush = true;
    this.schedule(delayMs);
  }

  requestPull(): void {
    this.wantPull = true;
    this.schedule(0);
  }

  /** Browser events forwarded by the tabs. Regaining the network retries at once. */
  notify(notice: EngineNotice): void {
    if (notice === 'offline') {
      this.update({ online: false });
      return;
    }
    if (notice === 'online') {
      this.reconnected();
      return;
    }
    this.wantLists = true;
    this.requestPull();
  }

  /**
   * The server answered again after failures (the browser's `online` event, the event stream's
   * return, a probe): everything waiting is retried at once instead of after the back-off, which
   * may have grown to a minute. Many browsers do not hear of a server restart, a VPN or a
   * captive portal; this is how they find out within seconds.
   */
  private reconnected(): void {
    this.stopProbing();
    this.consecutiveFailures = 0;
    this.backingOffUntil = 0;
    this.wantPush = true;
    this.wantPull = true;
    this.wantLists = true;
    this.wantUploads = true;
    this.schedule(0);
    // Files wait out their own back-off (sync/uploadQueue.ts): end it too.
    const owner = this.status.owner;
    if (owner) void retryUploadsNow(this.db, owner).catch(() => undefined);
  }

  /** "Sync now": retries refused documents too, and resolves when the cycle is done. */
  async syncNow(): Promise<void> {
    const refused = await this.db.templates.find({ selector: { syncState: 'error' } }).exec();
    for (const doc of refused) {
      await doc.incrementalModify((d) => ({ ...d, syncState: 'pending' }));
    }
    // A cycle under way started before this call: joining it could end with a failure of a
    // request sent earlier (and its back-off) instead of a sync. Let it finish, then run anew.
    while (this.cycle) await this.cycle;
    this.consecutiveFailures = 0;
    this.backingOffUntil = 0;
    this.wantPush = true;
    this.wantPull = true;
    this.wantLists = true;
    this.wantUploads = true;
    await this.run();
  }

  /** Sign-in or sign-out happened in a tab: re-key, identify, and pull for the new owner. */
  async identityChanged(): Promise<void> {
    const owner = ownerKeyOf(await this.transport.identity());
    // A bound engine keeps its owner; the worker moves to the new owner's database.
    if (this.boundOwner !== null && owner !== this.boundOwner) return;
    this.update({ owner });
    this.watchLocalChanges(owner);
    if (this.useEventStream && !this.stopped) this.connectEventStream();
    this.wantPush = true;
    this.wantPull = true;
    this.schedule(0);
  }

  subscribe(listener: (status: SyncStatus) => void): () => void {
    this.listeners.add(listener);
    listener(this.status);
    return () => this.listeners.delete(listener);
  }

  getStatus(): SyncStatus {
    return this.status;
  }

  /** Resolves when no cycle is running or due and nothing of this owner waits to be pushed. */
  async whenIdle(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const owner = this.status.owner;
      const pending = owner
        ? await this.db.templates.count({ selector: { syncState: 'pending', owner } }).exec()
        : 0;
      if (
        !this.cycle &&
        !this.timer &&
        !this.wantPush &&
        !this.wantPull &&
        !this.wantUploads &&
        pending === 0
      )
        return;
      if (Date.now() > deadline)
        throw new Error(`sync did not settle: ${JSON.stringify(this.status)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  // -------------------------------------------------------------------------------------------
  // Scheduling

  private watchLocalChanges(owner: string | null) {
    for (const s of this.subscriptions) s.unsubscribe();
    this.subscriptions = [];
    if (!owner) return;
    this.subscriptions.push(
      this.db.templates.find({ selector: { syncState: 'pending', owner } }).$.subscribe((docs) => {
        this.update({ pendingCount: docs.length });
        if (docs.length > 0) this.requestPush();
      }),
      this.db.templates.find({ selector: { syncState: 'error', owner } }).$.subscribe((docs) => {
        this.update({ errorCount: docs.length });
      }),
      this.db.uploads.find({ selector: { owner, status: 'queued' } }).$.subscribe((docs) => {
        this.update({ uploadsQueued: docs.length });
        if (docs.length > 0) {
          this.wantUploads = true;
          this.schedule(this.timing.pushDebounceMs);
        }
      }),
    );
  }

  private connectEventStream() {
    this.eventStream?.close();
    this.eventStream = openEventStream({
      transport: this.transport,
      onChange: () => this.requestPull(),
      onAiRequestFinished: this.onAiRequestFinished,
      onState: (eventStream) => {
        this.update({ eventStream });
        // The stream is back while pushes wait out their back-off: the server is reachable.
        if (eventStream === 'connected' && this.consecutiveFailures > 0) this.reconnected();
      },
      retryDelay: (attempt) =>
        backoffDelay(
          attempt,
          { backoffBaseMs: this.timing.eventStreamRetryMs, backoffMaxMs: this.timing.backoffMaxMs },
          this.random,
        ),
    });
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    const at = Math.max(Date.now() + delayMs, this.backingOffUntil);
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, at - Date.now());
  }

  private async run(): Promise<void> {
    if (this.cycle) {
      this.rerun = true;
      return this.cycle;
    }
    this.cycle = (async () => {
      do {
        this.rerun = false;
        try {
          await this.cycleOnce();
        } catch (error) {
          // A bug or a storage failure must not stop syncing for good: record it, back off,
          // and try the whole cycle again.
          this.wantPush = true;
          this.wantPull = true;
          this.wantUploads = true;
          this.failed({
            message: `Sync stopped on an unexpected error: ${error instanceof Error ? error.message : String(error)}`,
            status: -1,
            at: this.now().toISOString(),
            templateId: null,
          });
          break;
        }
      } while (this.rerun && !this.stopped && Date.now() >= this.backingOffUntil);
    })();
    try {
      await this.cycle;
    } finally {
      this.cycle = null;
    }
    if ((this.wantPush || this.wantPull) && !this.stopped) this.schedule(0);
  }

  private async cycleOnce(): Promise<void> {
    if (this.stopped) return;
    const answersBefore = this.answers;
    const identity = await this.transport.identity();
    const owner = ownerKeyOf(identity);
    if (!owner) return;
    // Signed in or out in a tab; the worker is about to switch databases. Never push this
    // owner's documents under the other identity.
    if (this.boundOwner !== null && owner !== this.boundOwner) return;
    if (!(await this.settleIdentity(identity, owner))) return;
    if (!(await this.sendClaims(identity, owner))) return;

    if (this.wantPush) {
      this.wantPush = false;
      if (!(await this.pushPending(owner))) return;
      // A template that just reached the server may have files waiting for it.
      this.wantUploads = true;
    }
    if (this.wantUploads) {
      this.wantUploads = false;
      if (!(await this.sendUploads(owner))) return;
    }
    if (this.wantPull) {
      this.wantPull = false;
      if (!(await this.pullEverything(owner))) return;
    }
    // A cycle that asked the server nothing (no file was due yet, say) says nothing of the
    // network: after failures, only an answer ends the back-off and the probing.
    if (this.consecutiveFailures === 0 || this.answers > answersBefore) this.succeeded();
  }

  // -------------------------------------------------------------------------------------------
  // Identity: a guest who signs in gets their work moved to their account first

  private async settleIdentity(identity: Identity, owner: string): Promise<boolean> {
    const stored =
      (await this.db.getLocal<{ owner: string }>(IDENTITY_DOC))?.toJSON().data.owner ?? null;
    if (stored === owner) return true;
    if (stored?.startsWith('anon:') && owner.startsWith('user:')) {
      // One database shared by the guest and the account (the worker keeps one per owner and
      // moves the work itself, sync/ownerMove.ts): the guest's documents are the user's now
      // here, and on the server once the claim is sent.
      await addClaims(this.db, [stored.slice('anon:'.length)]);
      const guestDocs = await this.db.templates.find({ selector: { owner: stored } }).exec();
      for (const doc of guestDocs) await doc.incrementalModify((d) => ({ ...d, owner }));
      const guestUploads = await this.db.uploads.find({ selector: { owner: stored } }).exec();
      for (const doc of guestUploads) await doc.incrementalModify((d) => ({ ...d, owner }));
    }
    await resetCheckpoint(this.db);
    await this.db.upsertLocal(IDENTITY_DOC, { owner });
    this.update({ owner });
    this.watchLocalChanges(owner);
    this.wantPush = true;
    this.wantPull = true;
    this.wantLists = true;
    this.wantUploads = true;
    return true;
  }

  /**
   * Guest ids whose work this database took over (sync/claims.ts): the server moves their
   * templates to this owner (POST /v1/users/identify) before anything of theirs is pushed, since
   * until then they are the other id's there. Answers false when the engine must wait.
   */
  private async sendClaims(identity: Identity, owner: string): Promise<boolean> {
    for (const anonId of await readClaims(this.db)) {
      if (owner === guestOwner(anonId)) {
        await settleClaim(this.db, anonId);
        continue;
      }
      const body = identity.userId ? { anonId, clerkId: identity.userId } : { anonId };
      const result = await this.transport.request('POST', '/v1/users/identify', { body });
      if (!result.ok && isTransientFailure(result.error.status)) {
        this.failed({
          message: result.error.message,
          status: storedStatus(result.error.status),
          at: this.now().toISOString(),
          templateId: null,
        });
        return false;
      }
      // A refusal will not change by asking again: recorded for support, and the work is
      // pushed as this owner's (what the server already moved stays moved).
      if (!result.ok)
        this.recordFailure({
          message: result.error.message,
          status: storedStatus(result.error.status),
          at: this.now().toISOString(),
          templateId: null,
        });
      await settleClaim(this.db, anonId);
      this.wantPull = true;
    }
    return true;
  }

  // -------------------------------------------------------------------------------------------
  // Push and pull passes

  private async pushPending(owner: string): Promise<boolean> {
    const ctx = { db: this.db, transport: this.transport, now: this.now, owner };
    const merges = new Map<string, number>();
    for (;;) {
      // A stopping engine lets the request in flight finish but starts no other.
      if (this.stopped) return false;
      const pending = await this.db.templates
        .find({ selector: { syncState: 'pending', owner }, sort: [{ sortAt: 'asc' }] })
        .exec();
      const next = pending.find((doc) => (merges.get(doc.id) ?? 0) < MAX_MERGES_PER_CYCLE);
      if (!next) {
        // Documents still pending after as many merges as a cycle allows (another device is
        // editing them as fast as we push): try again after a pause rather than never.
        if (pending.length > 0) {
          this.wantPush = true;
          this.schedule(this.timing.backoffBaseMs);
        }
        return true;
      }
      this.update({ pushing: [next.id] });
      const outcome = await pushTemplate(ctx, next.id);
      this.update({ pushing: [] });
      switch (outcome.kind) {
        case 'done':
          this.update({ lastPushAt: this.now().toISOString(), online: true });
          break;
        case 'merged':
          merges.set(next.id, (merges.get(next.id) ?? 0) + 1);
          break;
        case 'refused': {
          await markRefused(ctx, next.id, outcome.status, outcome.message);
          this.recordFailure({
            message: outcome.message,
            status: storedStatus(outcome.status),
            at: this.now().toISOString(),
            templateId: next.id,
          });
          break;
        }
        case 'transient': {
          const retryAt = this.failed({
            message: outcome.message,
            status: storedStatus(outcome.status),
            at: this.now().toISOString(),
            templateId: next.id,
          });
          await markTransientFailure(ctx, next.id, outcome.status, outcome.message, retryAt);
          this.wantPush = true;
          return false;
        }
      }
    }
  }

  private async pullEverything(owner: string): Promise<boolean> {
    const ctx = { db: this.db, transport: this.transport, now: this.now, owner };
    this.update({ pulling: true });
    try {
      const lists = this.wantLists;
      this.wantLists = false;
      const steps = [
        () => pullTemplates(ctx),
        ...(lists
          ? [() => pullLibrary(this.db, this.transport), () => pullThemes(this.db, this.transport)]
          : []),
        () => pullActivities(this.db, this.transport, owner),
      ];
      for (const step of steps) {
        if (this.stopped) return false;
        const error = await step();
        if (!error) continue;
        const at = this.now().toISOString();
        const { message, status } = error;
        if (isTransientFailure(status)) {
          this.failed({
            message,
            status: storedStatus(status),
            at,
            templateId: null,
          });
          this.wantPull = true;
          this.wantLists ||= lists;
          return false;
        }
        this.recordFailure({
          message,
          status: storedStatus(status),
          at,
          templateId: null,
        });
      }
      this.update({ lastPullAt: this.now().toISOString(), online: true });
      return true;
    } finally {
      this.update({ pulling: false });
    }
  }

  private async sendUploads(owner: string): Promise<boolean> {
    const result = await runUploadQueue({
      db: this.db,
      transport: this.transport,
      now: this.now,
      owner,
      timing: this.timing,
      random: this.random,
      // Stopping waits for the chunk under way, not for the rest of a large file.
      stopped: () => this.stopped,
    });
    if (result.kind === 'done') {
      // The queue wakes itself when its next retry is due (or a lease or a half-written file
      // may expire). Files waiting for their template's first push are not counted in: that
      // push asks for uploads. Never sooner than a debounce, so that nothing can spin.
      if (result.nextDueAt) {
        this.wantUploads = true;
        this.schedule(
          Math.max(result.nextDueAt.getTime() - this.now().getTime(), this.timing.pushDebounceMs),
        );
      }
      return true;
    }
    this.failed({
      message: result.message,
      status: storedStatus(result.status),
      at: this.now().toISOString(),
      templateId: null,
    });
    this.wantUploads = true;
    return false;
  }

  // -------------------------------------------------------------------------------------------
  // Failures and status

  private countingAnswers(transport: Transport): Transport {
    return {
      request: async <T>(method: string, path: string, init?: RequestOptions) => {
        const sentAt = this.now().getTime();
        const result = await transport.request<T>(method, path, init);
        if (answered(result)) this.answers += 1;
        this.noticeServerTime(sentAt, result.ok ? result.data.headers : result.error.headers);
        return result;
      },
      stream: (path, signal) => transport.stream(path, signal),
      identity: () => transport.identity(),
    };
  }

  /** Every answer tells the server's time: the estimate of this device's clock offset. */
  private noticeServerTime(sentAt: number, headers: Headers | null) {
    const serverMs = Number(headers?.get(SERVER_TIME_HEADER) ?? Number.NaN);
    if (Number.isNaN(serverMs)) return;
    this.clockOffset.sample(sentAt, this.now().getTime(), serverMs);
    const offset = this.clockOffset.offsetMs();
    const reported = this.status.clockOffsetMs;
    if (
      offset !== null &&
      (reported === null || Math.abs(offset - reported) >= CLOCK_OFFSET_REPORT_MS)
    )
      this.update({ clockOffsetMs: offset });
  }

  private succeeded() {
    this.stopProbing();
    this.consecutiveFailures = 0;
    this.backingOffUntil = 0;
    this.update({ online: true, nextRetryAt: null });
  }

  /** A transient failure: back off (with jitter) and try again by itself. */
  private failed(failure: SyncFailure): Date {
    this.consecutiveFailures += 1;
    const delay = backoffDelay(this.consecutiveFailures, this.timing, this.random);
    this.backingOffUntil = Date.now() + delay;
    const retryAt = new Date(this.now().getTime() + delay);
    this.recordFailure(failure);
    this.update({
      online: failure.status !== 0 ? this.status.online : false,
      nextRetryAt: retryAt.toISOString(),
    });
    this.schedule(delay);
    if (failure.status === 0) this.startProbing();
    return retryAt;
  }

  /**
   * No answer at all: look for the server every few seconds with a tiny request, rather than
   * waiting out a back-off of up to a minute. A 5xx is different — the server is there but
   * failing — and is left to the back-off, so that a struggling server is not pressed.
   */
  private startProbing() {
    if (this.probeTimer || this.stopped) return;
    const look = async () => {
      const result = await this.transport.request('GET', '/v1/health', {
        timeoutMs: this.timing.probeTimeoutMs,
      });
      this.probeTimer = null;
      if (this.stopped) return;
      if (result.ok) this.reconnected();
      else if (this.consecutiveFailures > 0)
        this.probeTimer = setTimeout(() => void look(), this.probeDelay());
    };
    this.probeTimer = setTimeout(() => void look(), this.probeDelay());
  }

  /** Jittered by ±25 %, so that browsers cut off together do not look in lockstep. */
  private probeDelay(): number {
    return Math.round(this.timing.probeIntervalMs * (0.75 + this.random() * 0.5));
  }

  private stopProbing() {
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = null;
  }

  private recordFailure(failure: SyncFailure) {
    this.update({
      recentFailures: [...this.status.recentFailures, failure].slice(-RECENT_FAILURES_LIMIT),
    });
  }

  private update(patch: Partial<SyncStatus>) {
    this.status = { ...this.status, ...patch };
    for (const listener of this.listeners) listener(this.status);
    this.statusMemory?.remember(this.status);
  }
}
