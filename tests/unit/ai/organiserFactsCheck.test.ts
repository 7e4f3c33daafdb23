/**
 * server/ai/organiserFacts.ts: the organiser's stated facts for the model path, and the checks a
 * model's result goes through besides src/domain's rules (docs/ai.md "A language model"): the
 * facts it leaves unasked and the built-in generator's language rules. Each rule is named in its
 * test's title.
 */
import { describe, expect, it } from 'vitest';
import {
  languageProblems,
  looseForm,
  missedFacts,
  statedFacts,
  unaskedFactsProblem,
  type StatedFact,
  type TaskLike,
} from '../../../server/ai/organiserFacts';

const FIRE_SAFETY =
  'Fire safety at our Manchester office: the assembly point is in the car park behind building B, ' +
  'fire wardens wear yellow vests, the alarm is tested every Tuesday at 10am.';

const question = (
  name: string,
  text: string,
  right: string,
  wrong: string[] = ['Monday', 'Friday', 'Sunday'],
): TaskLike => ({
  name,
  type: wrong.length > 0 ? 'multipleChoice' : 'freeText',
  text,
  answers: [{ value: right, correct: true }, ...wrong.map((value) => ({ value, correct: false }))],
});
const typed = (name: string, text: string, right: string): TaskLike =>
  question(name, text, right, []);
const photo = (text: string): TaskLike => ({
  name: 'Team photo',
  type: 'photoChallenge',
  text,
  answers: [],
});

describe('statedFacts', () => {
  it('statements: the fire-safety text gives its three facts, one sentence each, in text order', () => {
    const facts = statedFacts(FIRE_SAFETY, 'request-1');
    expect(facts.map((f) => f.sentence)).toEqual([
      'The assembly point is in the car park behind building B.',
      'Fire wardens wear yellow vests.',
      'The alarm is tested every Tuesday at 10am.',
    ]);
    expect(facts[0]!.answers).toContain('car park behind building B');
    expect(facts[1]!.answers.map((a) => a.toLowerCase())).toContain('yellow');
    // Two answers of one statement make one fact, not two.
    expect(facts[2]!.answers).toEqual(expect.arrayContaining(['Tuesday', '10am']));
  });

  it('deterministic: the same request id gives the same facts', () => {
    expect(statedFacts(FIRE_SAFETY, 'request-2')).toEqual(statedFacts(FIRE_SAFETY, 'request-2'));
  });

  it('conditions: a condition put first stays with its statement', () => {
    const facts = statedFacts(
      'If you hear a continuous alarm, leave by the nearest exit and never use the lifts.',
      'request-3',
    );
    expect(facts.map((f) => f.sentence)).toContain(
      'If you hear a continuous alarm, never use the lifts.',
    );
  });

  it('nothing to ask: a list of topics states no facts', () => {
    expect(statedFacts('Christmas party quiz', 'request-4')).toEqual([]);
    expect(statedFacts('Agile project management and Scrum', 'request-4')).toEqual([]);
  });
});

describe('missedFacts', () => {
  const facts = statedFacts(FIRE_SAFETY, 'request-5');
  const sentences = (list: StatedFact[]) => list.map((f) => f.sentence);

  it('carried: a right answer, the question text or the name carries a fact', () => {
    const tasks = [
      question('Assembly point', 'Where is the assembly point?', 'The car park behind building B'),
      photo('Take a team photo next to someone wearing a yellow vest like our fire wardens.'),
      question('Tuesday test', 'What is tested every week?', 'The fire alarm'),
    ];
    expect(missedFacts(facts, tasks)).toEqual([]);
  });

  it('matching: plurals and "10 am" still carry the fact, as tests/support/aiQuality.ts counts it', () => {
    expect(
      sentences(
        missedFacts(facts, [
          question('Alarm test', 'When is the alarm tested?', 'On Tuesdays at 10 am'),
        ]),
      ),
    ).toEqual([
      'The assembly point is in the car park behind building B.',
      'Fire wardens wear yellow vests.',
    ]);
  });

  it('not carried: a wrong option does not ask about a fact', () => {
    const tasks = [
      question('Warden colour', 'Which colour do first aiders wear?', 'Green', [
        'Yellow',
        'Red',
        'Blue',
      ]),
    ];
    expect(sentences(missedFacts(facts, tasks))).toContain('Fire wardens wear yellow vests.');
  });
});

