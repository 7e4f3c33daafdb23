/**
 * The built-in generator (docs/ai.md): for a fixed set of organiser requests, every
 * generated template validates, has the requested number of tasks and a mix of types, repeats
 * nothing (not even a locked task it keeps), gives multiple choice exactly one right answer,
 * follows the request's topics, turns the organiser's own facts into questions with the right
 * answer, and is deterministic for a request id.
 */
import { describe, expect, it } from 'vitest';
import {
  bankIndex,
  challengePlan,
  generateTasks,
} from '../../../server/ai/builtin/builtinGenerator';
import type { GenerationRequest } from '../../../server/ai/generator';
import type { Step } from '../../../src/domain/schemas';
import { validateStep } from '../../../src/domain/validation/step';
import { isTemplateValid } from '../../../src/domain/validation/template';

const REQUESTS: { topics: string; expected: string[] }[] = [
  {
    topics: 'Health and safety refresher: fire safety, first aid and manual handling',
    expected: ['health-and-safety', 'first-aid'],
  },
  {
    topics: 'GDPR and data protection for the customer service team',
    expected: ['data-protection', 'customer-service', 'cyber-security'],
  },
  {
    topics: 'Christmas party quiz: films, music and a bit of sport',
    expected: ['holidays-and-celebrations', 'film-and-tv', 'music', 'sport'],
  },
  { topics: 'Wellbeing week — mental health, sleep and exercise', expected: ['wellbeing'] },
  { topics: 'Geography and world capitals', expected: ['geography'] },
  {
    topics: 'Leadership skills for new managers: feedback and delegation',
    expected: ['leadership', 'communication'],
  },
];

const request = (overrides: Partial<GenerationRequest>): GenerationRequest => ({
  requestId: 'fixed-request-id',
  topics: REQUESTS[0]!.topics,
  count: 20,
  gameType: 'quiz',
  keep: [],
  signal: new AbortController().signal,
  ...overrides,
});

const fold = (s: string) => s.trim().toLowerCase();

describe.each(REQUESTS)('built-in generation for "$topics"', ({ topics, expected }) => {
  for (const count of [10, 20]) {
    const tasks = generateTasks(
      bankIndex(),
      request({ topics, count, requestId: `${topics}-${count}` }),
    );
    const steps = tasks.map((t) => t.step);

    it(`gives exactly ${count} tasks that all pass the task rules, in a valid template`, () => {
      expect(steps).toHaveLength(count);
      for (const step of steps) expect(validateStep(step), step.text).toEqual([]);
      expect(isTemplateValid({ name: 'Generated', steps })).toBe(true);
    });

    it(`mixes question types and photo and video challenges (${count} tasks)`, () => {
      const types = new Set(steps.map((s) => s.type));
      expect(types).toContain('multipleChoice');
      expect(types).toContain('freeText');
      expect(types).toContain('photoChallenge');
      expect(types).toContain('videoChallenge');
      expect(steps.filter((s) => s.type.endsWith('Challenge'))).toHaveLength(
        challengePlan(count).length,
      );
    });

    it(`repeats no task and gives every multiple choice four options with one right answer (${count})`, () => {
      const texts = steps.map((s) => fold(s.text));
      expect(new Set(texts).size).toBe(texts.length);
      expect(new Set(steps.map((s) => s.id)).size).toBe(count);
      for (const step of steps.filter((s) => s.type === 'multipleChoice')) {
        expect(step.answers).toHaveLength(4);
        expect(step.answers.filter((a) => a.correct)).toHaveLength(1);
        expect(new Set(step.answers.map((a) => fold(a.value))).size).toBe(4);
      }
      for (const step of steps.filter((s) => s.type === 'freeText')) {
        expect(step.answers).toHaveLength(1);
        expect(step.answers[0]!.correct).toBe(true);
      }
    });

    it(`takes most tasks from the requested topics (${count})`, () => {
      const onTopic = tasks.filter((t) => expected.includes(t.source)).length;
      expect(onTopic / count).toBeGreaterThanOrEqual(0.7);
    });
  }
});

