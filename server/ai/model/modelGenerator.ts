/**
 * The model provider (docs/ai.md): any OpenAI-compatible chat completions endpoint (OpenAI,
 * Ollama, vLLM, llama.cpp's server, LM Studio…) through the AI SDK, with structured output
 * against the step schema of src/domain. The prompt lists the facts the organiser stated
 * (server/ai/organiserFacts.ts). Output that fails the schema, the task rules or the built-in
 * generator's language rules, or leaves too many of the facts unasked, is sent back once with its
 * problems; a second failure is 'incomplete' (SPEC §8 422), except for unasked facts: coverage is
 * a reason for the repair round only. Provider errors and timeouts are 'unavailable'. Nothing
 * from the provider reaches organisers as it is.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  extractJsonMiddleware,
  generateText,
  NoObjectGeneratedError,
  Output,
  wrapLanguageModel,
  type ModelMessage,
} from 'ai';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { answerSchema, stepSchema, type Step } from '../../../src/domain/schemas';
import { validateStep } from '../../../src/domain/validation/step';
import { GenerationError, type ContentGenerator, type GenerationRequest } from '../generator';
import {
  languageProblems,
  missedFacts,
  statedFacts,
  unaskedFactsProblem,
  type StatedFact,
} from '../organiserFacts';
import { factsForPrompt, repairPrompt, systemPrompt, userPrompt } from './prompt';

export interface ModelConfig {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** The whole generation, repair included, must finish within this. */
  timeoutMs: number;
  /** json_schema response format (most servers); false falls back to JSON mode. */
  structuredOutputs: boolean;
}

/** The domain's step, without what the server fills in (ids, media, locked). */
const generatedTaskSchema = stepSchema
  .pick({ name: true, type: true, text: true, points: true })
  .extend({
    answers: z.array(answerSchema.omit({ id: true })).max(4),
  });
const generatedTasksSchema = z.object({ tasks: z.array(generatedTaskSchema) });
type GeneratedTasks = z.infer<typeof generatedTasksSchema>;

const toStep = (task: GeneratedTasks['tasks'][number]): Step => ({
  id: randomUUID(),
  name: task.name.trim(),
  type: task.type,
  text: task.text.trim(),
  answers: task.answers.map((answer) => ({
    id: randomUUID(),
    value: answer.value.trim(),
    correct: answer.correct,
  })),
  media: null,
  points: task.points,
  locked: false,
});

/**
 * The rules that the tasks break, as sentences the model can act on: src/domain's, the built-in
 * generator's language rules, and (when `facts` are given) too many of the organiser's facts
 * left unasked.
 */
function problemsOf(
  tasks: Step[],
  request: GenerationRequest,
  facts: readonly StatedFact[],
): string[] {
  const problems: string[] = [];
  if (tasks.length < request.count) {
    problems.push(`There must be exactly ${request.count} tasks; there were ${tasks.length}.`);
  }
  tasks.forEach((step, i) => {
    for (const error of validateStep(step))
      problems.push(`Task ${i + 1} ("${step.name}"): ${error}`);
    if (step.type === 'multipleChoice' && step.answers.length !== 4) {
      problems.push(
        `Task ${i + 1} ("${step.name}"): a multipleChoice task needs exactly 4 answers.`,
      );
    }
  });
  problems.push(...languageProblems(tasks));
  const texts = tasks.map((step) => step.text.toLowerCase());
  if (new Set(texts).size !== texts.length) problems.push('Two tasks are the same.');
  // checkGeneratedSteps (server/ai/assemble.ts) refuses a task that repeats a locked one; asking
  // here gives the model its repair round instead of a straight 422.
  const kept = new Set(request.keep.map((step) => step.text.trim().toLowerCase()));
  tasks.forEach((step, i) => {
    if (kept.has(step.text.toLowerCase())) {
      problems.push(
        `Task ${i + 1} ("${step.name}") repeats a task the activity already has; write a different one.`,
      );
    }
  });
  // Only the tasks the organiser gets count (a longer answer is cut to the count).
  const unasked = unaskedFactsProblem(facts, tasks.slice(0, request.count), request.count);
  if (unasked) problems.push(unasked);
  return problems;
}

/** The JSON inside a model's text: a fenced block, else from the first "{" to the last "}". */
export function jsonPartOf(text: string): string {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  if (fenced) return fenced[1]!.trim();
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  return start >= 0 && end > start ? text.slice(start, end + 1) : text;
}

const isAbort = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');

export function createModelGenerator(
  config: ModelConfig,
  fetchImpl?: typeof fetch,
): ContentGenerator {
  const provider = createOpenAICompatible({
    name: 'teamtrail-ai',
    baseURL: config.baseUrl,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    supportsStructuredOutputs: config.structuredOutputs,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  // Many local models wrap JSON in markdown fences or a sentence ("Here you go: ```json …```")
  // in JSON mode; keeping only the JSON spares such an answer the repair round.
  const model = wrapLanguageModel({
    model: provider.chatModel(config.model),
    middleware: extractJsonMiddleware({ transform: jsonPartOf }),
  });

  async function ask(
    messages: ModelMessage[],
    signal: AbortSignal,
  ): Promise<{ tasks: Step[] | null; text: string; problems: string[] }> {
    try {
      const result = await generateText({
        model,
        system: systemPrompt(),
        messages,
        output: Output.object({ schema: generatedTasksSchema }),
        abortSignal: signal,
        maxRetries: 1,
        temperature: 0.7,
      });
      return { tasks: result.output.tasks.map(toStep), text: result.text, problems: [] };
    } catch (error) {
      if (NoObjectGeneratedError.isInstance(error)) {
        const cause = error.cause instanceof Error ? error.cause.message : 'not valid JSON';
        return {
          tasks: null,
          text: error.text ?? '',
          problems: [`The answer did not match the JSON shape: ${cause.slice(0, 500)}`],
        };
      }
      if (isAbort(error) || signal.aborted) {
        throw new GenerationError('unavailable', `model timed out after ${config.timeoutMs} ms`);
      }
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new GenerationError('unavailable', `model call failed: ${detail.slice(0, 500)}`);
    }
  }

  return {
    kind: 'model',
    async generate(request) {
      const signal = AbortSignal.any([request.signal, AbortSignal.timeout(config.timeoutMs)]);
      // The organiser's facts that the locked tasks do not already ask about.
      const facts = factsForPrompt(
        missedFacts(statedFacts(request.topics, request.requestId), request.keep),
      );
      const messages: ModelMessage[] = [{ role: 'user', content: userPrompt(request, facts) }];
      let answer = await ask(messages, signal);
      let problems = answer.tasks ? problemsOf(answer.tasks, request, facts) : answer.problems;
      if (problems.length > 0) {
        // One repair round: the model sees its own answer and what was wrong with it.
        messages.push(
          { role: 'assistant', content: answer.text },
          { role: 'user', content: repairPrompt(problems) },
        );
        answer = await ask(messages, signal);
        // Facts still unasked are no reason to fail an answer that breaks no rule: not checked now.
        problems = answer.tasks ? problemsOf(answer.tasks, request, []) : answer.problems;
      }
      if (!answer.tasks || problems.length > 0) {
        throw new GenerationError(
          'incomplete',
          `model output invalid after repair: ${problems.slice(0, 5).join(' | ')}`,
        );
      }
      return answer.tasks.slice(0, request.count).map((step) => ({ step, source: 'model' }));
    },
  };
}
