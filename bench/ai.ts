/**
 * AI assistant benchmark: the built-in generator's time for 20 tasks (target p99 under
 * 300 ms) and the topic relevance of what it makes for 20 typical requests: the share of tasks
 * whose bank topic is one of those the request is about, or that come from the organiser's own
 * facts. Then the organiser prompts of tests/fixtures/aiPrompts.ts, measured with
 * tests/support/aiQuality.ts: the share of stated facts that became tasks (and that were asked
 * as a question's right answer), the share of tasks on the prompt's subject, filler, repeats, and
 * the time for 20 tasks from each. Figures are printed, never asserted
 * (tests/unit/ai/organiserFacts.test.ts asserts floors).
 */
import { bankIndex, FILLER_NOTE, generateTasks } from '../server/ai/builtin/builtinGenerator';
import type { BankIndex } from '../server/ai/builtin/searchIndex';
import { AI_PROMPTS } from '../tests/fixtures/aiPrompts';
import { measureQuality } from '../tests/support/aiQuality';
import { reportLatency } from './support';

const RUNS_PER_REQUEST = 15;
/** Runs per organiser prompt: its own request ids, so each run draws differently. */
const RUNS_PER_PROMPT = 5;

/** Typical requests, each with the bank topics a person would accept as "about it". */
const REQUESTS: { topics: string; relevant: string[] }[] = [
  {
    topics: 'Fire safety and first aid for warehouse staff',
    relevant: ['health-and-safety', 'first-aid'],
  },
  {
    topics: 'GDPR refresher: personal data, subject access requests and data breaches',
    relevant: ['data-protection', 'cyber-security'],
  },
  {
    topics: 'Phishing, passwords and staying safe online',
    relevant: ['cyber-security', 'technology'],
  },
  {
    topics: 'Welcome to the company! Onboarding quiz for new starters',
    relevant: ['onboarding', 'company-culture'],
  },
  { topics: 'Our culture and values', relevant: ['company-culture', 'teamwork'] },
  {
    topics: 'Customer service excellence: complaints, empathy and listening',
    relevant: ['customer-service', 'communication'],
  },
  {
    topics: 'Sales kick-off: prospecting, negotiation and closing',
    relevant: ['sales', 'money-and-business'],
  },
  {
    topics: 'Leadership for first-time managers: feedback, delegation and coaching',
    relevant: ['leadership', 'communication'],
  },
  {
    topics: 'Mental health awareness and wellbeing week',
    relevant: ['wellbeing', 'diversity-and-inclusion'],
  },
  { topics: 'Diversity, equity and inclusion', relevant: ['diversity-and-inclusion'] },
  {
    topics: 'Sustainability at work: recycling, energy and climate change',
    relevant: ['sustainability', 'science'],
  },
  {
    topics: 'Team building icebreakers and collaboration',
    relevant: ['teamwork', 'communication'],
  },
  { topics: 'Problem solving and creative thinking', relevant: ['problem-solving'] },
  { topics: 'Working from home and hybrid teams', relevant: ['remote-working', 'teamwork'] },
  { topics: 'Agile project management and Scrum', relevant: ['project-management'] },
  {
    topics: 'Food hygiene for kitchen staff: allergens, temperatures and cleaning',
    relevant: ['food-hygiene', 'health-and-safety'],
  },
  { topics: 'Christmas party quiz', relevant: ['holidays-and-celebrations'] },
  {
    topics: 'General knowledge pub quiz: geography, history and science',
    relevant: ['geography', 'history', 'science'],
  },
  { topics: 'Music, films and TV through the decades', relevant: ['music', 'film-and-tv'] },
  { topics: 'Space exploration and the solar system', relevant: ['space', 'science'] },
];

