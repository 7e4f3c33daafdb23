/**
 * The player's own rules and its bundle: it reads the shared rules from the zod-free modules of
 * src/domain, so nothing it imports may load zod (26 KB gzipped on a weak phone connection); the
 * team-name messages are the server's; and its small helpers.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as domainGames from '../../../src/domain/games';
import * as play from '../../../src/play/rules';
import { runtimeImports, SRC } from '../support/runtimeImports';

describe('the player bundle', () => {
  it('never loads zod, directly or through src/domain', () => {
    const modules = runtimeImports(path.join(SRC, 'play/main.tsx'));
    expect(modules.has('zod')).toBe(false);
    // The walk does see the domain modules the player uses.
    expect([...modules].some((m) => m.endsWith(`domain${path.sep}gameCodes.ts`))).toBe(true);
  });
});

describe('team names: the player says what the server says', () => {
  it.each(['', '   ', 'Owls', ' Owls ', 'x'.repeat(40), 'x'.repeat(41)])('%j', (name) => {
    const parsed = domainGames.teamNameSchema.safeParse(name);
    expect(play.teamNameProblem(name)).toBe(
      parsed.success ? null : (parsed.error.issues[0]?.message ?? 'invalid'),
    );
  });
});

describe('small helpers', () => {
  it('text on a branding colour is dark on light colours and white on dark ones', () => {
    expect(play.textColourOn('#FCB900')).toBe('#1b1b2f');
    expect(play.textColourOn('#FFFFFF')).toBe('#1b1b2f');
    expect(play.textColourOn('#6465C7')).toBe('#ffffff');
    expect(play.textColourOn('#000000')).toBe('#ffffff');
  });

  it('a clientId is a v4 UUID even where crypto.randomUUID is missing (plain HTTP)', () => {
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const id = play.newClientId();
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
    expect(play.newClientId()).not.toBe(play.newClientId());
  });
});
