/**
 * The upload queue: files kept on the device (src/data/uploadRepository.ts) are sent once their
 * template exists on the server, retried with back-off when the network fails, and stopped with
 * the server's errorMessage when it refuses the file (SPEC §4 upload widget: error state). The
 * asset the server answers is then put into the template like any local edit, and synced.
 */
import type { TeamtrailDatabase } from '../src/data/database';
import type { UploadDoc } from '../src/data/schemas/uploads';
import { UPLOAD_ATTACHMENT_ID } from '../src/data/uploadRepository';
import type { Asset } from '../src/domain/schemas';
import { backoffDelay } from './backoff';
import type { SyncTiming } from './constants';
import { isTransientFailure, type Transport } from './transport';

/** Videos may be 100 MB; on a weak connection that takes minutes, not the usual 15 s. */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export type UploadPassResult =
  { kind: 'done' } | { kind: 'transient'; status: number; message: string };

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

/** Sends every upload that is due. Stops at the first network failure (the rest would fail too). */
export async function runUploadQueue(ctx: Context): Promise<UploadPassResult> {
  const now = ctx.now();
  const due = (
    await ctx.db.uploads
      .find({
        selector: { owner: ctx.owner, status: { $in: ['queued', 'uploading'] } },
        sort: [{ createdAt: 'asc' }],
      })
      .exec()
  ).filter((doc) => !doc.nextAttemptAt || new Date(doc.nextAttemptAt) <= now);

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
    await doc.incrementalPatch({ status: 'uploading' });
    const form = new FormData();
    form.append(doc.purpose, blob, doc.filename);
    const result = await ctx.transport.request<Asset>('POST', endpointFor(doc), {
      body: form,
      timeoutMs: UPLOAD_TIMEOUT_MS,
    });

    // Removed while it was on its way: cancelled, so its asset is not used.
    const current = await ctx.db.uploads.findOne(doc.id).exec();
    if (!current) continue;

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
  return { kind: 'done' };
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

/** When the next queued upload is due, so the engine can wake up for it. */
export async function nextUploadDue(db: TeamtrailDatabase, owner: string): Promise<Date | null> {
  const queued = await db.uploads.find({ selector: { owner, status: 'queued' } }).exec();
  const times = queued.map((d) => (d.nextAttemptAt ? new Date(d.nextAttemptAt).getTime() : 0));
  return times.length ? new Date(Math.min(...times)) : null;
}
