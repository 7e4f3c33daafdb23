/**
 * A device that kept activities in a database of the previous version (local templates schema
 * version 0, before per-field stamps) opens them with this version: every document is kept,
 * content untouched, with no stamps (merge rule 2 then falls back to the template times for
 * fields nobody has edited since).
 */
import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase, type RxJsonSchema } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { createTeamtrailDatabase } from '../../../src/localdb/database';
import { templatesSchema, type LocalTemplateDoc } from '../../../src/localdb/schemas/templates';
import { createTemplateRepository } from '../../../src/localdb/templateRepository';
import type { TemplateContent } from '../../../src/domain/templateContent';

function sampleTemplateContent(): TemplateContent {
  return {
    name: 'Fire safety quiz',
    description: 'For the Manchester office',
    shortDescription: '',
    gameType: 'quiz',
    deliveryType: 'inPerson',
    duration: 60,
    selectedThemeId: null,
    branding: {
      id: 'br-1',
      logo: null,
      headerColour: '#0393E3',
      questionBackgroundColour: '#FFFFFF',
      selfieBackgroundColour: '#8FD1FC',
    },
    steps: [],
  };
}

type VersionZeroDoc = Omit<LocalTemplateDoc, 'stamps'>;

/** The schema as version 0 had it: no `stamps`. */
const versionZeroSchema = (): RxJsonSchema<VersionZeroDoc> => {
  const properties = { ...templatesSchema.properties } as Record<string, unknown>;
  delete properties.stamps;
  return {
    ...(templatesSchema as unknown as RxJsonSchema<VersionZeroDoc>),
    version: 0,
    properties: properties as RxJsonSchema<VersionZeroDoc>['properties'],
    required: (templatesSchema.required as string[]).filter((key) => key !== 'stamps') as never,
  };
};

describe('local templates from the previous version', () => {
  it('are migrated with their content intact and no stamps, and stamp their next edit', async () => {
    const indexedDB = new IDBFactory();
    const name = 'teamtrail-migration-test';
    const old = await createRxDatabase({
      name,
      storage: getRxStorageDexie({ indexedDB, IDBKeyRange }),
      multiInstance: false,
    });
    await old.addCollections({ templates: { schema: versionZeroSchema() } });
    const at = '2026-11-01T09:00:00.000Z';
    const doc: VersionZeroDoc = {
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      owner: 'anon:11111111-1111-4111-8111-111111111111',
      content: sampleTemplateContent(),
      server: null,
      localVersion: 3,
      pushedVersion: 0,
      localChangedAt: at,
      deletedLocally: false,
      syncState: 'pending',
      lastError: null,
      lastConflictAt: null,
      sortAt: at,
    };
    await old.templates!.insert(doc);
    await old.close();

    const db = await createTeamtrailDatabase({ name, indexedDB, IDBKeyRange });
    const migrated = (await db.templates.findOne(doc.id).exec())!.toMutableJSON();
    expect(migrated).toEqual({ ...doc, stamps: {} });

    await createTemplateRepository(db).update(doc.id, { name: 'Renamed after the upgrade' });
    const edited = (await db.templates.findOne(doc.id).exec())!.toMutableJSON();
    expect(Object.keys(edited.stamps)).toEqual(['name']);
    await db.close();
  });
});