describe('determinism and variety', () => {
  it('gives the same tasks for the same request id', () => {
    const a = generateTasks(bankIndex(), request({}));
    const b = generateTasks(bankIndex(), request({}));
    expect(b).toEqual(a);
  });

  it('gives a different selection for another request id', () => {
    const a = generateTasks(bankIndex(), request({})).map((t) => t.step.text);
    const b = generateTasks(bankIndex(), request({ requestId: 'another-request' })).map(
      (t) => t.step.text,
    );
    expect(b).not.toEqual(a);
  });
});

describe('questions from the organiser’s own facts', () => {
  const topics =
    'Onboarding for new starters at our bakery chain: food hygiene and our values. ' +
    'We were founded in 1998 in Leeds by Margaret Holt. Our head office is in York. ' +
    'We have 120 shops across the north of England. Our values are craft, kindness and community.';
  const tasks = generateTasks(bankIndex(), request({ topics, count: 20 }));
  const facts = tasks.filter((t) => t.source === 'organiser').map((t) => t.step);
  const correct = (step: Step) => step.answers.find((a) => a.correct)!.value;

  // Changed with the organiser-facts work: facts are asked as questions a person would write
  // ("In which year were we founded in Leeds by Margaret Holt?"), no longer as gap-fills, and
  // every stated fact is asked (tests/unit/ai/organiserFacts.test.ts measures 30 prompts).
  it('asks about the facts as questions, with the answer from the statement', () => {
    expect(facts.length).toBeGreaterThanOrEqual(6);
    const stated = [
      '1998',
      'Leeds',
      'Margaret Holt',
      'York',
      '120',
      'craft',
      'kindness',
      'community',
    ];
    for (const step of facts) {
      const answer = correct(step);
      expect(
        stated.map((a) => a.toLowerCase()),
        step.text,
      ).toContain(answer.toLowerCase());
      expect(step.text, answer).toMatch(/\?$/);
      expect(step.text.toLowerCase()).not.toContain(` ${answer.toLowerCase()} `);
    }
    const asked = new Set(facts.map((s) => correct(s).toLowerCase()));
    for (const fact of ['1998', 'leeds', 'margaret holt', 'york', '120'])
      expect(asked).toContain(fact);
  });

  it('offers wrong answers of the same kind (other years, other cities)', () => {
    for (const step of facts.filter((s) => s.type === 'multipleChoice')) {
      const right = correct(step);
      const wrong = step.answers.filter((a) => !a.correct).map((a) => a.value);
      if (/^\d{4}$/.test(right)) for (const w of wrong) expect(w).toMatch(/^\d{4}$/);
      if (right === 'Leeds' || right === 'York') {
        for (const w of wrong) expect(['England', 'Scotland', 'Wales']).not.toContain(w);
      }
    }
  });

  it('still fills the rest with bank tasks about the named subjects', () => {
    expect(tasks.some((t) => t.source === 'food-hygiene')).toBe(true);
  });
});

describe('locked tasks and unknown topics', () => {
  it('never repeats a task the template keeps', () => {
    const first = generateTasks(bankIndex(), request({ count: 10 }));
    const kept = { ...first[0]!.step, locked: true };
    const again = generateTasks(bankIndex(), request({ count: 10, keep: [kept] }));
    expect(again.map((t) => fold(t.step.text))).not.toContain(fold(kept.text));
  });

  it('makes a complete general-knowledge activity from text the bank knows nothing about', () => {
    const tasks = generateTasks(bankIndex(), request({ topics: 'zxqv blorp wibble', count: 10 }));
    expect(tasks).toHaveLength(10);
    expect(isTemplateValid({ name: 'x', steps: tasks.map((t) => t.step) })).toBe(true);
  });

  it('plans no challenges for a very short activity and about one in five otherwise', () => {
    expect(challengePlan(3)).toEqual([]);
    expect(challengePlan(10)).toEqual(['photo', 'video']);
    expect(challengePlan(20)).toEqual(['photo', 'video', 'photo', 'standard']);
  });
});
