// @vitest-environment happy-dom
/**
 * The hooks the UI reads through (src/localdb/hooks): `{data, isLoading, error}`, and reactive — a
 * write through the repository, in this tab or another instance of the database, shows at once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { randomUUID } from 'node:crypto';
import type { ReactNode } from 'react';
import { createTeamtrailDatabase, type TeamtrailDatabase } from '../../../src/localdb/database';
import {
  DataContextProvider,
  type DataContextValue,
} from '../../../src/localdb/hooks/DataProvider';
import { createTemplateRepository } from '../../../src/localdb/templateRepository';
import { useLibrary, useMyActivities, useTemplate, useTemplates } from '../../../src/localdb/hooks';
import type { SyncClient } from '../../../src/localdb/syncClient';
import type { TemplateContent } from '../../../src/domain/templateContent';
import type { Template } from '../../../src/domain/schemas';

const OWNER = 'anon:11111111-1111-4111-8111-111111111111';

const noSync: SyncClient = {
  mode: 'unavailable',
  subscribe: (listener) => {
    listener(null);
    return () => {};
  },
  syncNow: async () => {},
  identityChanged: async () => {},
  conflictLog: async () => [],
  resetLocalData: async () => {},
};

const content = (name: string): TemplateContent => ({
  name,
  description: '',
  shortDescription: '',
  gameType: 'quiz',
  deliveryType: 'virtual',
  duration: 30,
  selectedThemeId: null,
  branding: {
    id: randomUUID(),
    logo: null,
    headerColour: '#0393E3',
    questionBackgroundColour: '#FFFFFF',
    selfieBackgroundColour: '#8FD1FC',
  },
  steps: [],
});

// RxDB's dev mode adds a hidden iframe from rxdb.info to any page it finds (src/localdb/devMode.ts);
// the test page must not load it (there is no network here, and it is not ours to load).
Object.defineProperty(HTMLIFrameElement.prototype, 'src', {
  set() {},
  get: () => '',
  configurable: true,
});

let indexedDB: IDBFactory;
let db: TeamtrailDatabase;
let name: string;
beforeEach(async () => {
  indexedDB = new IDBFactory();
  name = `hooks-${randomUUID().slice(0, 8)}`;
  db = await createTeamtrailDatabase({ name, indexedDB, IDBKeyRange, devMode: true });
});
afterEach(async () => {
  cleanup();
  await db.close();
});

function wrapper(signedIn = false) {
  const value: DataContextValue = {
    db,
    repository: createTemplateRepository(db),
    sync: noSync,
    owner: OWNER,
    signedIn,
  };
  return ({ children }: { children: ReactNode }) => (
    <DataContextProvider value={value}>{children}</DataContextProvider>
  );
}

function Probe<T>({ use, onValue }: { use: () => T; onValue: (value: T) => void }) {
  onValue(use());
  return null;
}

function renderHookValues<T>(use: () => T, signedIn = false) {
  const values: T[] = [];
  render(<Probe use={use} onValue={(v) => values.push(v)} />, { wrapper: wrapper(signedIn) });
  return { latest: () => values[values.length - 1]!, all: values };
}

describe('hooks', () => {
  it('useTemplate starts loading, then answers the local template, then follows every write', async () => {
    const repo = createTemplateRepository(db);
    const created = await repo.create(OWNER, content('First name'));
    const probe = renderHookValues(() => useTemplate(created.id));
    expect(probe.all[0]).toMatchObject({ isLoading: true, data: null, error: null });
    await waitFor(() => expect(probe.latest().data?.name).toBe('First name'));
    expect(probe.latest().isLoading).toBe(false);
    expect(probe.latest().data?.sync.state).toBe('local-only');
    await act(() => repo.update(created.id, { name: 'Renamed' }));
    await waitFor(() => expect(probe.latest().data?.name).toBe('Renamed'));
  });

  it('useTemplate answers null for a template that is not on this device', async () => {
    const missing = randomUUID();
    const probe = renderHookValues(() => useTemplate(missing));
    await waitFor(() => expect(probe.latest().isLoading).toBe(false));
    expect(probe.latest().data).toBeNull();
  });

  it("useTemplates lists this owner's templates, newest edit first, and sees writes from another tab", async () => {
    const repo = createTemplateRepository(db);
    await repo.create(OWNER, content('Older'));
    await repo.create('anon:someone-else', content('Not mine'));
    const probe = renderHookValues(() => useTemplates());
    await waitFor(() => expect(probe.latest().data.map((t) => t.name)).toEqual(['Older']));

    // A second instance of the same database: another tab.
    const otherTab = await createTeamtrailDatabase({ name, indexedDB, IDBKeyRange, devMode: true });
    try {
      await createTemplateRepository(otherTab).create(OWNER, content('Newer'));
      await waitFor(() =>
        expect(probe.latest().data.map((t) => t.name)).toEqual(['Newer', 'Older']),
      );
    } finally {
      await otherTab.close();
    }
  });

  it('useLibrary shows the cached masters, and adds own templates only when signed in (Owner filter "Mine")', async () => {
    const master = {
      id: randomUUID(),
      ...content('Library quiz'),
      master: true,
      thumbnail: '/thumbnails/x.svg',
      comingSoon: false,
    } as unknown as Template;
    await db.library.insert({ id: master.id, data: master, position: 0 });
    await createTemplateRepository(db).create(OWNER, content('My own'));

    const guest = renderHookValues(() => useLibrary());
    await waitFor(() => expect(guest.latest().data.map((t) => t.name)).toEqual(['Library quiz']));
    cleanup();
    const member = renderHookValues(() => useLibrary(), true);
    await waitFor(() =>
      expect(member.latest().data.map((t) => [t.name, t.master])).toEqual([
        ['Library quiz', true],
        ['My own', false],
      ]),
    );
  });

  it("useMyActivities answers this owner's rows in the server's order", async () => {
    const row = (id: string, name: string) => ({
      id,
      name,
      gameType: 'quiz' as const,
      stepsCount: 3,
      runTime: '30 mins',
      runTimeMin: 30,
      plays: 0,
      status: 'ready' as const,
      scoreboardUrl: null,
      presentationUrl: null,
      statisticsUrl: null,
    });
    await db.activities.bulkInsert([
      { id: 'b', owner: OWNER, data: row('b', 'Second'), position: 1 },
      { id: 'a', owner: OWNER, data: row('a', 'First'), position: 0 },
      { id: 'c', owner: 'user:other', data: row('c', 'Theirs'), position: 0 },
    ]);
    const probe = renderHookValues(() => useMyActivities());
    await waitFor(() =>
      expect(probe.latest().data.map((r) => r.name)).toEqual(['First', 'Second']),
    );
  });
});
