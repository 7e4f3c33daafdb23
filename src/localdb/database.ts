/**
 * The local database of one owner (src/localdb/owner.ts: one per signed-in user and per guest id),
 * RxDB on Dexie (IndexedDB), shared by the tabs and the sync worker of this browser profile
 * (multiInstance). A handful of collections — the open-source RxDB allows 13 per JavaScript
 * context, so one owner's database is open at a time — and local documents for small meta
 * (checkpoints, the conflict log, claims).
 */
import {
  addRxPlugin,
  createRxDatabase,
  type RxCollection,
  type RxDatabase,
  type RxStorage,
} from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBAttachmentsPlugin } from 'rxdb/plugins/attachments';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { templatesMigrations, templatesSchema, type LocalTemplateDoc } from './schemas/templates';
import {
  activitiesSchema,
  librarySchema,
  themesSchema,
  type ActivityDoc,
  type LibraryDoc,
  type ThemeDoc,
} from './schemas/lists';
import { uploadsMigrationStrategies, uploadsSchema, type UploadDoc } from './schemas/uploads';

export interface TeamtrailCollections {
  templates: RxCollection<LocalTemplateDoc>;
  library: RxCollection<LibraryDoc>;
  activities: RxCollection<ActivityDoc>;
  themes: RxCollection<ThemeDoc>;
  uploads: RxCollection<UploadDoc>;
}

export type TeamtrailDatabase = RxDatabase<TeamtrailCollections>;

export interface DatabaseOptions {
  /** The owner's database name (src/localdb/owner.ts: databaseNameFor). */
  name: string;
  /** IndexedDB implementation; the browser's by default, fake-indexeddb in Node tests. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /** Dev mode checks every write against the schema (slower; never in production builds). */
  devMode?: boolean;
  /**
   * 'owned': only templates and uploads, for a database whose work is being moved to another
   * owner's (workers/ownerSwitch.ts), so that two open databases stay well inside RxDB's limit
   * of open collections.
   */
  collections?: 'all' | 'owned';
}

let pluginsAdded = false;
let devModeAdded = false;

async function addPlugins(devMode: boolean): Promise<void> {
  if (!pluginsAdded) {
    addRxPlugin(RxDBLocalDocumentsPlugin);
    addRxPlugin(RxDBAttachmentsPlugin);
    addRxPlugin(RxDBMigrationSchemaPlugin);
    pluginsAdded = true;
  }
  if (devMode && !devModeAdded) {
    const { RxDBDevModePlugin, disableWarnings } = await import('rxdb/plugins/dev-mode');
    disableWarnings();
    addRxPlugin(RxDBDevModePlugin);
    devModeAdded = true;
  }
}

async function createStorage(options: DatabaseOptions): Promise<RxStorage<unknown, unknown>> {
  const dexie = getRxStorageDexie({
    ...(options.indexedDB
      ? { indexedDB: options.indexedDB, IDBKeyRange: options.IDBKeyRange }
      : {}),
    // Chromium's default 'relaxed' durability acknowledges writes before they reach the disk,
    // so a power cut can lose an edit the UI already showed as saved. 'strict' waits for it.
    chromeTransactionDurability: 'strict',
  } as Parameters<typeof getRxStorageDexie>[0]);
  if (!options.devMode) return dexie as RxStorage<unknown, unknown>;
  // Dev mode insists on a schema validator around the storage.
  const { wrappedValidateAjvStorage } = await import('rxdb/plugins/validate-ajv');
  return wrappedValidateAjvStorage({ storage: dexie }) as RxStorage<unknown, unknown>;
}

export async function createTeamtrailDatabase(
  options: DatabaseOptions,
): Promise<TeamtrailDatabase> {
  const devMode = options.devMode ?? false;
  await addPlugins(devMode);
  const db = await createRxDatabase<TeamtrailCollections>({
    name: options.name,
    storage: await createStorage(options),
    multiInstance: true,
    // Tabs and the worker each open their own instance of the same database.
    ignoreDuplicate: devMode,
    localDocuments: true,
    closeDuplicates: false,
  });
  const owned = {
    templates: { schema: templatesSchema, migrationStrategies: templatesMigrations },
    uploads: { schema: uploadsSchema, migrationStrategies: uploadsMigrationStrategies },
  };
  if (options.collections === 'owned') await db.addCollections(owned);
  else
    await db.addCollections({
      ...owned,
      library: { schema: librarySchema, migrationStrategies: {} },
      activities: { schema: activitiesSchema, migrationStrategies: {} },
      themes: { schema: themesSchema, migrationStrategies: {} },
    });
  return db;
}

/**
 * Asks the browser not to evict this origin's storage under pressure. Guests may build for
 * days before signing up; their work must not vanish when the disk fills up.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
  if (await navigator.storage.persisted()) return true;
  return navigator.storage.persist();
}
