/**
 * Writes the themes, the library templates and the blank template at start. Idempotent: rows
 * have fixed ids and are upserted, so every start brings the library up to the shipped content
 * without touching anybody's own templates.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { templates, themes } from '../db/schema';
import { SEED_THEMES } from './themes';
import { LIBRARY_SEEDS } from './library';
import { BLANK_TEMPLATE_SEED } from './blank';
import type { LibrarySeed } from './types';

export async function seedDatabase(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [sortOrder, theme] of SEED_THEMES.entries()) {
      await tx
        .insert(themes)
        .values({ ...theme, sortOrder })
        .onConflictDoUpdate({ target: themes.id, set: { ...theme, sortOrder } });
    }
    for (const seed of LIBRARY_SEEDS) await upsertMaster(tx as unknown as Database, seed, false);
    await upsertMaster(tx as unknown as Database, BLANK_TEMPLATE_SEED, true);
  });
}

async function upsertMaster(db: Database, seed: LibrarySeed, isBlank: boolean): Promise<void> {
  const [existing] = await db
    .select({ branding: templates.branding })
    .from(templates)
    .where(eq(templates.id, seed.id));
  const content = {
    name: seed.name,
    description: seed.description,
    shortDescription: seed.shortDescription,
    gameType: seed.gameType,
    deliveryType: seed.deliveryType,
    duration: seed.duration,
    thumbnail: seed.thumbnail,
    comingSoon: seed.comingSoon,
    selectedThemeId: seed.selectedThemeId,
    steps: seed.steps,
    branding: {
      // Keep the branding id stable across starts; copies get their own.
      id: existing?.branding.id ?? randomUUID(),
      logo: null,
      ...seed.branding,
    },
  };
  await db
    .insert(templates)
    .values({
      id: seed.id,
      master: true,
      isBlank,
      ownerUserId: null,
      ownerAnonId: null,
      ...content,
    })
    .onConflictDoUpdate({ target: templates.id, set: content });
}
