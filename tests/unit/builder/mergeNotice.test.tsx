// @vitest-environment happy-dom
/**
 * The builder tells the organiser what a merge with another device's changes
 * replaced (from the conflict log), lets them restore their value as an ordinary edit, records
 * "Dismiss" per template; an activity kept after a deletion elsewhere has its own notice; and
 * an activity deleted on another device is said to be, not waited for.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamtrailDatabase } from '../../../src/localdb/database';
import { NOTICES_SEEN_ID } from '../../../src/localdb/hooks/useMergeNotices';
import { NOT_FOUND_TEXTS } from '../../../src/features/builder/BuilderLayout';
import { setLoadedTemplateId } from '../../../src/features/builder/builderEntry';
import {
  MERGE_NOTICE_TEXTS,
  markSeen,
  templateNotices,
} from '../../../src/features/builder/mergeNotices';
import {
  appendConflicts,
  recordDeletedElsewhere,
  type ConflictEntry,
} from '../../../sync/conflictLog';
import { openTestDatabase, renderBuilder, settle, storeTemplate } from './shellHarness';

vi.mock('../../../src/auth/session', () => ({
  useSession: () => ({ signedIn: false, user: null, canScheduleActivity: false }),
  useApiCredentials: () => ({ token: null, anonId: null }),
  useRequestorId: () => null,
  useSignOut: () => async () => {},
}));

vi.mock('../../../src/features/publishing/LaunchDialog', () => ({ LaunchDialog: () => null }));

let db: TeamtrailDatabase;

beforeEach(async () => {
  db = await openTestDatabase();
  setLoadedTemplateId(null);
});

afterEach(async () => {
  cleanup();
  await settle();
  await db.close();
});

const AT = '2026-03-02T10:00:00.000Z';

function entry(templateId: string, conflicts: ConflictEntry['conflicts'], at = AT): ConflictEntry {
  return { at, templateId, templateName: 'Quiz', source: 'push', conflicts };
}

describe('the builder says what a merge replaced', () => {
  it('one replaced value: the notice names it in words, "Restore mine" writes it back as a pending edit, and the notice goes', async () => {
    const stored = await storeTemplate(db, { description: 'Theirs' });
    await appendConflicts(
      db,
      entry(stored.id, [
        { path: 'description', ours: 'Mine, typed offline', theirs: 'Theirs', kept: 'theirs' },
      ]),
    );
    renderBuilder(db, `/builder/${stored.id}`);
    const notice = await screen.findByRole(
      'region',
      { name: MERGE_NOTICE_TEXTS.region },
      { timeout: 5000 },
    );
    expect(
      within(notice).getByText(
        'Changes from another device replaced your edit of the description.',
      ),
    ).toBeTruthy();
    expect(within(notice).getByText(/“Mine, typed offline”/)).toBeTruthy();

    within(notice).getByRole('button', { name: MERGE_NOTICE_TEXTS.restore }).focus();
    fireEvent.click(within(notice).getByRole('button', { name: MERGE_NOTICE_TEXTS.restore }));
    await waitFor(() => expect(screen.queryByTestId('merge-notice')).toBeNull());
    const doc = await db.templates.findOne(stored.id).exec();
    expect(doc?.content.description).toBe('Mine, typed offline');
    expect(doc?.syncState).toBe('pending');
    expect(doc!.localVersion).toBeGreaterThan(doc!.pushedVersion);
  });

  it('several replaced values collapse into a count with the details, and "Dismiss" hides them for good (stored in the owner’s database)', async () => {
    const stored = await storeTemplate(db);
    const stepId = stored.steps[0]!.id;
    await appendConflicts(
      db,
      entry(stored.id, [
        { path: 'name', ours: 'My name', theirs: stored.name, kept: 'theirs' },
        { path: 'branding.headerColour', ours: '#FF0000', theirs: '#0393E3', kept: 'theirs' },
        { path: `steps[${stepId}].points`, ours: 30, theirs: 10, kept: 'theirs' },
        // Kept here: nothing of the organiser's was replaced, nothing to say.
        { path: 'description', ours: 'Kept', theirs: 'Lost there', kept: 'ours' },
      ]),
    );
    renderBuilder(db, `/builder/${stored.id}`);
    const notice = await screen.findByRole(
      'region',
      { name: MERGE_NOTICE_TEXTS.region },
      { timeout: 5000 },
    );
    expect(within(notice).getByText(MERGE_NOTICE_TEXTS.several(3))).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: MERGE_NOTICE_TEXTS.details }));
    const details = within(notice).getByTestId('merge-notice-details');
    expect(
      within(details).getByText(
        `Changes from another device replaced your edit of the points of the task “${stored.steps[0]!.name}”.`,
      ),
    ).toBeTruthy();
    expect(
      within(details).getByText(
        'Changes from another device replaced your edit of the header colour.',
      ),
    ).toBeTruthy();

    fireEvent.click(within(notice).getByRole('button', { name: MERGE_NOTICE_TEXTS.dismiss }));
    await waitFor(() => expect(screen.queryByTestId('merge-notice')).toBeNull());
    expect((await db.getLocal(NOTICES_SEEN_ID))?.toJSON().data).toEqual({
      templates: { [stored.id]: { seenAt: AT, handled: [] } },
    });
    // Nothing was written to the template.
    expect((await db.templates.findOne(stored.id).exec())?.syncState).toBe('synced');
  });

  it('rule 5: a task deleted on another device and kept with the edits made here is told, with a way to delete it', async () => {
    const stored = await storeTemplate(db);
    const step = stored.steps[0]!;
    await appendConflicts(
      db,
      entry(stored.id, [{ path: `steps[${step.id}]`, ours: step, theirs: null, kept: 'ours' }]),
    );
    renderBuilder(db, `/builder/${stored.id}`);
    const notice = await screen.findByRole(
      'region',
      { name: MERGE_NOTICE_TEXTS.region },
      { timeout: 5000 },
    );
    expect(
      within(notice).getByText(
        `The task “${step.name}” was deleted on another device; it is kept with your edits.`,
      ),
    ).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: 'Delete it' }));
    await waitFor(async () =>
      expect((await db.templates.findOne(stored.id).exec())?.content.steps).toHaveLength(
        stored.steps.length - 1,
      ),
    );
  });

  it('an activity kept after a deletion on another device says so, and "Keep it" dismisses it', async () => {
    const stored = await storeTemplate(db, {}, { onServer: false });
    await appendConflicts(db, {
      at: AT,
      templateId: stored.id,
      templateName: stored.name,
      source: 'deleted',
      conflicts: [{ path: 'template', ours: null, theirs: null, kept: 'ours' }],
      restoredFrom: 'old-id',
    });
    renderBuilder(db, `/builder/${stored.id}`);
    const notice = await screen.findByTestId('restored-notice');
    expect(within(notice).getByText(MERGE_NOTICE_TEXTS.restoredTitle)).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: MERGE_NOTICE_TEXTS.keep }));
    await waitFor(() => expect(screen.queryByTestId('restored-notice')).toBeNull());
    expect(await db.templates.findOne(stored.id).exec()).not.toBeNull();
  });
});

describe('an activity deleted on another device', () => {
  it('says it was deleted on another device instead of waiting for it to arrive', async () => {
    const id = '7d1c0f8e-0000-4000-8000-00000000dead';
    await recordDeletedElsewhere(db, { id, name: 'Old quiz', at: AT, restoredAs: null });
    renderBuilder(db, `/builder/${id}`);
    const notFound = await screen.findByTestId('builder-not-found');
    expect(within(notFound).getByText(NOT_FOUND_TEXTS.deletedTitle)).toBeTruthy();
    expect(within(notFound).getByText(NOT_FOUND_TEXTS.deletedBody('Old quiz'))).toBeTruthy();
    expect(within(notFound).queryByText(/opens here by itself/)).toBeNull();
  });

  it('follows the activity its edits were kept as: the URL moves to the new id, screen included', async () => {
    const restored = await storeTemplate(db, {}, { onServer: false });
    const id = '7d1c0f8e-0000-4000-8000-00000000dea1';
    await recordDeletedElsewhere(db, { id, name: 'Quiz', at: AT, restoredAs: restored.id });
    const { router } = renderBuilder(db, `/builder/${id}/tasks`);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/builder/${restored.id}/tasks`),
    );
    expect(await screen.findByTestId('screen-tasks')).toBeTruthy();
  });
});

describe('mergeNotices (pure)', () => {
  it('a value replaced twice is told once, with the latest; entries up to seenAt and handled items are not told', () => {
    const later = '2026-03-02T11:00:00.000Z';
    const entries = [
      entry('t', [{ path: 'name', ours: 'First', theirs: 'X', kept: 'theirs' }]),
      entry('t', [{ path: 'name', ours: 'Second', theirs: 'Y', kept: 'theirs' }], later),
      entry('other', [{ path: 'name', ours: 'Elsewhere', theirs: 'Z', kept: 'theirs' }], later),
    ];
    const fresh = templateNotices(entries, 't', { seenAt: null, handled: [] }, {
      steps: [],
    } as never);
    expect(fresh.items.map((i) => i.key)).toEqual([`${later}|name`]);
    const seen = markSeen({ seenAt: null, handled: [] }, [`${AT}|name`], true);
    expect(seen).toEqual({ seenAt: AT, handled: [] });
    expect(
      templateNotices(entries, 't', markSeen(seen, [`${later}|name`], false), {
        steps: [],
      } as never).items,
    ).toEqual([]);
  });
});
