// @vitest-environment happy-dom
/**
 * adoptServerTemplate: the AI assistant's finished template (already stored by the server,
 * docs/ai.md) is written to the local database exactly as a pull would write it, so the builder
 * can open it at once and the next pull of the same revision changes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { randomUUID } from 'node:crypto';
import { adoptServerTemplate } from '../../../src/localdb/adoptServerTemplate';
import { createTeamtrailDatabase, type TeamtrailDatabase } from '../../../src/localdb/database';
import { createTemplateRepository } from '../../../src/localdb/templateRepository';
import { contentOf } from '../../../src/domain/templateContent';
import type { Template } from '../../../src/domain/schemas';

const OWNER = 'anon:11111111-1111-4111-8111-111111111111';

// RxDB's dev mode adds a hidden iframe from rxdb.info to any page it finds (src/localdb/devMode.ts).
Object.defineProperty(HTMLIFrameElement.prototype, 'src', {
  set() {},
  get: () => '',
  configurable: true,
});

function serverTemplate(overrides: Partial<Template> = {}): Template {
  const at = '2026-03-01T09:00:00.000Z';
  return {
    id: randomUUID(),
    name: 'Generated quiz',
    description: '',
    shortDescription: '',
    gameType: 'quiz',
    deliveryType: 'inPerson',
    duration: 30,
    selectedThemeId: null,
    theme: null,
    branding: {
      id: randomUUID(),
      logo: null,
      headerColour: '#0393E3',
      questionBackgroundColour: '#FFFFFF',
      selfieBackgroundColour: '#8FD1FC',
    },
    steps: [],
    stepValidationErrors: [],
    master: false,
    thumbnail: null,
    comingSoon: false,
    revision: 1,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

let db: TeamtrailDatabase;
beforeEach(async () => {
  db = await createTeamtrailDatabase({
    name: `adopt-${randomUUID().slice(0, 8)}`,
    indexedDB: new IDBFactory(),
    IDBKeyRange,
    devMode: true,
  });
});
afterEach(async () => {
  await db.close();
});

const stored = async (id: string) => (await db.templates.findOne(id).exec())?.toMutableJSON();

describe('adoptServerTemplate', () => {
  it("stores the template as the server's copy for the owner, synced, as a pull does", async () => {
    const template = serverTemplate();
    expect(await adoptServerTemplate(db, OWNER, template)).toBe(true);
    expect(await stored(template.id)).toMatchObject({
      id: template.id,
      owner: OWNER,
      content: contentOf(template),
      server: template,
      localVersion: 0,
      pushedVersion: 0,
      deletedLocally: false,
      syncState: 'synced',
      lastError: null,
      sortAt: template.updatedAt,
    });
  });

  it('adopting the same revision again keeps edits made here meanwhile', async () => {
    const template = serverTemplate();
    await adoptServerTemplate(db, OWNER, template);
    await createTemplateRepository(db).update(template.id, { name: 'Renamed here' });
    await adoptServerTemplate(db, OWNER, template);
    expect(await stored(template.id)).toMatchObject({
      content: { name: 'Renamed here' },
      syncState: 'pending',
      localVersion: 1,
    });
  });

  it('a newer revision is merged with unpushed edits instead of replacing them', async () => {
    const template = serverTemplate();
    await adoptServerTemplate(db, OWNER, template);
    await createTemplateRepository(db).update(template.id, { name: 'Renamed here' });
    await adoptServerTemplate(
      db,
      OWNER,
      serverTemplate({
        ...template,
        description: 'Described elsewhere',
        revision: 2,
        updatedAt: '2026-03-01T09:05:00.000Z',
      }),
    );
    expect(await stored(template.id)).toMatchObject({
      content: { name: 'Renamed here', description: 'Described elsewhere' },
      server: { revision: 2 },
      syncState: 'pending',
    });
  });

  it('stores nothing for an answer that is not a whole template', async () => {
    const broken = { ...serverTemplate(), steps: 'not a list' } as unknown as Template;
    expect(await adoptServerTemplate(db, OWNER, broken)).toBe(false);
    expect(await stored(broken.id)).toBeUndefined();
  });
});
