/**
 * The upload queue: files kept on the device (src/localdb/uploadRepository.ts) are sent once their
 * template exists on the server, retried with back-off when the network fails, and stopped with
 * the server's errorMessage when it refuses the file (SPEC §4 upload widget: error state). The
 * asset the server answers is then put into the template like any local edit, and synced.
 *
 * Files go through the server's resumable uploads (docs/api.md "Resumable uploads") in chunks:
 * the upload's id and the bytes the server acknowledged are kept in the record, and every
 * attempt after the first asks the server how far it got and sends only the rest. A lost
 * connection, a reload, a crash or a killed worker costs at most the chunk under way (and the
 * server keeps whatever part of it arrived), not the whole file.
 *
 * The queue wakes itself (nextDueAt below): the engine sets a timer for the next retry, and
 * `retryUploadsNow` (called when the connection comes back) makes every waiting file due at once.
 * Records left behind by a tab or a worker that died are recovered (recoverStaleUploads): a file
 * half-written to the device, or one whose upload stopped mid-request, the latter at once when
 * the pass holds the owner's upload lock (UPLOAD_LOCK_PREFIX: its worker is gone).
 */
import type { TeamtrailDatabase } from '../src/localdb/database';
import { editClock } from '../src/localdb/editClock';
import type { UploadDoc } from '../src/localdb/schemas/uploads';
import { ownerKeyOf } from '../src/localdb/owner';
import { UPLOAD_ATTACHMENT_ID } from '../src/localdb/uploadRepository';
import type { Asset } from '../src/domain/schemas';
import { stampLocalEdit } from '../src/domain/fieldStamps';
import { backoffDelay } from './backoff';
import type { SyncTiming } from './constants';
import { answered, isTransientFailure, type Transport, type TransportError } from './transport';
import { isUnreachable } from '../src/protocol/result';

/**
 * One chunk's request. A chunk is at most UPLOAD_CHUNK_BYTES, so this allows for about 70 kbit/s;
 * a connection that stalls is given up on (and resumed) after this long, not after minutes
 * more, as a whole 100 MB video's request had to be allowed.
 */
export const UPLOAD_TIMEOUT_MS = 2 * 60_000;

/**
 * The most a chunk carries. The server suggests a size (its `chunkSize`) and the smaller wins:
 * a chunk cut off costs at most this much again, and progress moves every chunk.
 */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;
/** Limits on what the server may suggest, so that a strange answer cannot make a request per byte. */
const MIN_CHUNK_BYTES = 64 * 1024;

/**
 * A 409 says the server holds a different offset (an answer lost on the way, a second sender):
 * the queue takes the server's and goes on. Several in a row mean something else is writing the
 * same upload; then the file waits its back-off like after a network failure.
 */
const MAX_OFFSET_CONFLICTS = 3;
/**
 * How long to wait, and how often to ask again, while the server is still receiving a part of
 * the upload (docs/api.md `receiving`): a killed sender's connection usually ends within a
 * second or two. After these the file waits its back-off.
 */
const RECEIVING_WAITS_MS = [100, 250, 500, 1_000, 2_000];

/**
 * While a file is being sent its record is leased: `nextAttemptAt` of an 'uploading' record
 * holds when the lease ends, and it is renewed as long as the request lasts. A record still
 * 'uploading' after its lease ended was left by a worker that died mid-request (the last tab
 * closed, a crash): it goes back to the queue, so a killed upload is retried within this long
 * rather than after UPLOAD_TIMEOUT_MS.
 */
export const UPLOAD_LEASE_MS = 30_000;
const LEASE_RENEW_MS = UPLOAD_LEASE_MS / 3;

/**
 * A pass over an owner's files holds the Web Lock of this name (plus the owner) in the browser
 * profile, so that one engine at a time sends them. A Web Lock is let go when its worker ends
 * in any way (closed, crashed, killed), which the lease cannot tell: an engine that holds the
 * lock knows that every record still 'uploading' was left by a worker that is gone, and takes
 * it back at once instead of waiting out its lease. A browser started again after a crash thus
 * resumes its upload as soon as its engine runs, not up to UPLOAD_LEASE_MS later. Without Web
 * Locks (Node, a page that is not a secure context) the leases alone decide, as before.
 */