describe('unaskedFactsProblem', () => {
  const facts = statedFacts(FIRE_SAFETY, 'request-6');
  const none = [question('Capital', 'What is the capital of France?', 'Paris', ['Rome', 'Oslo'])];

  it('coverage: more than 20% of the facts unasked names the missed sentences', () => {
    const problem = unaskedFactsProblem(facts, none, 4);
    expect(problem).toContain('These facts from the organiser are not asked about:');
    for (const fact of facts) expect(problem).toContain(`"${fact.sentence}"`);
  });

  it('coverage: at most 5 missed sentences are named', () => {
    const many: StatedFact[] = Array.from({ length: 8 }, (_, i) => ({
      sentence: `Fact number ${i + 1} is true.`,
      answers: [`answer${i + 1}`],
    }));
    const problem = unaskedFactsProblem(many, none, 10)!;
    expect(problem).toContain('"Fact number 5 is true."');
    expect(problem).not.toContain('Fact number 6');
  });

  it('coverage: 20% or fewer unasked is no problem', () => {
    const five: StatedFact[] = Array.from({ length: 5 }, (_, i) => ({
      sentence: `Fact number ${i + 1} is true.`,
      answers: [`answer${i + 1}`],
    }));
    const four = [1, 2, 3, 4].map((n) => typed(`Fact ${n}`, `What is fact ${n}?`, `answer${n}`));
    expect(unaskedFactsProblem(five, four, 5)).toBeNull();
    expect(unaskedFactsProblem(five, four.slice(0, 3), 5)).not.toBeNull();
  });

  it('coverage: no problem when there are more facts than tasks asked for, or none', () => {
    expect(unaskedFactsProblem(facts, none, 2)).toBeNull();
    expect(unaskedFactsProblem([], none, 4)).toBeNull();
  });
});

describe('languageProblems', () => {
  it('distinct options: "Tuesday" and "Tuesdays" are the same answer written twice', () => {
    const task = question('Alarm day', 'On which day is the alarm tested?', 'Tuesday', [
      'Tuesdays',
      'Monday',
      'Friday',
    ]);
    expect(languageProblems([task])).toEqual([
      'Task 1 ("Alarm day"): the options "Tuesday" and "Tuesdays" are the same answer written twice; write four different answers.',
    ]);
  });

  it('distinct options: case, spacing and punctuation do not make options different', () => {
    expect(looseForm('10am')).toBe(looseForm('10 am'));
    expect(looseForm('Car park, building B')).toBe(looseForm('car park building b'));
    expect(looseForm('40,000')).toBe(looseForm('40000'));
    const task = question('Alarm time', 'When is the alarm tested?', '10am', [
      '9am',
      '10 AM',
      '11am',
    ]);
    expect(languageProblems([photo('Take a photo.'), task])).toEqual([
      'Task 2 ("Alarm time"): the options "10am" and "10 AM" are the same answer written twice; write four different answers.',
    ]);
  });

  it('distinct options: four different answers pass', () => {
    expect(
      languageProblems([
        question('Alarm day', 'On which day is the alarm tested?', 'Tuesday', [
          'Monday',
          'Thursday',
          'Friday',
        ]),
      ]),
    ).toEqual([]);
  });

  it('right answer length: a right answer longer than 80 characters is too long to read', () => {
    const long =
      'In the car park behind building B, next to the bicycle shelter and the smoking area';
    expect(long.length).toBeGreaterThan(80);
    expect(languageProblems([question('Assembly', 'Where?', long, ['A', 'B', 'C'])])).toEqual([
      `Task 1 ("Assembly"): the right answer is ${long.length} characters long; keep it to 80 at most.`,
    ]);
    expect(
      languageProblems([question('Assembly', 'Where?', long.slice(0, 80), ['A', 'B', 'C'])]),
    ).toEqual([]);
  });

  it('typed answers: a freeText answer longer than 40 characters must be shortened', () => {
    const [problem] = languageProblems([
      typed(
        'Assembly',
        'Where is the assembly point?',
        'The car park behind building B by the gate',
      ),
    ]);
    expect(problem).toContain('Task 1 ("Assembly"): teams must type this answer');
  });

  it('typed answers: a freeText answer of more than 6 words must be shortened', () => {
    expect(
      languageProblems([typed('Rule', 'What is the rule?', 'go out by the door on it')]),
    ).toHaveLength(1);
    expect(languageProblems([typed('Rule', 'What is the rule?', 'go out by the door')])).toEqual(
      [],
    );
  });

  it('challenges have no answers to check', () => {
    expect(languageProblems([photo('Take a photo of your team at the assembly point.')])).toEqual(
      [],
    );
  });
});
