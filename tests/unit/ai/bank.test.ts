/**
 * The built-in generator's question bank (server/ai/bank): its size (at least 600
 * questions and 150 team challenges across at least 30 topics), and that every entry can become
 * a valid task: one correct answer, three distinct wrong answers that differ from it, no
 * duplicates anywhere in the bank, titles and texts of a sensible length.
 */
import { describe, expect, it } from 'vitest';
import { BANK_TOPICS } from '../../../server/ai/bank';
import { LIMITS } from '../../../src/domain/limits';

const fold = (s: string): string => s.trim().toLowerCase().replace(/\s+/g, ' ');
const questions = BANK_TOPICS.flatMap((t) => t.questions.map((q) => ({ topic: t.id, ...q })));
const challenges = BANK_TOPICS.flatMap((t) => t.challenges.map((c) => ({ topic: t.id, ...c })));

describe('question bank size (at least 600 questions, 150 challenges, 30 topics)', () => {
  it('has at least 30 topics with unique kebab-case ids and keywords', () => {
    expect(BANK_TOPICS.length).toBeGreaterThanOrEqual(30);
    const ids = BANK_TOPICS.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const topic of BANK_TOPICS) {
      expect(topic.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(topic.keywords.length, topic.id).toBeGreaterThanOrEqual(5);
    }
  });

  it('has at least 600 questions and 150 challenges', () => {
    expect(questions.length).toBeGreaterThanOrEqual(600);
    expect(challenges.length).toBeGreaterThanOrEqual(150);
  });

  it('gives every topic at least 15 questions and 4 challenges, with photo and video among them', () => {
    for (const topic of BANK_TOPICS) {
      expect(topic.questions.length, topic.id).toBeGreaterThanOrEqual(15);
      expect(topic.challenges.length, topic.id).toBeGreaterThanOrEqual(4);
      const kinds = new Set(topic.challenges.map((c) => c.kind));
      expect(kinds.has('photo') && kinds.has('video'), topic.id).toBe(true);
    }
  });
});

describe('every question can become a valid multiple-choice task', () => {
  it.each(questions.map((q) => [`${q.topic}: ${q.text}`, q] as const))('%s', (_label, q) => {
    expect(q.name.trim().length).toBeGreaterThanOrEqual(3);
    expect(q.name.length).toBeLessThanOrEqual(60);
    expect(q.text.trim()).toMatch(/\?$/);
    expect(q.text.length).toBeLessThanOrEqual(300);
    const options = [q.answer, ...q.distractors].map(fold);
    expect(options.every((o) => o !== '')).toBe(true);
    expect(new Set(options).size, 'answer and distractors differ').toBe(4);
    for (const option of [q.answer, ...q.distractors]) {
      expect(option.length).toBeLessThanOrEqual(Math.min(80, LIMITS.answerMaxLength));
    }
    if (q.typeable) expect(q.answer.length, 'a typeable answer is short').toBeLessThanOrEqual(30);
  });
});

describe('every challenge is a clear team task', () => {
  it.each(challenges.map((c) => [`${c.topic}: ${c.name}`, c] as const))('%s', (_label, c) => {
    expect(c.name.trim().length).toBeGreaterThanOrEqual(3);
    expect(c.name.length).toBeLessThanOrEqual(60);
    expect(c.text.trim().length).toBeGreaterThanOrEqual(20);
    expect(c.text.length).toBeLessThanOrEqual(400);
  });
});

describe('no duplicates in the bank', () => {
  it('has no question asked twice', () => {
    const texts = questions.map((q) => fold(q.text));
    const repeated = texts.filter((t, i) => texts.indexOf(t) !== i);
    expect(repeated).toEqual([]);
  });

  it('has no challenge set twice', () => {
    const texts = challenges.map((c) => fold(c.text));
    const repeated = texts.filter((t, i) => texts.indexOf(t) !== i);
    expect(repeated).toEqual([]);
  });
});
