/**
 * A device with files waiting in a database of the previous version (uploads schema version 0,
 * before resumable uploads) opens them with this version: every record is kept with its file,
 * marked as not started on the server, and the file is sent from byte 0 as it would have been.
 */
import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase, type RxJsonSchema } from 'rxdb';
import { addRxPlugin } from 'rxdb';
import { RxDBAttachmentsPlugin } from 'rxdb/plugins/attachments';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { createTeamtrailDatabase } from '../../../src/localdb/database';
import { uploadsSchema, type UploadDoc } from '../../../src/localdb/schemas/uploads';
import { UPLOAD_ATTACHMENT_ID } from '../../../src/localdb/uploadRepository';

type VersionZeroDoc = Omit<UploadDoc, 'uploadId' | 'uploadedBytes'>;

/** The schema as version 0 had it: no `uploadId`, no `uploadedBytes`. */
const versionZeroSchema = (): RxJsonSchema<VersionZeroDoc> => {
  const properties = { ...uploadsSchema.properties } as Record<string, unknown>;
  delete properties.uploadId;
  delete properties.uploadedBytes;
  return {
    ...(uploadsSchema as unknown as RxJsonSchema<VersionZeroDoc>),
    version: 0,
    properties: properties as RxJsonSchema<VersionZeroDoc>['properties'],
  };
};

describe('upload records from the previous version', () => {
  it('are migrated with their file, as not yet started on the server', async () => {
    addRxPlugin(RxDBAttachmentsPlugin);
    const indexedDB = new IDBFactory();
    const name = 'teamtrail-uploads-migration-test';
    const old = await createRxDatabase({
      name,
      storage: getRxStorageDexie({ indexedDB, IDBKeyRange }),
      multiInstance: false,
    });
    await old.addCollections({ uploads: { schema: versionZeroSchema() } });
    const doc: VersionZeroDoc = {
      id: 'u-1',
      owner: 'anon:11111111-1111-4111-8111-111111111111',
      templateId: 't-1',
      stepId: 's-1',
      purpose: 'media',
      filename: 'clue.png',
      mimeType: 'image/png',
      size: 3,
      status: 'queued',
      attempts: 2,
      nextAttemptAt: null,
      errorMessage: 'The server could not be reached.',
      asset: null,
      createdAt: '2026-11-01T09:00:00.000Z',
    };
    const inserted = await old.uploads!.insert(doc);
    await inserted.putAttachment({
      id: UPLOAD_ATTACHMENT_ID,
      data: new Blob(['png'], { type: 'image/png' }),
      type: 'image/png',
    });
    await old.close();

    const db = await createTeamtrailDatabase({ name, indexedDB, IDBKeyRange });
    const migrated = (await db.uploads.findOne(doc.id).exec())!;
    expect(migrated.toJSON()).toMatchObject({ ...doc, uploadId: null, uploadedBytes: 0 });
    const file = await migrated.getAttachment(UPLOAD_ATTACHMENT_ID)!.getData();
    expect(await file.text()).toBe('png');
    await db.close();
  });
});
