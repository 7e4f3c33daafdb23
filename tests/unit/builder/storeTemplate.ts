/**
 * Puts a valid quiz (or `overrides` of it) on the test device as the sync engine would have it:
 * on the server with every change pushed (the default), with a change not pushed yet
 * (`pending`), or made here and never pushed at all (`onServer: false`).
 */
import { randomUUID } from 'node:crypto';
import type { TeamtrailDatabase } from '../../../src/localdb/database';
import type { LocalTemplateDoc } from '../../../src/localdb/schemas/templates';
import type { Template } from '../../../src/domain/schemas';
import { contentOf } from '../../../src/domain/templateContent';
import { generatedTemplate, OWNER } from '../wizard/harness';

export async function storeTemplate(
  db: TeamtrailDatabase,
  overrides: Partial<Template> = {},
  { pending = false, onServer = true }: { pending?: boolean; onServer?: boolean } = {},
): Promise<Template> {
  const template = { ...generatedTemplate(), id: randomUUID(), ...overrides };
  const at = '2026-03-01T09:00:00.000Z';
  const doc: LocalTemplateDoc = {
    id: template.id,
    owner: OWNER,
    content: contentOf(template),
    stamps: {},
    server: onServer ? template : null,
    localVersion: pending ? 2 : 1,
    pushedVersion: onServer ? 1 : 0,
    localChangedAt: at,
    deletedLocally: false,
    syncState: onServer && !pending ? 'synced' : 'pending',
    lastError: null,
    lastConflictAt: null,
    sortAt: at,
  };
  await db.templates.insert(doc);
  return template;
}