function main() {
  const startIndex = performance.now();
  const index = bankIndex();
  console.log(`bank index built in ${(performance.now() - startIndex).toFixed(0)} ms`);
  const signal = new AbortController().signal;

  // Warm-up: the first call compiles the NLP library's and the index's code paths.
  generateTasks(index, {
    requestId: 'warm-up',
    topics: REQUESTS[0]!.topics,
    count: 20,
    gameType: 'quiz',
    keep: [],
    signal,
  });

  const samples: number[] = [];
  const relevance: { topics: string; share: number }[] = [];
  for (const { topics, relevant } of REQUESTS) {
    let onTopic = 0;
    let total = 0;
    for (let run = 0; run < RUNS_PER_REQUEST; run++) {
      const started = performance.now();
      const tasks = generateTasks(index, {
        requestId: `bench-${run}-${topics}`,
        topics,
        count: 20,
        gameType: 'quiz',
        keep: [],
        signal,
      });
      samples.push(performance.now() - started);
      total += tasks.length;
      onTopic += tasks.filter(
        (t) => relevant.includes(t.source) || t.source === 'organiser',
      ).length;
    }
    relevance.push({ topics, share: onTopic / total });
  }

  reportLatency(
    `built-in generation, 20 tasks (${samples.length} runs; target p99 < 300 ms)`,
    samples,
  );
  console.log('\ntopic relevance (share of tasks from the requested topics):');
  for (const { topics, share } of relevance)
    console.log(`  ${(share * 100).toFixed(0).padStart(3)}%  ${topics}`);
  const mean = relevance.reduce((sum, r) => sum + r.share, 0) / relevance.length;
  console.log(`  ${(mean * 100).toFixed(1)}%  mean over ${relevance.length} requests`);

  organiserPrompts(index, signal);
}

const percent = (part: number, whole: number) =>
  `${((whole === 0 ? 1 : part / whole) * 100).toFixed(1)}%`.padStart(6);

/**
 * The organiser prompts: facts used, on subject, filler, tasks written of those asked (fewer when
 * the text gives too little), repeats, and time for 20 tasks.
 */
function organiserPrompts(index: BankIndex, signal: AbortSignal) {
  const samples: number[] = [];
  const totals = {
    facts: 0,
    used: 0,
    asked: 0,
    tasks: 0,
    wanted: 0,
    onSubject: 0,
    filler: 0,
    repeats: 0,
  };
  const rows: string[] = [];
  for (const prompt of AI_PROMPTS) {
    const row = { facts: 0, used: 0, tasks: 0, wanted: 0, onSubject: 0, filler: 0 };
    for (let run = 0; run < RUNS_PER_PROMPT; run++) {
      const request = {
        requestId: `bench-prompt-${run}-${prompt.id}`,
        topics: prompt.topics,
        gameType: 'quiz' as const,
        keep: [],
        signal,
      };
      const started = performance.now();
      generateTasks(index, { ...request, count: 20 });
      samples.push(performance.now() - started);

      const tasks = generateTasks(index, { ...request, count: prompt.stepsCount });
      const report = measureQuality(prompt, tasks);
      const filler = tasks.filter((t) => t.provenance?.includes(FILLER_NOTE)).length;
      row.facts += report.facts;
      row.used += report.factsUsed;
      row.tasks += report.tasks;
      row.wanted += prompt.stepsCount;
      row.onSubject += report.onSubject;
      row.filler += filler;
      totals.facts += report.facts;
      totals.used += report.factsUsed;
      totals.asked += report.factsAsked;
      totals.tasks += report.tasks;
      totals.wanted += prompt.stepsCount;
      totals.onSubject += report.onSubject;
      totals.filler += filler;
      totals.repeats += report.repeats;
    }
    rows.push(
      `  ${percent(row.used, row.facts)} facts  ${percent(row.onSubject, row.tasks)} on subject` +
        `${row.filler > 0 ? `  (${row.filler} filler)` : ''}` +
        `${row.tasks < row.wanted ? `  (${row.tasks} of ${row.wanted} tasks written)` : ''}` +
        `  ${prompt.id} (${prompt.stepsCount} tasks)`,
    );
  }

  console.log(
    `\norganiser prompts (${AI_PROMPTS.length} prompts × ${RUNS_PER_PROMPT} request ids):`,
  );
  for (const row of rows) console.log(row);
  console.log(
    `  facts used ${percent(totals.used, totals.facts).trim()} (asked as a right answer ` +
      `${percent(totals.asked, totals.facts).trim()}), on subject ` +
      `${percent(totals.onSubject, totals.tasks).trim()}, filler ${percent(totals.filler, totals.tasks).trim()}, ` +
      `tasks written ${percent(totals.tasks, totals.wanted).trim()} of those asked, repeats ${totals.repeats}`,
  );
  reportLatency(
    `organiser prompts, 20 tasks (${samples.length} runs; target p99 < 300 ms)`,
    samples,
  );
}

main();
