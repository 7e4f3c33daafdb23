/**
 * Which bank tasks the built-in generator takes as on the organiser's subject
 * (server/ai/builtin/relevance.ts, topicNames.ts): a whole topic only when the text names it,
 * single questions only when they match the subject well, and never because of a statement's
 * passing words (the reported "Bank of England" and "Tuckman" drift).
 */
import { describe, expect, it } from 'vitest';
import { bankIndex, generateTasks } from '../../../server/ai/builtin/builtinGenerator';
import { readOrganiserText } from '../../../server/ai/builtin/organiserText';
import { seededRandom } from '../../../server/ai/builtin/random';
import { planBank, subjectTerms } from '../../../server/ai/builtin/relevance';
import { namedTopics } from '../../../server/ai/builtin/topicNames';

const generate = (topics: string, count = 20) =>
  generateTasks(bankIndex(), {
    requestId: 'relevance',
    topics,
    count,
    gameType: 'quiz',
    keep: [],
    signal: new AbortController().signal,
  });

describe('topic names', () => {
  it.each([
    ['Health and safety refresher', ['health-and-safety']],
    ['Fire safety at our Manchester office', []],
    ['Onboarding for new starters at our bakery', ['onboarding']],
    ['IT onboarding for new starters', []],
    ['Year 6 trip to the Natural History Museum', []],
    ['Wellbeing Week at Carter Logistics', ['wellbeing']],
    ['a general knowledge pub quiz', expect.arrayContaining(['geography', 'history', 'music'])],
  ])('"%s" names %j as a whole', (phrase, topics) => {
    expect(namedTopics(phrase)).toEqual(topics);
  });

  it('searches a subject without names and framing words', () => {
    expect(subjectTerms('Fire safety at our Manchester office')).toBe('Fire safety office');
    expect(subjectTerms("Ride leaders' refresher for Calder Valley Cycling Club")).toBe(
      'Ride leaders Cycling',
    );
  });
});

describe('bank tasks on the subject', () => {
  it('takes only the fire questions of health and safety for "fire safety"', () => {
    const topics =
      'Fire safety at our Manchester office: the alarm is tested every Tuesday at 10am.';
    const plan = planBank(bankIndex(), readOrganiserText(topics), topics, seededRandom('fire'));
    const questions = plan.onSubject.flatMap((m) => m.ranked);
    expect(questions.length).toBeGreaterThan(0);
    for (const item of questions) {
      const text =
        item.kind === 'question'
          ? `${item.question.text} ${item.question.answer}`
          : item.challenge.text;
      expect(text.toLowerCase(), text).toMatch(
        /fire|alarm|extinguish|evacuat|smoke|exit|safety|office/,
      );
    }
  });

  it('the reported fire safety prompt asks its facts and brings no VPN, Tuckman or ladder question', () => {
    const tasks = generate(
      'Fire safety at our Manchester office: the assembly point is in the car park behind building B, ' +
        'fire wardens wear yellow vests, the alarm is tested every Tuesday at 10am…',
      10,
    );
    const texts = tasks.map((t) => t.step.text).join('\n');
    expect(texts).not.toMatch(/VPN|Tuckman|ladder/i);
    const answers = tasks.flatMap((t) =>
      t.step.answers.filter((a) => a.correct).map((a) => a.value),
    );
    expect(answers).toEqual(expect.arrayContaining(['Tuesday', '10am', 'Yellow']));
    expect(texts).toContain('car park behind building B');
  });

  it('a statement’s passing words do not pick bank topics: no Bank of England for a bakery', () => {
    const tasks = generate(
      "Onboarding for new starters at Holt's Bakery. We were founded in 1998 in Leeds and bake 40,000 " +
        'loaves a day. Staff discount is 30%.',
    );
    const texts = tasks.map((t) => t.step.text).join('\n');
    expect(texts).not.toMatch(/Bank of England/);
    expect(tasks.filter((t) => t.source === 'organiser').length).toBeGreaterThanOrEqual(4);
  });
});
