/**
 * The upload queue: files kept on the device (src/data/uploadRepository.ts) are sent once their
 * template exists on the server, retried with back-off when the network fails, and stopped with
 * the server's errorMessage when it refuses the file (SPEC §4 upload widget: error state). The
 * asset the server answers is then put into the template like any local edit, and synced.
 *
 * The queue wakes itself (nextDueAt below): the engine sets a timer for the next retry, and
 * `retryUploadsNow` (called when the connection comes back) makes every waiting file due at once.
 * Records left behind by a tab or a worker that died are recovered (recoverStaleUploads): a file
 * half-written to the device, or one whose upload stopped mid-request.
 */
import type { TeamtrailDatabase } from '../src/data/database';
import type { UploadDoc } from '../src/data/schemas/uploads';
import { UPLOAD_ATTACHMENT_ID } from '../src/data/uploadRepository';
import type { Asset } from '../src/domain/schemas';
import { backoffDelay } from './backoff';
import type { SyncTiming } from './constants';
import { isTransientFailure, type ApiResult, type Transport } from './transport';

/** Videos may be 100 MB; on a weak connection that takes minutes, not the usual 15 s. */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

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
  | { kind: 'transient'; status: number; message: string };

interface Context {
  db: TeamtrailDatabase;
  transport: Transport;
  now: () => Date;
  owner: string;
  timing: Pick<SyncTiming, 'backoffBaseMs' | 'backoffMaxMs'>;
  random: () => number;
}

const endpointFor = (upload: UploadDoc) =>
  upload.purpose === 'logo'
    ? `/v1/templates/${encodeURIComponent(upload.templateId)}/branding/logo`
    : `/v1/templates/${encodeURIComponent(upload.templateId)}/steps/${encodeURIComponent(upload.stepId ?? '')}/media`;

const timeOf = (iso: string | null): number => {
  const at = iso ? Date.parse(iso) : 0;
  return Number.isFinite(at) ? at : 0;
};

/** Sends every upload that is due. Stops at the first network failure (the rest would fail too). */
export async function runUploadQueue(ctx: Context): Promise<UploadPassResult> {
  await recoverStaleUploads(ctx.db, ctx.owner, ctx.now());
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
    const form = new FormData();
    form.append(doc.purpose, blob, doc.filename);
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
    let result: ApiResult<Asset>;
    try {
      result = await ctx.transport.request<Asset>('POST', endpointFor(doc), {
        body: form,
        timeoutMs: UPLOAD_TIMEOUT_MS,
      });
    } finally {
      clearInterval(renew);
      await renewing;
    }

    // Removed while it was on its way: cancelled, so its asset is not used.
    const current = await ctx.db.uploads.findOne(doc.id).exec();
    if (!current) continue;

    if (result.ok || !isTransientFailure(result.status)) answered = true;
    if (result.ok) {
      const done = await current.incrementalPatch({
        status: 'done',
        asset: result.body,
        errorMessage: null,
        nextAttemptAt: null,
      });
      await applyAsset(ctx, done.toMutableJSON(), result.body);
      // The file has served its purpose; the template now points at the server's copy.
      await done.incrementalRemove();
      continue;
    }
    if (isTransientFailure(result.status)) {
      const attempts = current.attempts + 1;
      const delay = backoffDelay(attempts, ctx.timing, ctx.random);
      await current.incrementalPatch({
        status: 'queued',
        attempts,
        errorMessage: result.errorMessage,
        nextAttemptAt: new Date(ctx.now().getTime() + delay).toISOString(),
      });
      return { kind: 'transient', status: result.status, message: result.errorMessage };
    }
    // Refused (wrong type, too large, …): retrying would fail the same way. The widget shows why.
    await current.incrementalPatch({
      status: 'failed',
      attempts: current.attempts + 1,
      errorMessage: result.errorMessage,
      nextAttemptAt: null,
    });
  }
  return { kind: 'done', nextDueAt: await nextUploadDue(ctx.db, ctx.owner), answered };
}

/**
 * Puts records that their tab or worker left behind back in order (rules in the constants
 * above): 'uploading' past its lease goes back to 'queued', due at once (the interrupted
 * request counts as an attempt); 'preparing' for longer than PREPARING_STALE_MS goes to
 * 'queued' when its file was written, and is removed when it was not: there is nothing to send,
 * and the widget goes back to empty instead of spinning for ever.
 */
export async function recoverStaleUploads(
  db: TeamtrailDatabase,
  owner: string,
  now: Date,
): Promise<{ requeued: number; removed: number }> {
  const at = now.getTime();
  const docs = await db.uploads
    .find({ selector: { owner, status: { $in: ['preparing', 'uploading'] } } })
    .exec();
  let requeued = 0;
  let removed = 0;
  for (const doc of docs) {
    if (doc.status === 'uploading') {
      if (timeOf(doc.nextAttemptAt) > at) continue;
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
