/**
 * Writes to local templates. Every write is durable in IndexedDB when the promise resolves and
 * marks the document for the sync engine (localVersion moves on, syncState 'pending'); the
 * engine pushes it when it can. The UI writes only through here, never to the collection.
 * Each write also stamps the fields it changed (src/domain/fieldStamps.ts), later than every
 * stamp the document holds, so the merge can tell per field which change came later.
 */
import type { Template } from '../domain/schemas';
import { contentOf, type TemplateContent } from '../domain/templateContent';
import type { TeamtrailDatabase } from './database';
import type { LocalTemplateDoc } from './schemas/templates';
import { localTemplateView, type LocalTemplate } from './localTemplate';
import { noteLandedEdit, trackWrite } from './pendingWrites';
import { editClock } from './editClock';
import { restamp, stampLocalEdit, type HybridClock } from '../domain/fieldStamps';

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
  /**
   * Resolves once the edit is durable in IndexedDB, with nothing else: the builder's next
   * keystroke waits for it (src/features/builder/durableWrites.ts), so no copy of the document
   * is made for an answer nobody reads. One readwrite transaction (RxDB's read-check-write, which
   * retries on a concurrent write from the worker), no read before it: `findOne` by id is answered
   * from RxDB's document cache once the document has been read in this tab (the builder has).
   */
  update(id: string, recipe: ContentRecipe): Promise<void>;
  remove(id: string): Promise<void>;
}

const nowIso = () => new Date().toISOString();

export function newId(): string {
  return crypto.randomUUID();
}

export function createTemplateRepository(
  db: TeamtrailDatabase,
  clock: () => string = nowIso,
  /** Stamps the changed fields; tests give each simulated device its own. */
  stampClock: HybridClock = editClock,
): TemplateRepository {
  const templates = db.templates;

  async function create(
    owner: string,
    content: TemplateContent,
    id = newId(),
  ): Promise<LocalTemplate> {
    const at = clock();
    const fresh = contentOf(content);
    const doc: LocalTemplateDoc = {
      id,
      owner,
      content: fresh,
      stamps: restamp(null, fresh, {}, () => stampClock.stamp()),
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
      await trackWrite(
        doc
          .incrementalModify((current) => {
            const patch = typeof recipe === 'function' ? recipe(current.content) : recipe;
            const at = clock();
            const content = { ...current.content, ...patch };
            return {
              ...current,
              content,
              stamps: stampLocalEdit(
                current.content,
                content,
                current.stamps,
                current.server?.fieldStamps,
                stampClock,
              ),
              localVersion: current.localVersion + 1,
              localChangedAt: at,
              syncState: 'pending',
              sortAt: at,
            };
          })
          // Told before the write counts off, so the builder's sync indicator knows the version
          // on its screen is older than this edit until it has caught up (pendingWrites.ts).
          .then((written) => noteLandedEdit(id, written.localChangedAt)),
      );
    },

    async remove(id) {
      const doc = await templates.findOne(id).exec();
      if (!doc) return;
      // Marked, never removed here, even when it has not reached the server yet: its first push
      // may be on its way, and the engine must hear of the deletion when that push is answered
      // (removed here, the answer would find no document and the next pull would bring the
      // server's copy back). The engine removes it: at once when nothing reached the server,
      // after its DELETE when something did (sync/templateSync.ts pushTemplate).
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
