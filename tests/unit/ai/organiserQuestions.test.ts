/**
 * The questions the built-in generator writes from organiser statements (facts.ts with
 * questionForm.ts and distractors.ts): questions a person would write, of the right type, with
 * wrong answers of the same kind that are never also true.
 */
import { describe, expect, it } from 'vitest';
import { canonical, distractorsFor, timeMinutes } from '../../../server/ai/builtin/distractors';
import { extractFacts, type OrganiserFact } from '../../../server/ai/builtin/facts';
import { readOrganiserText } from '../../../server/ai/builtin/organiserText';
import { seededRandom } from '../../../server/ai/builtin/random';

function facts(topics: string): OrganiserFact[] {
  return extractFacts(readOrganiserText(topics), topics, seededRandom('questions'));
}
const question = (topics: string, answer: string) =>
  facts(topics).find((f) => f.answer.toLowerCase() === answer.toLowerCase());

describe('questions from organiser statements', () => {
  it.each([
    [
      'the alarm is tested every Tuesday at 10am.',
      'Tuesday',
      'On which day is the alarm tested at 10am?',
    ],
    [
      'the alarm is tested every Tuesday at 10am.',
      '10am',
      'What time is the alarm tested every Tuesday?',
    ],
    ['Fire wardens wear yellow vests.', 'Yellow', 'What colour vests do fire wardens wear?'],
    [
      'The assembly point is in the car park behind building B.',
      'The car park behind building B',
      'Where is the assembly point?',
    ],
    ['Our lead fire warden is Gemma Clarke.', 'Gemma Clarke', 'Who is our lead fire warden?'],
    [
      'We were founded in 1998 in Leeds by Margaret Holt.',
      'Margaret Holt',
      'Who founded us in 1998 in Leeds?',
    ],
    ['We bake 40,000 loaves a day.', '40,000', 'How many loaves do we bake a day?'],
    [
      'Staff discount is 30% on everything in the shop.',
      '30%',
      'What is the staff discount on everything in the shop?',
    ],
    ['Passwords are changed every 90 days.', 'Every 90 days', 'How often are passwords changed?'],
    ['Donor records are kept for 6 years.', '6 years', 'How long are donor records kept?'],
    [
      'Hair nets must be worn in the bakehouse at all times.',
      'Hair nets',
      'What must be worn in the bakehouse at all times?',
    ],
    [
      'Broken glass goes in the yellow sharps bin.',
      'Yellow',
      'What colour sharps bin does broken glass go in?',
    ],
    ['Core hours are 10am to 4pm.', '4pm', 'What time do core hours finish?'],
    [
      'If you hear a continuous alarm, never use the lifts.',
      'Lifts',
      'What should you never use if you hear a continuous alarm?',
    ],
    [
      'Our best seller is the chipotle chicken taco at £4.50.',
      '£4.50',
      'How much is the chipotle chicken taco?',
    ],
  ])('"%s" asked for %s: %s', (topics, answer, text) => {
    expect(question(topics, answer)?.text).toBe(text);
  });

  it('types short exact answers and offers choices of the same kind for the rest', () => {
    const founded = question('The club was founded in 1972.', '1972')!;
    expect(founded.typeable).toBe(true);
    for (const wrong of founded.distractors!) expect(wrong).toMatch(/^\d{4}$/);
    const time = question('The race starts at 9:30am.', '9:30am')!;
    expect(time.typeable).toBe(false);
    for (const wrong of time.distractors!) expect(timeMinutes(wrong)).not.toBeNull();
    const rule = question('never use the lifts.', 'Lifts')!;
    expect(rule.distractors).toBeNull(); // no wrong answers that are surely wrong: typed
  });

  it('falls back to a clean gap-fill only when no question reaches the part', () => {
    const gap = facts('Ratios are 1 adult to 3 children.').find((f) =>
      f.text.startsWith('Fill the gap'),
    );
    if (gap) expect(gap.text).toMatch(/^Fill the gap: “.*____.*”$/);
    expect(facts('the alarm is tested every Tuesday at 10am.').every((f) => f.quality === 3)).toBe(
      true,
    );
  });
});

describe('wrong answers', () => {
  const random = seededRandom('wrong answers');
  const wrong = (
    kind: Parameters<typeof distractorsFor>[0]['kind'],
    answer: string,
    forbidden: string[] = [],
  ) => distractorsFor({ kind, answer, forbidden, fromText: [], topics: '' }, random);

  it('are never the answer in another spelling', () => {
    for (const w of wrong('weekday', 'Tuesday')!)
      expect(canonical('weekday', w)).not.toBe('tuesday');
    for (const w of wrong('time', '10am')!) expect(timeMinutes(w)).not.toBe(600);
    for (const w of wrong('colour', 'Navy')!)
      expect(['Blue', 'Navy blue', 'Dark blue']).not.toContain(w);
    expect(canonical('weekday', 'Tuesdays')).toBe(canonical('weekday', 'tuesday'));
    expect(canonical('time', '10:00am')).toBe(canonical('time', '10am'));
    expect(canonical('count', '40000')).toBe(canonical('count', '40,000'));
  });

  it('are never another value the text gives for the same thing', () => {
    const days = wrong('weekday', 'Monday', ['Thursday'])!;
    expect(days).not.toContain('Thursday');
    const times = wrong('time', '9am', ['9pm'])!;
    expect(times).not.toContain('9pm');
    const [bin] = facts('The bins are collected on Mondays and Thursdays.');
    expect(bin!.distractors).not.toContain('Tuesday and Thursday'.replace('Tuesday', 'Monday'));
  });

  it('keep the answer’s format: nearby numbers, the same currency, unit and separators', () => {
    expect(wrong('count', '40,000')!.every((w) => /^\d{1,3}(,\d{3})+$/.test(w))).toBe(true);
    expect(wrong('money', '£4.50')!.every((w) => /^£\d+\.\d\d$/.test(w))).toBe(true);
    expect(wrong('measure', '5 mph')!.every((w) => / mph$/.test(w))).toBe(true);
    expect(wrong('percent', '99.5%')!.every((w) => /%$/.test(w) && parseFloat(w) <= 100)).toBe(
      true,
    );
    expect(wrong('location', 'Next to gate 3')!.every((w) => /^Next to gate \d$/.test(w))).toBe(
      true,
    );
  });
});
