/**
 * Writes to local templates. Every write is durable in IndexedDB when the promise resolves and
 * marks the document for the sync engine (localVersion moves on, syncState 'pending'); the
 * engine pushes it when it can. The UI writes only through here, never to the collection.
 */
import type { Template } from '../domain/schemas';
import { contentOf, type TemplateContent } from '../domain/templateContent';
import type { TeamtrailDatabase } from './database';
import type { LocalTemplateDoc } from './schemas/templates';
import { localTemplateView, type LocalTemplate } from './localTemplate';
import { trackWrite } from './pendingWrites';

export type ContentPatch = Partial<TemplateContent>;
export type ContentRecipe = ContentPatch | ((current: TemplateContent) => ContentPatch);

export interface TemplateRepository {
  /** A new template that exists only here until the engine creates it on the server. */
  create(owner: string, content: TemplateContent, id?: string): Promise<LocalTemplate>;
  /** A local copy of any template (a library master, or one's own), made without the network. */
  copy(
    owner: string,
    source: TemplateContent & { id: string; master?: boolean; name: string },
    id?: string,
  ): Promise<LocalTemplate>;
  update(id: string, recipe: ContentRecipe): Promise<LocalTemplate>;
  remove(id: string): Promise<void>;
}

const nowIso = () => new Date().toISOString();

export function newId(): string {
  return crypto.randomUUID();
}

export function createTemplateRepository(
  db: TeamtrailDatabase,
  clock: () => string = nowIso,
): TemplateRepository {
  const templates = db.templates;

  async function create(
    owner: string,
    content: TemplateContent,
    id = newId(),
  ): Promise<LocalTemplate> {
    const at = clock();
    const doc: LocalTemplateDoc = {
      id,
      owner,
      content: contentOf(content),
      server: null,
      localVersion: 1,
      pushedVersion: 0,
      localChangedAt: at,
      deletedLocally: false,
      syncState: 'pending',
      lastError: null,
      lastConflictAt: null,
      sortAt: at,
    };
    const inserted = await trackWrite(templates.insert(doc));
    return localTemplateView(inserted.toMutableJSON());
  }

  return {
    create,

    async copy(owner, source, id) {
      const content = contentOf(source);
      return create(
        owner,
        {
          ...content,
          // SPEC §2.7 keeps a library template's name; a copy of one's own is "Copy of …".
          name: source.master ? source.name : `Copy of ${source.name}`.slice(0, 200),
          branding: {
            ...content.branding,
            id: newId(),
            logo: content.branding.logo ? { ...content.branding.logo } : null,
          },
        },
        id,
      );
    },

    async update(id, recipe) {
      const doc = await templates.findOne(id).exec();
      if (!doc || doc.deletedLocally) throw new Error(`There is no activity ${id} on this device.`);
      const updated = await trackWrite(
        doc.incrementalModify((current) => {
          const patch = typeof recipe === 'function' ? recipe(current.content) : recipe;
          const at = clock();
          return {
            ...current,
            content: { ...current.content, ...patch },
            localVersion: current.localVersion + 1,
            localChangedAt: at,
            syncState: 'pending',
            sortAt: at,
          };
        }),
      );
      return localTemplateView(updated.toMutableJSON());
    },

    async remove(id) {
      const doc = await templates.findOne(id).exec();
      if (!doc) return;
      if (doc.server === null) {
        // Never reached the server: nothing to tell it.
        await doc.remove();
        return;
      }
      await doc.incrementalModify((current) => ({
        ...current,
        deletedLocally: true,
        localVersion: current.localVersion + 1,
        localChangedAt: clock(),
        syncState: 'pending',
      }));
    },
  };
}

export type { Template };
