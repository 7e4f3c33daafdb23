/**
 * The AI creation forms' rules (the wizard's text steps, the "Create new game" dialog, the
 * builder's "Generate with AI"): the request's own schemas (SPEC §5), so a form refuses what the
 * server would refuse, in the same words. Each form wraps them in `schemaResolver` once, at
 * module level: useForm rebuilds its callbacks when its rules change identity.
 */
import { z } from 'zod';
import { aiContentRequestBodySchema } from '../../domain/schemas';

/** The request that creates an activity (topics, name, …) and the one that adds tasks to one. */
const [newActivityRequestSchema] = aiContentRequestBodySchema.options;

/** Trimmed, not empty, at most 1000 characters. */
export const topicsRule = newActivityRequestSchema.shape.topics;
/** Trimmed, not empty, at most the template name's length. */
export const nameRule = newActivityRequestSchema.shape.name;

export const topicsFormSchema = z.object({ topics: topicsRule });
export const nameFormSchema = z.object({ name: nameRule });
