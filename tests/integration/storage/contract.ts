/**
 * The storage contract: what the template store promises sync clients (docs/sync.md,
 * "Storage rules"), numbered to match that page. Run against every database the server
 * supports: PGlite (always) and PostgreSQL (when TEST_DATABASE_URL is set; CI sets it).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/client';
import { seedDatabase } from '../../../server/seed/run';
import {
  copyTemplate,
  createTemplate,
  deleteTemplate,
  getReadableRow,
  getTemplate,
  listOwnTemplates,
  updateTemplate,
  type Owner,
} from '../../../server/services/templates';
import { moveGuestTemplatesToUser, ensureUser } from '../../../server/services/users';
import { templates } from '../../../server/db/schema';
import { HttpError } from '../../../server/errors';
import type { Step, SyncCheckpoint, Template } from '../../../src/domain/schemas';
import { eq } from 'drizzle-orm';

const guestOwner = (): Owner => ({ userId: null, anonId: randomUUID(), plan: 'FREE' });

const aStep = (name: string): Step => ({
  id: randomUUID(),
  name,
  type: 'multipleChoice',
  text: `Question ${name}?`,
  answers: [
    { id: randomUUID(), value: 'Right', correct: true },
    { id: randomUUID(), value: 'Wrong', correct: false },
  ],
  media: null,
  points: 25,
  locked: false,
});

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof HttpError) return error.statusCode;
    throw error;
  }
}

async function pullAll(handle: DatabaseHandle, owner: Owner, since: SyncCheckpoint | null) {
  const seen: { id: string; deleted: boolean; revision: number }[] = [];
  let checkpoint = since;
  for (let page = 0; page < 100; page += 1) {
    const result = await listOwnTemplates(handle.db, owner, checkpoint, 2);
    for (const t of result.templates)
      seen.push({ id: t.id, deleted: 'deleted' in t, revision: t.revision });
    checkpoint = result.checkpoint;
    if (!result.hasMore || !checkpoint) break;
  }
  return { seen, checkpoint };
}

export function storageContractSuite(
  name: string,
  open: () => Promise<DatabaseHandle & { dispose?: () => Promise<void> }>,
) {
  describe(`storage contract on ${name}`, () => {
    let handle: DatabaseHandle & { dispose?: () => Promise<void> };
    beforeAll(async () => {
      handle = await open();
      await seedDatabase(handle.db);
    });
    afterAll(async () => {
      await handle.close();
      await handle.dispose?.();
    });

    it('S1: a template reads back exactly as written, steps and branding included', async () => {
      const owner = guestOwner();
      const steps = [aStep('one'), aStep('two')];
      const { template } = await createTemplate(handle.db, owner, {
        name: 'Contract',
        description: 'émoji ✓ and "quotes"',
        steps,
        branding: { headerColour: '#EB144C' },
      });
      const read = await getTemplate(handle.db, template.id, owner);
      expect(read.steps).toEqual(steps);
      expect(read.description).toBe('émoji ✓ and "quotes"');
      expect(read.branding.headerColour).toBe('#EB144C');
    });

    it('S2: revisions start at 1 and move on by exactly one per change', async () => {
      const owner = guestOwner();
      const { template } = await createTemplate(handle.db, owner, { name: 'r' });
      expect(template.revision).toBe(1);
      const second = await updateTemplate(handle.db, owner, template.id, { name: 'r2' }, 1);
      const third = await updateTemplate(handle.db, owner, template.id, { name: 'r3' }, null);
      expect([second.revision, third.revision]).toEqual([2, 3]);
    });

    it('S3: a change made at a stale revision is refused with 412 and changes nothing', async () => {
      const owner = guestOwner();
      const { template } = await createTemplate(handle.db, owner, { name: 'before' });
      await updateTemplate(handle.db, owner, template.id, { name: 'moved on' }, 1);
      const status = await statusOf(
        updateTemplate(handle.db, owner, template.id, { name: 'stale' }, 1),
      );
      expect(status).toBe(412);
      expect((await getTemplate(handle.db, template.id, owner)).name).toBe('moved on');
    });

    it('S4: of several concurrent changes at the same revision, exactly one wins', async () => {
      const owner = guestOwner();
      const { template } = await createTemplate(handle.db, owner, { name: 'race' });
      const names = ['a', 'b', 'c', 'd', 'e'];
      const statuses = await Promise.all(
        names.map((n) => statusOf(updateTemplate(handle.db, owner, template.id, { name: n }, 1))),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 412)).toHaveLength(names.length - 1);
      const final = await getTemplate(handle.db, template.id, owner);
      expect(final.revision).toBe(2);
      expect(names[statuses.indexOf(200)]).toBe(final.name);
    });

    it('S5: a pull after a checkpoint sees every later change exactly once, in order', async () => {
      const owner = guestOwner();
      const before = await listOwnTemplates(handle.db, owner, null);
      // Explicit, distinct times: rows written in the same millisecond are ordered by id.
      const t0 = Date.now() + 60_000;
      const created: Template[] = [];
      for (const [i, n] of ['p1', 'p2', 'p3', 'p4', 'p5'].entries()) {
        created.push(
          (await createTemplate(handle.db, owner, { name: n }, new Date(t0 + i))).template,
        );
      }
      await updateTemplate(
        handle.db,
        owner,
        created[0]!.id,
        { name: 'p1 again' },
        null,
        new Date(t0 + 10),
      );
      const { seen, checkpoint } = await pullAll(
        handle,
        owner,
        before.checkpoint ?? { updatedAt: new Date(0).toISOString(), id: '' },
      );
      expect(seen.map((s) => s.id)).toEqual([...created.slice(1).map((t) => t.id), created[0]!.id]);
      expect(seen.at(-1)!.revision).toBe(2);
      const again = await pullAll(handle, owner, checkpoint);
      expect(again.seen).toEqual([]);
    });

    it('S6: a deleted template is a tombstone in pulls and invisible to reads', async () => {
      const owner = guestOwner();
      const { template } = await createTemplate(handle.db, owner, { name: 'doomed' });
      const { checkpoint } = await listOwnTemplates(handle.db, owner, null);
      await deleteTemplate(handle.db, owner, template.id);
      expect(await statusOf(getTemplate(handle.db, template.id, owner))).toBe(404);
      const { seen } = await pullAll(handle, owner, checkpoint);
      expect(seen).toEqual([{ id: template.id, deleted: true, revision: 2 }]);
      expect((await listOwnTemplates(handle.db, owner, null)).templates).toEqual([]);
    });

    it("S7: nothing of another owner's template is visible: reads 404, pulls empty", async () => {
      const owner = guestOwner();
      const stranger = guestOwner();
      const { template } = await createTemplate(handle.db, owner, { name: 'private' });
      expect(await statusOf(getReadableRow(handle.db, template.id, stranger))).toBe(404);
      expect(
        await statusOf(updateTemplate(handle.db, stranger, template.id, { name: 'x' }, null)),
      ).toBe(404);
      expect(
        (await pullAll(handle, stranger, { updatedAt: new Date(0).toISOString(), id: '' })).seen,
      ).toEqual([]);
    });

    it("S8: identify moves exactly the guest's templates, which then reach the user's pull", async () => {
      const guest = guestOwner();
      const userId = randomUUID();
      await ensureUser(handle.db, {
        userId,
        provider: 'local',
        email: `${userId}@example.com`,
        name: 'U',
      });
      const user: Owner = { userId, anonId: null, plan: 'FREE' };
      const { checkpoint } = await listOwnTemplates(handle.db, user, null);
      const a = (await createTemplate(handle.db, guest, { name: 'ga' })).template;
      const b = (await createTemplate(handle.db, guest, { name: 'gb' })).template;
      const other = (await createTemplate(handle.db, guestOwner(), { name: 'not theirs' }))
        .template;
      const moved = await moveGuestTemplatesToUser(handle.db, guest.anonId!, userId);
      expect(moved.map((m) => m.id).sort()).toEqual([a.id, b.id].sort());
      expect(moved.map((m) => m.revision)).toEqual([1, 1]);
      const { seen } = await pullAll(
        handle,
        user,
        checkpoint ?? { updatedAt: new Date(0).toISOString(), id: '' },
      );
      expect(seen.map((s) => s.id).sort()).toEqual([a.id, b.id].sort());
      expect(seen.map((s) => s.id)).not.toContain(other.id);
      expect(await statusOf(getTemplate(handle.db, a.id, guest))).toBe(404);
    });

    it('S9: timestamps round-trip at millisecond precision, so checkpoints compare exactly', async () => {
      const owner = guestOwner();
      const at = new Date('2026-03-04T05:06:07.891Z');
      const { template } = await createTemplate(handle.db, owner, { name: 'ms' }, at);
      expect(template.updatedAt).toBe('2026-03-04T05:06:07.891Z');
      const [row] = await handle.db.select().from(templates).where(eq(templates.id, template.id));
      expect(row!.updatedAt.toISOString()).toBe('2026-03-04T05:06:07.891Z');
    });

    it('S10: seeding again changes nothing: one row per library template', async () => {
      const before = await handle.db
        .select({ id: templates.id })
        .from(templates)
        .where(eq(templates.master, true));
      await seedDatabase(handle.db);
      const after = await handle.db
        .select({ id: templates.id })
        .from(templates)
        .where(eq(templates.master, true));
      expect(after.length).toBe(before.length);
      expect(after.length).toBeGreaterThanOrEqual(13);
    });

    it('S11: a copy is a new template of the copier, independent of its source', async () => {
      const owner = guestOwner();
      const { template } = await createTemplate(handle.db, owner, {
        name: 'source',
        steps: [aStep('s')],
      });
      const source = await getReadableRow(handle.db, template.id, owner);
      const copy = await copyTemplate(handle.db, owner, source);
      await updateTemplate(handle.db, owner, copy.id, { name: 'changed copy', steps: [] }, null);
      const original = await getTemplate(handle.db, template.id, owner);
      expect(original.name).toBe('source');
      expect(original.steps).toHaveLength(1);
    });

    it('S12: field stamps are kept per field: a change takes the stamp sent with it, a change sent without one is stamped by the server, an unchanged field keeps its stamp, and a removed task loses its stamps', async () => {
      const owner = guestOwner();
      const first = aStep('first');
      const second = aStep('second');
      // Stamps of edits made a few minutes ago (a stamp far ahead of the server's clock would be
      // replaced by the server's own).
      const minutesAgo = (n: number, node: string) =>
        `${new Date(Date.now() - n * 60_000).toISOString()}~0000~${node}`;
      const sentAt = minutesAgo(10, 'devA');
      const { template } = await createTemplate(handle.db, owner, {
        name: 'stamped',
        steps: [first, second],
        fieldStamps: { name: sentAt, [`steps[${first.id}].text`]: sentAt },
      });
      expect(template.fieldStamps?.name).toBe(sentAt);
      expect(template.fieldStamps?.[`steps[${first.id}].text`]).toBe(sentAt);

      const renamedAt = minutesAgo(5, 'devB');
      const renamed = await updateTemplate(
        handle.db,
        owner,
        template.id,
        { name: 'renamed', fieldStamps: { name: renamedAt } },
        template.revision,
      );
      expect(renamed.fieldStamps?.name).toBe(renamedAt);
      expect(renamed.fieldStamps?.[`steps[${first.id}].text`]).toBe(sentAt);

      const unstamped = await updateTemplate(
        handle.db,
        owner,
        template.id,
        { description: 'no stamp sent', steps: [first] },
        renamed.revision,
      );
      const serverStamp = unstamped.fieldStamps?.description;
      expect(serverStamp).toBeDefined();
      // The server's stamp is later than every stamp the template held (causality).
      expect(serverStamp! > renamedAt).toBe(true);
      // A stamp from a clock an hour ahead is not kept: the change gets the server's.
      const aheadAt = `${new Date(Date.now() + 3_600_000).toISOString()}~0000~fast`;
      const ahead = await updateTemplate(
        handle.db,
        owner,
        template.id,
        { name: 'from a fast clock', fieldStamps: { name: aheadAt } },
        unstamped.revision,
      );
      expect(ahead.fieldStamps?.name).not.toBe(aheadAt);
      expect(ahead.fieldStamps!.name! > serverStamp!).toBe(true);
      expect(unstamped.fieldStamps?.name).toBe(renamedAt);
      expect(
        Object.keys(unstamped.fieldStamps ?? {}).filter((path) => path.includes(second.id)),
      ).toEqual([]);
      const reread = await getTemplate(handle.db, template.id, owner);
      expect(reread.fieldStamps).toEqual(ahead.fieldStamps);
    });
  });
}
