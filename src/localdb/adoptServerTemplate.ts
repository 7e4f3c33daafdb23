/**
 * Puts a template that the server made and already stored (the AI assistant's new activity,
 * docs/ai.md) into the local database as the server's copy for the current owner, so that the
 * builder can open it at once instead of waiting for the sync worker's next pull.
 */
// The pull's own code writes it, so an adopted template is exactly what a pull would have
// stored: the next pull of the same revision changes nothing, and a newer one merges as usual.
// Only this one write is shared with the tab; the engine itself still runs in the worker.
// eslint-disable-next-line no-restricted-imports
import { applyServerTemplate } from '../../sync/templateSync';
import { templateSchema, type Template } from '../domain/schemas';
import type { TeamtrailDatabase } from './database';

type PullContext = Parameters<typeof applyServerTemplate>[0];

/** Applying a pulled template never calls the server; nothing here may try. */
const NO_TRANSPORT: PullContext['transport'] = {
  request: () => Promise.reject(new Error('adoptServerTemplate does not call the server')),
  stream: async () => null,
  identity: () => Promise.reject(new Error('adoptServerTemplate does not call the server')),
};

/**
 * Stores `template` for `owner` ('user:…' or 'anon:…') as a pull would. Answers false, storing
 * nothing, when the answer is not a whole template (the next pull brings it instead).
 */
export async function adoptServerTemplate(
  db: TeamtrailDatabase,
  owner: string,
  template: Template,
  now: () => Date = () => new Date(),
): Promise<boolean> {
  const parsed = templateSchema.safeParse(template);
  if (!parsed.success) return false;
  await applyServerTemplate({ db, owner, now, transport: NO_TRANSPORT }, parsed.data);
  return true;
}
