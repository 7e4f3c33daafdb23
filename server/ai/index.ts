/**
 * The AI content assistant's wiring: which generator runs (a configured model, or the built-in
 * one), and the queue runner's lease. app.ts starts the runner when the server is ready and
 * stops it on close.
 */
import type { FastifyInstance } from 'fastify';
import type { AiConfig } from '../config';
import type { ContentGenerator } from './generator';
import { createAiJobRunner, type AiJobRunner } from './jobRunner';

/** The built-in generator takes milliseconds; a minute covers any pause of a busy machine. */
const BUILTIN_LEASE_MS = 60_000;
/** A model call may take its timeout twice (the repair round) before the lease is given up. */
const MODEL_LEASE_MARGIN_MS = 30_000;

/**
 * The configured generator, loaded when the first request reaches it: the built-in one brings
 * an NLP library and the question bank (about 30 MB), the model provider the AI SDK, and an
 * idle server needs neither. The first generation waits a few hundred milliseconds
 * longer; the queue runs it in the background anyway.
 */
export function createGenerator(config: AiConfig): ContentGenerator {
  const model = config.model;
  let loading: Promise<ContentGenerator> | null = null;
  const load = () =>
    (loading ??= (
      model
        ? import('./model/modelGenerator').then((module) => module.createModelGenerator(model))
        : import('./builtin/builtinGenerator').then((module) => module.createBuiltinGenerator())
    ).catch((error: unknown) => {
      // A load that failed is tried again by the next request, not remembered.
      loading = null;
      throw error;
    }));
  return {
    kind: model ? 'model' : 'builtin',
    generate: async (request) => (await load()).generate(request),
  };
}

export function leaseFor(config: AiConfig): number {
  return config.model ? config.model.timeoutMs * 2 + MODEL_LEASE_MARGIN_MS : BUILTIN_LEASE_MS;
}

export function attachAiJobRunner(app: FastifyInstance, generator?: ContentGenerator): AiJobRunner {
  const runner = createAiJobRunner({
    db: app.db,
    bus: app.bus,
    generator: generator ?? createGenerator(app.config.ai),
    log: app.log.child({ component: 'ai' }),
    concurrency: app.config.ai.concurrency,
    leaseMs: leaseFor(app.config.ai),
  });
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
  return runner;
}
