/**
 * The answerable parts the built-in generator finds in one organiser statement
 * (server/ai/builtin/answerSpans.ts), one pattern at a time.
 */
import { describe, expect, it } from 'vitest';
import { findSpans, type AnswerKind } from '../../../server/ai/builtin/answerSpans';
import { parseClause } from '../../../server/ai/builtin/clause';

function spans(text: string) {
  const clause = parseClause(text);
  return findSpans(text, clause?.at ?? -1, clause?.end ?? -1);
}
const answers = (text: string, kind: AnswerKind) =>
  spans(text)
    .filter((s) => s.kind === kind)
    .map((s) => s.answer);

describe('answer spans', () => {
  it.each([
    ['the alarm is tested every Tuesday at 10am', '10am'],
    ['The kitchen closes at 22:30', '22:30'],
    ['The shop closes at 5.30pm', '5.30pm'],
    ['Check-out is at 11 AM', '11am'],
  ])('times: "%s" → %s', (text, time) => {
    expect(answers(text, 'time')).toContain(time);
  });

  it('times: both ends of a range share one phrase and say which end they are', () => {
    const found = spans('Breakfast is served from 7am to 10:30am in the Orangery').filter(
      (s) => s.kind === 'time',
    );
    expect(found.map((s) => [s.answer, s.rangeEnd])).toEqual([
      ['7am', 'start'],
      ['10:30am', 'end'],
    ]);
    expect(found[0]!.phraseFrom).toBe(found[1]!.phraseFrom);
  });

  it.each([
    ['the alarm is tested every Tuesday at 10am', 'Tuesday'],
    ['The bins are collected on Mondays and Thursdays', 'Monday and Thursday'],
    ['The service desk is open Monday to Friday', 'Monday to Friday'],
    ['Your first payday is the last Friday of the month', 'The last Friday of the month'],
  ])('weekdays: "%s" → %s', (text, day) => {
    expect(answers(text, 'weekday')).toEqual([day]);
  });

  it.each([
    ['The thermostat goes on sale on 14 October', '14 October'],
    ['Version 4.2 ships on Wednesday 9 July', 'Wednesday 9 July'],
    ['Summer camp is at Broadstone Warren from 26 to 30 July', '26 to 30 July'],
  ])('dates: "%s" → %s', (text, date) => {
    expect(answers(text, 'date')).toEqual([date]);
  });

  it('months and years', () => {
    expect(answers('the fire extinguishers are checked every March', 'month')).toEqual(['March']);
    expect(answers('We were founded in 1998 in Leeds', 'year')).toEqual(['1998']);
    // "May" inside a date range is not the modal verb, and "13–17 May" is no single date.
    expect(parseClause('Wellbeing Week at Carter Logistics, 13–17 May')).toBeNull();
  });

  it('percentages keep what they are a share of', () => {
    const [share] = spans('We answer 80% of calls within 60 seconds').filter(
      (s) => s.kind === 'percent',
    );
    expect(share).toMatchObject({ answer: '80%', noun: 'of calls' });
    const [discount] = spans('Temps get a 20% discount after their first week').filter(
      (s) => s.kind === 'percent',
    );
    expect(discount).toMatchObject({ answer: '20%', noun: 'discount' });
  });

  it.each([
    ['It costs £149', '£149'],
    ['Oat milk costs 40p extra', '40p'],
    ['Our target for the year is £12 million in new business', '£12 million'],
  ])('money: "%s" → %s', (text, amount) => {
    expect(answers(text, 'money')).toEqual([amount]);
  });

  it('temperatures, one or a range', () => {
    expect(answers('Milk is steamed to 65°C, never hotter', 'temperature')).toEqual(['65°C']);
    expect(answers('Vaccine fridges must stay between 2°C and 8°C', 'temperature')).toEqual([
      '2°C and 8°C',
    ]);
  });

  it('numbers with what they count or measure', () => {
    const [loaves] = spans('We bake 40,000 loaves a day').filter((s) => s.kind === 'count');
    expect(loaves).toMatchObject({ answer: '40,000', noun: 'loaves' });
    expect(answers('The speed limit for forklifts is 5 mph', 'measure')).toEqual(['5 mph']);
    expect(answers('Battery life is 18 months', 'measure')).toEqual(['18 months']);
    const [keep] = spans('the keep is 32 metres tall').filter((s) => s.kind === 'measure');
    expect(keep).toMatchObject({ answer: '32 metres', noun: 'metres tall' });
  });

  it('how often and how soon', () => {
    expect(answers('Passwords are changed every 90 days', 'frequency')).toEqual(['Every 90 days']);
    expect(answers('Fire drills happen every month', 'frequency')).toEqual(['Every month']);
    expect(answers('Fridges are checked twice a day', 'frequency')).toEqual(['Twice a day']);
    expect(answers('Report every near miss within 24 hours', 'deadline')).toEqual([
      'Within 24 hours',
    ]);
  });

  it('ordinals and identifiers', () => {
    expect(answers('the 10th coffee is free', 'ordinal')).toEqual(['10th']);
    expect(answers('The IT service desk is on extension 4400', 'identifier')).toEqual(['4400']);
    expect(answers('Version 4.2 ships on Wednesday 9 July', 'identifier')).toEqual(['4.2']);
    expect(answers('call 999 and tell the manager', 'identifier')).toEqual(['999']);
  });

  it('colours, with the thing they describe; not inside names', () => {
    const [vests] = spans('fire wardens wear yellow vests').filter((s) => s.kind === 'colour');
    expect(vests).toMatchObject({ answer: 'Yellow', noun: 'vests' });
    const [bins] = spans('sharps go in yellow-lidded bins').filter((s) => s.kind === 'colour');
    expect(bins).toMatchObject({ answer: 'Yellow', noun: 'bins' });
    expect(answers('It comes in white, black and silver', 'colour')).toEqual([
      'White, black and silver',
    ]);
    expect(answers('The Friday social is at the Red Lion', 'colour')).toEqual([]);
  });

  it('people: after a role, with a title, as the agent of a passive', () => {
    expect(answers('Our lead fire warden is Gemma Clarke', 'person')).toEqual(['Gemma Clarke']);
    expect(answers('Mrs Patel is the trip leader', 'person')).toEqual(['Mrs Patel']);
    expect(answers('The castle was built in 1283 by Edward I', 'person')).toEqual(['Edward I']);
    expect(answers("Meetings are at St Mary's church hall", 'person')).toEqual([]);
  });

  it('places and locations', () => {
    expect(answers('Training is on Wednesdays at Hollins Park', 'place')).toEqual(['Hollins Park']);
    expect(answers('our head office is in Wakefield', 'place')).toEqual(['Wakefield']);
    expect(answers('the assembly point is in the car park behind building B', 'location')).toEqual([
      'The car park behind building B',
    ]);
    expect(answers('The first aid room is next to gate 3', 'location')).toEqual(['Next to gate 3']);
    expect(
      answers('Clean linen is kept in the store room on the second floor', 'location'),
    ).toEqual(['The store room on the second floor']);
  });

  it('statement shapes: values, things worn, ingredients, rules, names of apps', () => {
    expect(answers('Our values are craft, kindness and community', 'listItem')).toEqual([
      'Craft',
      'Kindness',
      'Community',
    ]);
    const [worn] = spans('Hair nets must be worn in the bakehouse at all times').filter(
      (s) => s.kind === 'thing',
    );
    expect(worn).toMatchObject({ answer: 'Hair nets', pool: 'wearables' });
    expect(answers('Our pesto contains pine nuts', 'thing')).toEqual(['Pine nuts']);
    const [never] = spans('never use the lifts').filter((s) => s.kind === 'thing');
    expect(never).toMatchObject({ answer: 'Lifts', question: 'What should you never use?' });
    const [app] = spans('Desks are booked through the Deskie app').filter(
      (s) => s.kind === 'thing',
    );
    expect(app).toMatchObject({ answer: 'Deskie', noun: 'app' });
  });
});