export const UPLOAD_LOCK_PREFIX = 'teamtrail-uploads:';
/** While another engine of this browser holds the lock (a second worker during an update),
 * the pass sends nothing and is due again after this long. */
export const UPLOAD_LOCK_BUSY_RETRY_MS = 2_000;

/** The part of the Web Locks API the queue uses (navigator.locks; a fake in tests). */
export interface UploadLocks {
  request<T>(
    name: string,
    options: { ifAvailable: true },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

/** This context's Web Locks (a worker's or a page's), or null where there are none. */
function contextLocks(): UploadLocks | null {
  const nav = (globalThis as { navigator?: { locks?: UploadLocks } }).navigator;
  return nav?.locks && typeof nav.locks.request === 'function' ? nav.locks : null;
}

/**
 * A record is 'preparing' only while its tab writes the file next to it, seconds even for a
 * 100 MB video. One this much older was left by a tab that closed or crashed meanwhile.
 */
export const PREPARING_STALE_MS = 2 * 60_000;

export type UploadPassResult =
  | {
      kind: 'done';
      /** When the queue next needs a pass (a retry, a lease or a half-written file that may
       * expire); null when nothing waits on a timer. See nextUploadDue. */
      nextDueAt: Date | null;
      /** The server answered at least one upload in this pass (accepted or refused): it is
       * reachable. False when nothing was due, which says nothing about the network. */
      answered: boolean;
    }
  /** `status` null: no answer. */
  | { kind: 'transient'; status: number | null; message: string };

export interface UploadQueueContext {
  db: TeamtrailDatabase;
  transport: Transport;
  now: () => Date;
  owner: string;
  timing: Pick<SyncTiming, 'backoffBaseMs' | 'backoffMaxMs'>;
  random: () => number;
  /** The most a chunk carries; UPLOAD_CHUNK_BYTES unless a test wants small files in chunks. */
  chunkBytes?: number;
  /**
   * True once the engine stops (an owner switch, the worker closing): the queue stops between
   * chunks, so that stopping waits for one chunk and not for a whole video. The file goes on
   * from there next time.
   */
  stopped?: () => boolean;
  /**
   * The Web Locks of the browser profile (UPLOAD_LOCK_PREFIX); by default this context's
   * navigator.locks, none in Node. null: no lock, the leases alone decide.
   */
  locks?: UploadLocks | null;
}

type Context = UploadQueueContext;

/** How sending one file ended. */
type SendOutcome =
  | { kind: 'stored'; asset: Asset }
  | { kind: 'failed'; status: number | null; errorMessage: string; transient: boolean }
  /** The record was removed while its file was on its way. */
  | { kind: 'cancelled' }
  /** The engine stopped between two chunks. */
  | { kind: 'stopped' };

/** The server's view of a resumable upload (docs/api.md). */
interface UploadSessionAnswer {
  uploadId: string;
  offset: number;
  size: number;
  chunkSize: number;
  asset: Asset | null;
  /** A part is still arriving: the offset may yet move. */
  receiving?: boolean;
}

const timeOf = (iso: string | null): number => {
  const at = iso ? Date.parse(iso) : 0;
  return Number.isFinite(at) ? at : 0;
};

const sessionUrl = (uploadId: string) => `/v1/uploads/${encodeURIComponent(uploadId)}`;

/** 404: no such upload (never made, or removed); 410: it waited too long and was removed. */
const forgotten = (status: number | null) => status === 404 || status === 410;

/**
 * Whether a refusal was the server's answer to this owner, so that it says something about the
 * file. The sync worker asks a tab for the identity before each request; while no tab answers
 * (the only one is loading its next page, or was closed) a request goes out with none, and the
 * server takes it for a new guest: it hands out an `anonid` and answers that the upload does
 * not exist (404), as it does for anyone else's. Taken at its word, that made the queue start
 * the file over from byte 0 under a new upload, throwing away what the server held (a browser
 * restarted after a crash resumed a 6 MB video from 0: e2e/data-safety-upload-crash.spec.ts),
 * or mark the file failed. Such an answer only makes the file wait its back-off instead.
 */
async function answeredToOwner(ctx: Context, error: TransportError): Promise<boolean> {
  if (error.headers?.get('anonid')) return false;
  const identity = await ctx.transport.identity().catch(() => null);
  return identity !== null && ownerKeyOf(identity) === ctx.owner;
}

/** The transient failure for an answer given to another identity (answeredToOwner). */
const notAsOwner = (status: number | null): Extract<SendOutcome, { kind: 'failed' }> => ({
  kind: 'failed',
  status,
  errorMessage: 'The upload waits until this device signs in to the server again.',
  transient: true,
});

const failure = (error: TransportError): Extract<SendOutcome, { kind: 'failed' }> => ({
  kind: 'failed',
  status: error.status,
  errorMessage: error.message,
  transient: isTransientFailure(error.status),
});

/**
 * A refusal the server gave to someone other than this owner (answeredToOwner); no answer at
 * all says nothing about who asked.
 */
const answeredToAnother = async (ctx: Context, error: TransportError): Promise<boolean> =>
  !isUnreachable(error) && !(await answeredToOwner(ctx, error));

/**
 * Sends every upload that is due. Stops at the first network failure (the rest would fail too).
 * Holds the owner's upload lock meanwhile where there are Web Locks (UPLOAD_LOCK_PREFIX).
 */
export async function runUploadQueue(ctx: Context): Promise<UploadPassResult> {
  const locks = ctx.locks === undefined ? contextLocks() : ctx.locks;
  if (!locks) return runPass(ctx, false);
  const result = await locks.request(
    UPLOAD_LOCK_PREFIX + ctx.owner,
    { ifAvailable: true },
    async (lock) => (lock ? runPass(ctx, true) : null),
  );
  if (result) return result;
  // Another engine of this browser is sending this owner's files: its records are its own.
  return {
    kind: 'done',
    nextDueAt: new Date(ctx.now().getTime() + UPLOAD_LOCK_BUSY_RETRY_MS),
    answered: false,
  };
}

/**
 * One pass over the due files. `exclusive`: this engine holds the owner's upload lock, so any
 * record still 'uploading' was left by a worker that is gone, whatever its lease says.
 */
async function runPass(ctx: Context, exclusive: boolean): Promise<UploadPassResult> {
  await recoverStaleUploads(ctx.db, ctx.owner, ctx.now(), { holderGone: exclusive });
  const now = ctx.now().getTime();
  const due = (
    await ctx.db.uploads
      .find({
        selector: { owner: ctx.owner, status: 'queued' },
        sort: [{ createdAt: 'asc' }],
      })
      .exec()
  ).filter((doc) => timeOf(doc.nextAttemptAt) <= now);
  let answered = false;

  for (const doc of due) {
    if (ctx.stopped?.()) break;
    const template = await ctx.db.templates.findOne(doc.templateId).exec();
    // The template must exist on the server first; it will after its push.
    if (!template || template.server === null) continue;
    // Removed meanwhile (cancelled): the attachment read fails with the document gone.
    const blob = await doc
      .getAttachment(UPLOAD_ATTACHMENT_ID)
      ?.getData()
      .catch(() => null);
    if (!(await ctx.db.uploads.findOne(doc.id).exec())) continue;
    if (!blob) {
      await doc.incrementalPatch({
        status: 'failed',
        errorMessage: 'The file is no longer on this device. Choose it again.',
      });
      continue;
    }
    const leaseEnd = () => new Date(ctx.now().getTime() + UPLOAD_LEASE_MS).toISOString();
    await doc.incrementalPatch({ status: 'uploading', nextAttemptAt: leaseEnd() });
    let renewing: Promise<unknown> = Promise.resolve();
    const renew = setInterval(() => {
      renewing = renewing
        .then(() => ctx.db.uploads.findOne(doc.id).exec())
        .then((live) =>
          live?.incrementalModify((d) =>
            d.status === 'uploading' ? { ...d, nextAttemptAt: leaseEnd() } : d,
          ),
        )
        .catch(() => undefined);
    }, LEASE_RENEW_MS);
    let outcome: SendOutcome;
    try {
      outcome = await sendFile(ctx, doc.toMutableJSON(), blob, () => {
        answered = true;
      });
    } finally {
      clearInterval(renew);
      await renewing;
    }

    // Removed while it was on its way: cancelled, so its asset is not used.
    const current = await ctx.db.uploads.findOne(doc.id).exec();
    if (!current || outcome.kind === 'cancelled') continue;

    if (outcome.kind === 'stopped') {
      // Not an attempt that failed: due again as soon as an engine runs, from where it stopped.
      await current.incrementalModify((d) =>
        d.status === 'uploading' ? { ...d, status: 'queued', nextAttemptAt: null } : d,
      );
      break;
    }
    if (outcome.kind === 'stored') {
      const done = await current.incrementalPatch({
        status: 'done',
        asset: outcome.asset,
        errorMessage: null,
        nextAttemptAt: null,
        uploadedBytes: blob.size,
      });
      await applyAsset(ctx, done.toMutableJSON(), outcome.asset);
      // The file has served its purpose; the template now points at the server's copy.
      await done.incrementalRemove();
      continue;
    }
    if (outcome.transient) {
      const attempts = current.attempts + 1;
      const delay = backoffDelay(attempts, ctx.timing, ctx.random);
      await current.incrementalPatch({
        status: 'queued',
        attempts,
        errorMessage: outcome.errorMessage,
        nextAttemptAt: new Date(ctx.now().getTime() + delay).toISOString(),
      });
      return { kind: 'transient', status: outcome.status, message: outcome.errorMessage };
    }
    // Refused (wrong type, too large, …): retrying would fail the same way. The widget shows why.
    await current.incrementalPatch({
      status: 'failed',
      attempts: current.attempts + 1,
      errorMessage: outcome.errorMessage,
      nextAttemptAt: null,
    });
  }
  return { kind: 'done', nextDueAt: await nextUploadDue(ctx.db, ctx.owner), answered };
}

/**
 * One attempt at a file: resume its server upload (asking the server's offset) or start one,
 * then send the rest chunk by chunk, recording each acknowledged offset in the record (the
 * progress the sync indicator shows, and where the next attempt would start without the
 * server's answer). `onAnswer` is told whenever the server answered anything.
 */
async function sendFile(
  ctx: Context,
  upload: UploadDoc,
  file: Blob,
  onAnswer: () => void,
): Promise<SendOutcome> {
  const size = file.size;
  const wanted = Math.max(1, ctx.chunkBytes ?? UPLOAD_CHUNK_BYTES);
  let chunkBytes = wanted;
  const useChunkSize = (suggested: unknown) => {
    chunkBytes =
      typeof suggested === 'number' && Number.isSafeInteger(suggested) && suggested > 0
        ? Math.min(wanted, Math.max(suggested, Math.min(wanted, MIN_CHUNK_BYTES)))
        : wanted;
  };
  let uploadId = upload.uploadId ?? null;
  let offset = 0;
  let restarted = false;
  let conflicts = 0;

  /** Keeps the server's upload and its acknowledged bytes in the record. */
  const remember = async () => {
    const live = await ctx.db.uploads.findOne(upload.id).exec();
    if (!live) return false;
    await live.incrementalModify((d) => ({ ...d, uploadId, uploadedBytes: offset }));
    return true;
  };

  /**
   * Where the server has the upload. Its offset, not ours: it may hold more (a chunk whose
   * answer was lost, or part of one that was cut off) or less (what it had not made durable).
   * While a part is still arriving (the cut-off request of a killed worker, which the server
   * has not seen end yet) its offset may still move: asked again after a moment, rather than
   * sending a chunk it would refuse. 'forgotten' when the server no longer has it.
   */
  const askServer = async (id: string): Promise<SendOutcome | 'forgotten' | 'ready'> => {
    for (let attempt = 0; ; attempt += 1) {
      const result = await ctx.transport.request<UploadSessionAnswer>('GET', sessionUrl(id));
      if (answered(result)) onAnswer();
      if (!result.ok && (await answeredToAnother(ctx, result.error)))
        return notAsOwner(result.error.status);
      if (!result.ok) return forgotten(result.error.status) ? 'forgotten' : failure(result.error);
      const session = result.data.body;
      if (session.asset) return { kind: 'stored', asset: session.asset };
      if (session.receiving && attempt < RECEIVING_WAITS_MS.length) {
        if (ctx.stopped?.()) return { kind: 'stopped' };
        await sleep(RECEIVING_WAITS_MS[attempt]!);
        continue;
      }
      if (session.receiving) {
        return {
          kind: 'failed',
          status: 409,
          errorMessage: 'Another part of this file is still arriving at the server.',
          transient: true,
        };
      }
      offset = Math.min(Math.max(0, session.offset), size);
      useChunkSize(session.chunkSize);
      return (await remember()) ? 'ready' : { kind: 'cancelled' };
    }
  };

  if (uploadId) {
    const resumed = await askServer(uploadId);
    if (resumed === 'forgotten') {
      uploadId = null;
      restarted = true;
    } else if (resumed !== 'ready') {
      return resumed;
    }
  }

  for (;;) {
    if (ctx.stopped?.()) return { kind: 'stopped' };
    if (!uploadId) {
      const created = await ctx.transport.request<UploadSessionAnswer>('POST', '/v1/uploads', {
        body: {
          templateId: upload.templateId,
          target: upload.purpose === 'logo' ? 'logo' : { stepId: upload.stepId ?? '' },
          filename: upload.filename,
          mimeType: upload.mimeType,
          size,
        },
      });
      if (answered(created)) onAnswer();
      if (!created.ok && (await answeredToAnother(ctx, created.error)))
        return notAsOwner(created.error.status);
      if (!created.ok) return failure(created.error);
      uploadId = created.data.body.uploadId;
      offset = created.data.body.offset;
      useChunkSize(created.data.body.chunkSize);
      if (!(await remember())) return cancel(ctx, uploadId);
    }

    const chunk = file.slice(offset, Math.min(size, offset + chunkBytes));
    const result = await ctx.transport.request<UploadSessionAnswer | Asset>(
      'PATCH',
      sessionUrl(uploadId),
      {
        body: chunk,
        headers: {
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
        },
        timeoutMs: UPLOAD_TIMEOUT_MS,
      },
    );
    if (answered(result)) onAnswer();
    // Removed while this chunk was on its way: the server need not keep the rest.
    if (!(await ctx.db.uploads.findOne(upload.id).exec())) return cancel(ctx, uploadId);
    if (!result.ok && (await answeredToAnother(ctx, result.error)))
      return notAsOwner(result.error.status);

    if (result.ok && result.data.status === 201)
      return { kind: 'stored', asset: result.data.body as Asset };
    if (result.ok) {
      offset = (result.data.body as UploadSessionAnswer).offset;
      conflicts = 0;
      if (!(await remember())) return cancel(ctx, uploadId);
      continue;
    }
    if (result.error.status === 409) {
      // The server has the upload elsewhere, or a part is still arriving: ask where, and go on.
      conflicts += 1;
      if (conflicts > MAX_OFFSET_CONFLICTS) return { ...failure(result.error), transient: true };
      const asked = await askServer(uploadId);
      if (asked === 'ready') continue;
      if (asked !== 'forgotten') return asked;
    } else if (!forgotten(result.error.status)) {
      return failure(result.error);
    }
    // The server no longer has it (expired, or its disk was reset): once more from byte 0.
    if (restarted) return { ...failure(result.error), transient: true };
    restarted = true;
    uploadId = null;
    offset = 0;
    if (!(await remember())) return { kind: 'cancelled' };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The file was removed here: tell the server it may drop what it has (it expires anyway). */
async function cancel(ctx: Context, uploadId: string): Promise<SendOutcome> {
  await ctx.transport.request('DELETE', sessionUrl(uploadId)).catch(() => undefined);
  return { kind: 'cancelled' };
}

/**
 * Puts records that their tab or worker left behind back in order (rules in the constants
 * above): 'uploading' past its lease goes back to 'queued', due at once (the interrupted
 * request counts as an attempt), and so does every 'uploading' record when `holderGone` (the
 * caller holds the owner's upload lock, so the worker that leased it is no more: a crash, a
 * kill); 'preparing' for longer than PREPARING_STALE_MS goes to 'queued' when its file was
 * written, and is removed when it was not: there is nothing to send, and the widget goes back
 * to empty instead of spinning for ever.
 */
export async function recoverStaleUploads(
  db: TeamtrailDatabase,
  owner: string,
  now: Date,
  { holderGone = false }: { holderGone?: boolean } = {},
): Promise<{ requeued: number; removed: number }> {
  const at = now.getTime();
  const docs = await db.uploads
    .find({ selector: { owner, status: { $in: ['preparing', 'uploading'] } } })
    .exec();
  let requeued = 0;
  let removed = 0;
  for (const doc of docs) {
    if (doc.status === 'uploading') {
      if (!holderGone && timeOf(doc.nextAttemptAt) > at) continue;
      await doc.incrementalModify((d) =>
        d.status === 'uploading'
          ? { ...d, status: 'queued', attempts: d.attempts + 1, nextAttemptAt: null }
          : d,
      );
      requeued += 1;
      continue;
    }
    if (timeOf(doc.createdAt) + PREPARING_STALE_MS > at) continue;
    if (doc.getAttachment(UPLOAD_ATTACHMENT_ID)) {
      await doc.incrementalModify((d) =>
        d.status === 'preparing' ? { ...d, status: 'queued', nextAttemptAt: null } : d,
      );
      requeued += 1;
    } else {
      await doc.incrementalRemove();
      removed += 1;
    }
  }
  return { requeued, removed };
}

/**
 * Makes every queued upload of this owner due now, keeping its attempts: for a connection that
 * has just come back (the browser's online event, the event stream reconnecting, a request
 * that succeeds after failures), so that files do not sit out the rest of their back-off.
 * Answers how many were waiting on a timer.
 */
export async function retryUploadsNow(db: TeamtrailDatabase, owner: string): Promise<number> {
  const waiting = (await db.uploads.find({ selector: { owner, status: 'queued' } }).exec()).filter(
    (doc) => doc.nextAttemptAt !== null,
  );
  for (const doc of waiting) {
    await doc.incrementalModify((d) => (d.status === 'queued' ? { ...d, nextAttemptAt: null } : d));
  }
  return waiting.length;
}

/** Puts the uploaded asset where the file was chosen for: the logo, or the task's media. */
async function applyAsset(ctx: Context, upload: UploadDoc, asset: Asset) {
  const doc = await ctx.db.templates.findOne(upload.templateId).exec();
  if (!doc || doc.deletedLocally) return;
  await doc.incrementalModify((current) => {
    const content = { ...current.content };
    if (upload.purpose === 'logo') {
      content.branding = {
        ...content.branding,
        logo: { ...asset, brandingId: content.branding.id, default: false },
      };
    } else {
      // The task may have been deleted meanwhile: then the file is simply not used.
      if (!content.steps.some((s) => s.id === upload.stepId)) return current;
      content.steps = content.steps.map((s) =>
        s.id === upload.stepId ? { ...s, media: asset } : s,
      );
    }
    const at = ctx.now().toISOString();
    return {
      ...current,
      content,
      // An edit like any other: the logo or the task's media is stamped as changed now.
      stamps: stampLocalEdit(
        current.content,
        content,
        current.stamps,
        current.server?.fieldStamps,
        editClock,
      ),
      localVersion: current.localVersion + 1,
      localChangedAt: at,
      syncState: 'pending',
      sortAt: at,
    };
  });
}

/**
 * When the queue next needs a pass, so the engine can wake up for it: a queued upload's next
 * attempt, the end of an upload's lease, the moment a 'preparing' record counts as left
 * behind. A queued upload whose template is not on the server yet is left out: the template's
 * push asks for an upload pass itself, and a timer for it would only spin.
 */
export async function nextUploadDue(db: TeamtrailDatabase, owner: string): Promise<Date | null> {
  const docs = await db.uploads
    .find({ selector: { owner, status: { $in: ['preparing', 'queued', 'uploading'] } } })
    .exec();
  const times: number[] = [];
  for (const doc of docs) {
    if (doc.status === 'preparing') {
      times.push(timeOf(doc.createdAt) + PREPARING_STALE_MS);
    } else if (doc.status === 'uploading') {
      times.push(timeOf(doc.nextAttemptAt));
    } else {
      const template = await db.templates.findOne(doc.templateId).exec();
      if (!template || template.server === null) continue;
      times.push(timeOf(doc.nextAttemptAt));
    }
  }
  return times.length ? new Date(Math.min(...times)) : null;
}
