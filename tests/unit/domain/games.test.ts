/**
 * The game rules shared by the server, the player and the live screens (src/domain/games.ts;
 * docs/games.md): activity codes, team names, the phase of a game, marking every task type,
 * judged points, and what a player may see of a task.
 */
import { describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  effectivePoints,
  formatCode,
  gamePhase,
  markAnswer,
  normaliseCode,
  sameTeamName,
  teamNameSchema,
  toPlayerStep,
} from '../../../src/domain/games';
import type { Step } from '../../../src/domain/schemas';

const step = (overrides: Partial<Step>): Step => ({
  id: 's1',
  name: 'Task',
  type: 'freeText',
  text: 'Question?',
  answers: [{ id: 'a1', value: 'Paris', correct: true }],
  media: null,
  points: 10,
  locked: false,
  ...overrides,
});

const mc = step({
  type: 'multipleChoice',
  answers: [
    { id: 'a1', value: 'Mars', correct: false },
    { id: 'a2', value: 'Jupiter', correct: true },
    { id: 'a3', value: '', correct: false },
  ],
});

describe('activity codes', () => {
  it('uses no characters that read as others (0/O, 1/I/L) and 8 of them', () => {
    for (const ch of '01ILOU') expect(CODE_ALPHABET).not.toContain(ch);
    expect(CODE_LENGTH).toBe(8);
  });

  it('accepts what people type: any case, spaces and dashes', () => {
    expect(normaliseCode('abcd 2345')).toBe('ABCD2345');
    expect(normaliseCode(' AB-CD-23-45 ')).toBe('ABCD2345');
  });

  it('refuses codes of the wrong length or with characters outside the alphabet', () => {
    expect(normaliseCode('ABC2345')).toBeNull();
    expect(normaliseCode('ABCD23450')).toBeNull();
    expect(normaliseCode('ABCD234O')).toBeNull();
    expect(normaliseCode('')).toBeNull();
  });

  it('shows a code in two groups of four', () => {
    expect(formatCode('ABCD2345')).toBe('ABCD 2345');
  });
});

describe('team names', () => {
  it('are 1 to 40 characters after trimming', () => {
    expect(teamNameSchema.safeParse('  Owls ').data).toBe('Owls');
    expect(teamNameSchema.safeParse('   ').success).toBe(false);
    expect(teamNameSchema.safeParse('x'.repeat(41)).success).toBe(false);
  });

  it('clash whatever the case and spacing', () => {
    expect(sameTeamName('The  Owls', ' the owls')).toBe(true);
    expect(sameTeamName('Owls', 'Owls 2')).toBe(false);
  });
});

describe('gamePhase', () => {
  const game = {
    startsAt: new Date('2026-01-01T10:00:00Z'),
    endsAt: new Date('2026-01-01T11:00:00Z'),
  };
  it('is upcoming before the start, open from the start, ended from the end', () => {
    expect(gamePhase(game, new Date('2026-01-01T09:59:59Z'))).toBe('upcoming');
    expect(gamePhase(game, new Date('2026-01-01T10:00:00Z'))).toBe('open');
    expect(gamePhase(game, new Date('2026-01-01T11:00:00Z'))).toBe('ended');
  });

  it('is paused while the organiser has paused it, and ended once the end passes even so', () => {
    const paused = { ...game, pausedAt: new Date('2026-01-01T10:30:00Z') };
    expect(gamePhase(paused, new Date('2026-01-01T10:45:00Z'))).toBe('paused');
    expect(gamePhase(paused, new Date('2026-01-01T11:00:00Z'))).toBe('ended');
    expect(gamePhase({ ...game, pausedAt: null }, new Date('2026-01-01T10:45:00Z'))).toBe('open');
  });
});

describe('markAnswer', () => {
  it('marks free text case-insensitively (SPEC §2.8 "Answer is treated case insensitive.")', () => {
    expect(markAnswer(step({}), { text: ' pARis ' })).toEqual({
      kind: 'answer',
      correct: true,
      points: 10,
    });
    expect(markAnswer(step({}), { text: 'Lyon' })).toEqual({
      kind: 'answer',
      correct: false,
      points: 0,
    });
    expect(markAnswer(step({}), { text: '  ' })).toBe('textRequired');
  });

  it('marks multiple choice by the chosen answer, refusing empty and unknown choices', () => {
    expect(markAnswer(mc, { answerId: 'a2' })).toEqual({
      kind: 'answer',
      correct: true,
      points: 10,
    });
    expect(markAnswer(mc, { answerId: 'a1' })).toEqual({
      kind: 'answer',
      correct: false,
      points: 0,
    });
    expect(markAnswer(mc, { answerId: 'a3' })).toBe('unknownAnswer');
    expect(markAnswer(mc, { answerId: 'zz' })).toBe('unknownAnswer');
    expect(markAnswer(mc, { text: 'Jupiter' })).toBe('answerIdRequired');
  });

  it('scores a pass as 0 on any task', () => {
    expect(markAnswer(mc, { pass: true })).toEqual({ kind: 'pass', correct: false, points: 0 });
    expect(markAnswer(step({ type: 'photoChallenge', answers: [] }), { pass: true })).toMatchObject(
      { points: 0 },
    );
  });

  it('scores a standard challenge when done, and sends photos and videos to the media call', () => {
    expect(markAnswer(step({ type: 'standardChallenge', answers: [] }), { done: true })).toEqual({
      kind: 'done',
      correct: null,
      points: 10,
    });
    expect(markAnswer(step({ type: 'photoChallenge', answers: [] }), { done: true })).toBe(
      'mediaRequired',
    );
    expect(markAnswer(step({ type: 'videoChallenge', answers: [] }), { text: 'x' })).toBe(
      'mediaRequired',
    );
  });

  it('takes exactly one of text, answerId, pass and done', () => {
    expect(markAnswer(step({}), {})).toBe('passOrAnswer');
    expect(markAnswer(step({}), { text: 'Paris', pass: true })).toBe('passOrAnswer');
  });
});

describe('effectivePoints', () => {
  it('is 0 when rejected, the adjusted points when set, else the points', () => {
    expect(effectivePoints({ points: 50, rejected: true, adjustedPoints: 80 })).toBe(0);
    expect(effectivePoints({ points: 50, rejected: false, adjustedPoints: 80 })).toBe(80);
    expect(effectivePoints({ points: 50, rejected: false, adjustedPoints: null })).toBe(50);
    expect(effectivePoints({ points: 50, rejected: false, adjustedPoints: 0 })).toBe(0);
  });
});

describe('toPlayerStep', () => {
  it('never tells the player which answer is right, nor a free-text answer', () => {
    expect(toPlayerStep(step({}))).toMatchObject({ answers: [] });
    const player = toPlayerStep(mc);
    expect(player.answers).toEqual([
      { id: 'a1', value: 'Mars' },
      { id: 'a2', value: 'Jupiter' },
    ]);
    expect(JSON.stringify(player)).not.toContain('correct');
  });
});
