/**
 * The activity the builder last had open, remembered per owner: the wglastTemplateId cookie
 * (SPEC §9) is one per browser, so after another account used the builder it names their
 * activity — which is not in this owner's database. This local document of the owner's own
 * database is what "Activity Builder" falls back to.
 */
import type { TeamtrailDatabase } from './database';

const LAST_TEMPLATE_DOC = 'builder-last-template';

export async function rememberLastTemplate(db: TeamtrailDatabase, id: string): Promise<void> {
  const current = await readLastTemplate(db);
  if (current !== id) await db.upsertLocal(LAST_TEMPLATE_DOC, { id });
}

export async function readLastTemplate(db: TeamtrailDatabase): Promise<string | null> {
  const doc = await db.getLocal<{ id: string }>(LAST_TEMPLATE_DOC);
  return doc?.toJSON().data.id ?? null;
}
