/**
 * The player keeps zod-free copies of a few shared rules and texts (src/play/rules.ts explains
 * why); each must still say exactly what its src/domain original says.
 */
import { describe, expect, it } from 'vitest';
import * as domainGames from '../../../src/domain/games';
import * as domainPreview from '../../../src/domain/taskPreview';
import { LIMITS } from '../../../src/domain/limits';
import { STEP_TYPES, stepTypeLabel as domainStepTypeLabel } from '../../../src/domain/enums';
import * as play from '../../../src/play/rules';

describe('activity codes: the player reads them as src/domain/games.ts does', () => {
  const inputs = [
    'ABCD2345',
    'abcd2345',
    'abcd 2345',
    'ABCD-2345',
    ' ab cd-23 45 ',
    'ABCD234',
    'ABCD23456',
    'ABCD2340',
    'ABCDO345',
    'ABCDI345',
    'ABCDU345',
    'ABCDL345',
    'ZZZZ9999',
    '',
    'a--b',
  ];
  it.each(inputs)('normaliseCode(%j) matches the domain', (input) => {
    expect(play.normaliseCode(input)).toBe(domainGames.normaliseCode(input));
  });

  it('any case, spaces and a dash are accepted', () => {
    expect(play.normaliseCode('abcd 2345')).toBe('ABCD2345');
    expect(play.normaliseCode('abcd-2345')).toBe('ABCD2345');
  });

  it('the alphabet, the length and formatCode are the domain’s', () => {
    expect(play.CODE_ALPHABET).toBe(domainGames.CODE_ALPHABET);
    expect(play.CODE_LENGTH).toBe(domainGames.CODE_LENGTH);
    expect(play.formatCode('ABCD2345')).toBe(domainGames.formatCode('ABCD2345'));
  });
});

describe('team names: the same limits and messages as teamNameSchema', () => {
  it.each(['', '   ', 'Owls', ' Owls ', 'x'.repeat(40), 'x'.repeat(41)])('%j', (name) => {
    const parsed = domainGames.teamNameSchema.safeParse(name);
    expect(play.teamNameProblem(name)).toBe(
      parsed.success ? null : (parsed.error.issues[0]?.message ?? 'invalid'),
    );
  });

  it('the maximum length is the domain’s', () => {
    expect(play.TEAM_NAME_MAX_LENGTH).toBe(domainGames.TEAM_NAME_MAX_LENGTH);
    expect(play.ANSWER_MAX_LENGTH).toBe(LIMITS.answerMaxLength);
  });
});

describe('task texts: the player matches the builder’s task preview', () => {
  it.each(STEP_TYPES)('%s: attempts line, challenge button, response line, type label', (type) => {
    expect(play.attemptsLine(type)).toBe(domainPreview.attemptsLine(type));
    expect(play.challengeButtonLabel(type)).toBe(domainPreview.challengeButtonLabel(type));
    expect(play.challengeResponseLine(type)).toBe(domainPreview.challengeResponseLine(type));
    expect(play.stepTypeLabel(type)).toBe(domainStepTypeLabel(type));
  });

  it('"Later", "Pass", "Tap to play" and the video note are the preview’s', () => {
    expect(play.TEXTS.later).toBe(domainPreview.PREVIEW_TEXTS.later);
    expect(play.TEXTS.pass).toBe(domainPreview.PREVIEW_TEXTS.pass);
    expect(play.TEXTS.tapToPlay).toBe(domainPreview.PREVIEW_TEXTS.tapToPlay);
    expect(play.TEXTS.videoFullScreen).toBe(domainPreview.PREVIEW_TEXTS.videoFullScreen);
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
