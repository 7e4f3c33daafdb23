/**
 * How the built-in generator cuts the organiser's text into subjects and statements
 * (server/ai/builtin/statements.ts): headings, clauses joined by commas and "and", bullets,
 * numbered rules, "Label: value" lines.
 */
import { describe, expect, it } from 'vitest';
import { readText } from '../../../server/ai/builtin/statements';

const texts = (topics: string) => readText(topics).statements.map((s) => s.text);

describe('reading the organiser text', () => {
  it('takes a heading as the subject and each clause after it as a statement', () => {
    const read = readText(
      'Fire safety at our Manchester office: the assembly point is in the car park behind building B, ' +
        'fire wardens wear yellow vests, the alarm is tested every Tuesday at 10am.',
    );
    expect(read.subjects).toEqual(['Fire safety at our Manchester office']);
    expect(read.statements.map((s) => s.text)).toEqual([
      'the assembly point is in the car park behind building B',
      'fire wardens wear yellow vests',
      'the alarm is tested every Tuesday at 10am',
    ]);
    expect(read.statements[0]!.sentence).toMatch(/^Fire safety at our Manchester office:/);
  });

  it('keeps lists whole and splits two verbs or two clauses joined by "and"', () => {
    expect(texts('Our values are craft, kindness and community.')).toEqual([
      'Our values are craft, kindness and community',
    ]);
    expect(texts('The store opens at 9am and closes at 9pm.')).toEqual([
      'The store opens at 9am',
      'The store closes at 9pm',
    ]);
    expect(texts('Check-out is at 11am and rooms must be ready by 3pm.')).toEqual([
      'Check-out is at 11am',
      'rooms must be ready by 3pm',
    ]);
  });

  it('fills in a verb the organiser left out', () => {
    expect(texts('Blue cloths are for bedrooms, yellow cloths for bathrooms.')).toEqual([
      'Blue cloths are for bedrooms',
      'yellow cloths are for bathrooms',
    ]);
    expect(
      texts('Hard hats are white for managers, blue for visitors and orange for operatives.'),
    ).toEqual([
      'Hard hats are white for managers',
      'Hard hats are blue for visitors',
      'Hard hats are orange for operatives',
    ]);
  });

  it('reads bullets, numbered rules and "Label: value" lines', () => {
    expect(
      texts(
        'Rules:\n- Knives are never left in the sink.\n2. Oven gloves must be used for every tray.',
      ),
    ).toEqual(['Knives are never left in the sink', 'Oven gloves must be used for every tray']);
    const [line] = readText('Product manager: Nadia Okafor.').statements;
    expect(line).toMatchObject({
      text: 'Product manager is Nadia Okafor',
      label: 'Product manager',
    });
    expect(texts('Thursday: yoga with Amira in meeting room 2 at 5pm.')).toEqual([
      'yoga with Amira in meeting room 2 at 5pm is on Thursday',
    ]);
  });

  it('keeps a condition, says who a named role is, and resolves "it"', () => {
    const [leave] = readText('If you hear a continuous alarm, never use the lifts.').statements;
    expect(leave).toMatchObject({
      text: 'never use the lifts',
      condition: 'if you hear a continuous alarm',
    });
    expect(texts('Report any lost property to the duty manager, Luis Romero.')).toContain(
      'The duty manager is Luis Romero',
    );
    expect(texts('The Aurora X2 goes on sale on 14 October. It costs £149.')).toContain(
      'The Aurora X2 costs £149',
    );
  });

  it('treats requests and verbless titles as subjects, not statements', () => {
    const read = readText(
      "Onboarding for new starters at Holt's Bakery. Please cover food hygiene too.",
    );
    expect(read.subjects).toEqual(["Onboarding for new starters at Holt's Bakery", 'food hygiene']);
    expect(read.statements).toEqual([]);
  });
});
