/**
 * What the model is asked. The user data sent is the organiser's topics, the facts they stated in
 * them (statements of those topics, as the built-in generator reads them: server/ai/
 * organiserFacts.ts), and the texts of the template's locked tasks, so that they are not repeated
 * (docs/ai.md, privacy). The rules below are the ones checked afterwards (src/domain's and the
 * built-in generator's language rules), so that a good model gets them right the first time and
 * the repair round is the exception.
 */
import type { GenerationRequest } from '../generator';
import type { StatedFact } from '../organiserFacts';

/** At most this many facts are listed, each at most this long: the prompt stays bounded. */
export const MAX_PROMPT_FACTS = 20;
const MAX_FACT_LENGTH = 200;

/** The facts the prompt lists, and so the ones a result is checked against. */
export function factsForPrompt(facts: readonly StatedFact[]): StatedFact[] {
  return facts.filter((fact) => fact.sentence.length <= MAX_FACT_LENGTH).slice(0, MAX_PROMPT_FACTS);
}

export function systemPrompt(): string {
  return [
    'You write tasks for a team activity that teams play on their phones, organised by trainers,',
    'HR, onboarding staff and team leads. Write tasks that are correct, varied, friendly and',
    'about the topics given. Answer with JSON only, in this shape:',
    '{"tasks":[{"name":"2-6 word title","type":"multipleChoice","text":"the question",',
    '"answers":[{"value":"…","correct":true},{"value":"…","correct":false}],"points":20}]}',
    'Rules:',
    '- type is one of multipleChoice, freeText, photoChallenge, videoChallenge, standardChallenge.',
    '- multipleChoice: exactly 4 short answers, exactly one with correct true, three plausible',
    '  wrong answers of the same kind, all four different (not "Tuesday" and "Tuesdays").',
    '- freeText: exactly 1 answer with correct true, a word, name or number a team can type',
    '  (at most 40 characters and 6 words).',
    '- A right answer is at most 80 characters.',
    '- photoChallenge, videoChallenge, standardChallenge: answers is an empty list; the text says',
    '  what the team has to do ("Take a photo of your team…"); safe, inclusive, no purchases.',
    '- About 60% multipleChoice, 20% freeText, 20% challenges (mostly photo and video).',
    '- points: whole numbers from 10 to 100; harder or longer tasks are worth more.',
    '- Facts stated by the organiser are true for their organisation: ask about them.',
    '- No two tasks alike. name at most 60 characters, text at most 300.',
  ].join('\n');
}

export function userPrompt(request: GenerationRequest, facts: readonly StatedFact[]): string {
  const avoid = request.keep.map((step) => `- ${step.text}`).join('\n');
  const stated = factsForPrompt(facts)
    .map((fact) => `- ${fact.sentence}`)
    .join('\n');
  return [
    `Write exactly ${request.count} tasks for a ${request.gameType === 'location' ? 'location-based outdoor' : 'quiz'} activity about:`,
    request.topics,
    ...(stated
      ? [
          '',
          'Facts the organiser stated (true for their organisation; ask about each, one task per fact where the count allows):',
          stated,
        ]
      : []),
    ...(avoid ? ['', 'The activity already has these tasks; do not repeat them:', avoid] : []),
  ].join('\n');
}

export function repairPrompt(problems: readonly string[]): string {
  return [
    'Your answer broke these rules:',
    ...problems.map((problem) => `- ${problem}`),
    'Answer again with the complete JSON, every task, following all the rules.',
  ].join('\n');
}
