/**
 * zod schemas and inferred types for every entity of SPEC §3, as they travel over /v1.
 * Read schemas describe what the server answers; write schemas (TemplateWrite…) describe what
 * it accepts, and are strict: an unknown field is refused rather than silently dropped.
 */
import { z } from 'zod';
import {
  deliveryTypeSchema,
  durationSchema,
  gameTypeSchema,
  stepTypeSchema,
  wizardDeliveryTypeSchema,
  wizardDurationSchema,
  wizardGameTypeSchema,
} from './enums';
import { LIMITS } from './limits';
import { STAMP_PATH_PATTERN, STAMP_PATTERN } from './stampFormat';
import { PLAN_IDS } from './userRights';

export const idSchema = z.string().min(1).max(64);
export const uuidSchema = z.uuid();
/**
 * The ids the server accepts for new activities (any 8-4-4-4-12 hex form, as the server checks a
 * client-chosen id): so that every activity id ever given out passes where one is referred to.
 */
export const ACTIVITY_UUID_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isoDateTime = z.iso.datetime({ offset: true });

/** Hex only, no opacity (SPEC §5 Branding colour). */
export const hexColourSchema = z
  .string()
  .regex(/^#[0-9A-Fa-f]{6}$/, 'Colours are six-digit hex values such as #FF6800');

// ---------------------------------------------------------------------------------------------
// Answer, Asset, Step

export const answerSchema = z.strictObject({
  id: idSchema,
  value: z.string().max(LIMITS.answerMaxLength),
  correct: z.boolean(),
});
export type Answer = z.infer<typeof answerSchema>;

/** The upload response (SPEC §3 Asset). */
export const assetSchema = z.strictObject({
  filename: z.string().min(1).max(255),
  mimeType: z.string().min(1).max(100),
  url: z.string().min(1).max(2048),
});
export type Asset = z.infer<typeof assetSchema>;

export const stepSchema = z.strictObject({
  id: idSchema,
  name: z.string().max(LIMITS.stepNameMaxLength),
  type: stepTypeSchema,
  text: z.string().max(LIMITS.stepTextMaxLength),
  answers: z.array(answerSchema).max(LIMITS.multipleChoiceSlots),
  // SPEC's Step lists media as an Asset, but most tasks have none: a step sent without it has
  // none ("steps.0.media: expected object, received undefined" used to refuse a normal task).
  media: assetSchema.nullable().default(null),
  points: z.number().int().min(LIMITS.pointsMin).max(LIMITS.pointsMax),
  locked: z.boolean(),
});
export type Step = z.infer<typeof stepSchema>;

// ---------------------------------------------------------------------------------------------
// Theme, Branding

export const themeSchema = z.strictObject({
  id: idSchema,
  name: z.string(),
  primaryColour: hexColourSchema,
  secondaryColour: hexColourSchema,
  previewImageUrl: z.string(),
});
export type Theme = z.infer<typeof themeSchema>;

/** When `default` is true the logo is treated as "no uploaded logo" (SPEC §3). */
export const logoSchema = z.strictObject({
  url: z.string().min(1).max(2048),
  filename: z.string().min(1).max(255),
  mimeType: z.string().min(1).max(100),
  brandingId: idSchema,
  default: z.boolean(),
});
export type Logo = z.infer<typeof logoSchema>;

export const brandingSchema = z.strictObject({
  id: idSchema,
  logo: logoSchema.nullable(),
  headerColour: hexColourSchema,
  questionBackgroundColour: hexColourSchema,
  selfieBackgroundColour: hexColourSchema,
});
export type Branding = z.infer<typeof brandingSchema>;

// ---------------------------------------------------------------------------------------------
// Template

export const stepValidationErrorSchema = z.object({
  id: idSchema,
  errors: z.array(z.string()),
});
export type StepValidationError = z.infer<typeof stepValidationErrorSchema>;

/**
 * Per-field edit stamps (docs/sync.md, "One clock"): path → stamp of its last change. At most
 * one per field, task field and the task order.
 */
export const fieldStampsSchema = z
  .record(z.string().regex(STAMP_PATH_PATTERN), z.string().regex(STAMP_PATTERN))
  .refine((stamps) => Object.keys(stamps).length <= 16 + LIMITS.stepsMax * 6, {
    message: 'Too many field stamps.',
  });
export type FieldStampsWrite = z.infer<typeof fieldStampsSchema>;

/** A template (activity template) as the server answers it. */
export const templateSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string(),
  gameType: gameTypeSchema,
  deliveryType: deliveryTypeSchema,
  duration: durationSchema,
  steps: z.array(stepSchema),
  selectedThemeId: idSchema.nullable(),
  theme: themeSchema.nullable(),
  branding: brandingSchema,
  stepValidationErrors: z.array(stepValidationErrorSchema),
  /** Library fields: a user's own template has master = false and no thumbnail. */
  master: z.boolean(),
  thumbnail: z.string().nullable(),
  shortDescription: z.string(),
  comingSoon: z.boolean(),
  /** Optimistic-concurrency revision; also sent as the ETag (docs/sync.md). */
  revision: z.number().int().positive(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  /** When each field last changed; absent on library templates and older answers. */
  fieldStamps: fieldStampsSchema.optional(),
  /**
   * Beyond SPEC's fields (docs/sync.md, "Deleted on another device, edited
   * here"): on the owner's own activity that keeps edits made on a device after the activity was
   * deleted on another, the id of that deleted activity and when this one was created. Absent
   * otherwise.
   */
  restoredFrom: idSchema.optional(),
  restoredAt: isoDateTime.optional(),
});
export type Template = z.infer<typeof templateSchema>;

/** `restoredFrom` as a client sends it when creating an activity (POST /templates). */
export const restoredFromSchema = z
  .string()
  .regex(
    ACTIVITY_UUID_PATTERN,
    'must be the id (a UUID) of the deleted activity whose edits this one keeps.',
  );

/**
 * Fields a client may send in POST /templates and PATCH /templates/{id}. Every field is
 * optional (PATCH merges); server-computed fields that a client holds in its copy of the
 * template (theme, stepValidationErrors, revision…) are tolerated and ignored, so a client may
 * send the whole object back. Anything else is an unknown field and is refused.
 */
export const templateWriteSchema = z.strictObject({
  id: idSchema.optional(),
  name: z.string().max(LIMITS.templateNameMaxLength).optional(),
  description: z.string().max(LIMITS.templateDescriptionMaxLength).optional(),
  gameType: gameTypeSchema.optional(),
  deliveryType: deliveryTypeSchema.optional(),
  duration: durationSchema.optional(),
  steps: z.array(stepSchema).max(LIMITS.stepsMax).optional(),
  selectedThemeId: idSchema.nullable().optional(),
  branding: brandingSchema
    .omit({ id: true })
    .extend({ id: idSchema.optional() })
    .partial()
    .optional(),
  // Read-only, ignored when sent back:
  theme: z.unknown().optional(),
  stepValidationErrors: z.unknown().optional(),
  master: z.unknown().optional(),
  thumbnail: z.unknown().optional(),
  shortDescription: z.string().max(LIMITS.shortDescriptionMaxLength).optional(),
  comingSoon: z.unknown().optional(),
  revision: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
  /** The stamps of the changes sent (docs/sync.md); the server stamps a change sent without. */
  fieldStamps: fieldStampsSchema.optional(),
  /**
   * Create only: the deleted activity whose edits this new one keeps (docs/sync.md, "Deleted on
   * another device, edited here"). Ignored when changing an activity, like the read-only fields.
   */
  restoredFrom: restoredFromSchema.optional(),
  restoredAt: z.unknown().optional(),
});
export type TemplateWrite = z.infer<typeof templateWriteSchema>;

/** What an incremental pull sees of a deleted template (soft delete, docs/sync.md). */
export const templateTombstoneSchema = z.object({
  id: idSchema,
  deleted: z.literal(true),
  revision: z.number().int().positive(),
  updatedAt: isoDateTime,
});
export type TemplateTombstone = z.infer<typeof templateTombstoneSchema>;

export const syncCheckpointSchema = z.object({ updatedAt: isoDateTime, id: idSchema });
export type SyncCheckpoint = z.infer<typeof syncCheckpointSchema>;

/** GET /templates: the caller's own templates, or the changes since a checkpoint. */
export const templateListSchema = z.object({
  templates: z.array(z.union([templateSchema, templateTombstoneSchema])),
  checkpoint: syncCheckpointSchema.nullable(),
  hasMore: z.boolean(),
});
export type TemplateList = z.infer<typeof templateListSchema>;

// ---------------------------------------------------------------------------------------------
// Library template (SPEC §3)

export const libraryTemplateSchema = z.object({
  id: idSchema,
  name: z.string(),
  thumbnail: z.string().nullable(),
  deliveryType: deliveryTypeSchema,
  gameType: gameTypeSchema,
  description: z.string(),
  shortDescription: z.string(),
  duration: durationSchema,
  comingSoon: z.boolean(),
  master: z.boolean(),
});
export type LibraryTemplate = z.infer<typeof libraryTemplateSchema>;

// ---------------------------------------------------------------------------------------------
// Games (SPEC §3 Game / activity row, Game status, Publish request, Scheduled instance)

export const ACTIVITY_STATUSES = [
  'unpublished',
  'editing',
  'ready',
  'scheduled',
  'published',
  'complete',
  'live',
] as const;
export const activityStatusSchema = z.enum(ACTIVITY_STATUSES);
export type ActivityStatus = z.infer<typeof activityStatusSchema>;

export const activityRowSchema = z.object({
  id: idSchema,
  name: z.string(),
  gameType: gameTypeSchema,
  stepsCount: z.number().int().nonnegative(),
  runTime: z.string(),
  runTimeMin: z.number().int().nonnegative(),
  plays: z.number().int().nonnegative(),
  status: activityStatusSchema,
  scoreboardUrl: z.string().nullable(),
  presentationUrl: z.string().nullable(),
  statisticsUrl: z.string().nullable(),
  // Beyond SPEC's fields: the current instance's game status, which the join info dialog reads
  // (SPEC §2.9 Activity join info). Optional so rows cached before it existed still parse.
  gameStatusUrl: z.string().nullable().optional(),
  // Beyond SPEC's fields: the current instance's game, for the row's game controls
  // (docs/games.md "Game control"). `gamePhase` takes the values of GAME_PHASES in
  // src/domain/games.ts, which imports this file and so cannot be imported here. Optional so
  // rows cached before they existed still parse.
  gameId: idSchema.nullable().optional(),
  gamePhase: z.enum(['upcoming', 'open', 'paused', 'ended']).nullable().optional(),
  gameEndsAt: isoDateTime.nullable().optional(),
  // Beyond SPEC's fields: when the activity's latest launch instance (a "Play" or a scheduled
  // instance, never a demo) was made, null when never. The FREE plan has one launch a day
  // (SPEC §6), counted by when launches are made: with this, My Activities tells before Play or
  // Schedule that today's launch is used (launchBlock in src/domain/plans.ts). Optional so rows
  // cached before it existed still parse; such rows count as not launched today.
  lastLaunchedAt: isoDateTime.nullable().optional(),
  // Beyond SPEC's fields: set on an activity that keeps edits made on a
  // device after it was deleted on another (as on the template); absent otherwise. My Activities
  // marks such a row "Restored" for a while.
  restoredFrom: idSchema.optional(),
  restoredAt: isoDateTime.optional(),
});
export type ActivityRow = z.infer<typeof activityRowSchema>;

export const gameStatusSchema = z.object({
  code: z.string().nullable(),
  qrCodeUrl: z.string().nullable(),
  publishedAt: isoDateTime.nullable(),
  templateId: idSchema,
  startsAt: isoDateTime.nullable(),
  endsAt: isoDateTime.nullable(),
  // Beyond SPEC's fields (its shapes are open, §7): the game's live screens (docs/games.md), so
  // that a demo's scoreboard can be opened too (demos are not rows of My Activities).
  scoreboardUrl: z.string().optional(),
  presentationUrl: z.string().optional(),
  statisticsUrl: z.string().optional(),
});
export type GameStatus = z.infer<typeof gameStatusSchema>;

export const publishRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(LIMITS.instanceNameMaxLength).optional(),
  startsAt: isoDateTime.optional(),
  endsAt: isoDateTime.optional(),
});
export type PublishRequest = z.infer<typeof publishRequestSchema>;

export const gameStatusUrlResponseSchema = z.object({ gameStatusUrl: z.string() });
export type GameStatusUrlResponse = z.infer<typeof gameStatusUrlResponseSchema>;

/** The Schedule Activity form (SPEC §3 Scheduled instance); sent as startsAt/endsAt. */
export const scheduledInstanceFormSchema = z.object({
  game: idSchema,
  name: z.string(),
  dateFrom: z.string(),
  timeFrom: z.string(),
  dateTo: z.string(),
  timeTo: z.string(),
});
export type ScheduledInstanceForm = z.infer<typeof scheduledInstanceFormSchema>;

// ---------------------------------------------------------------------------------------------
// AI content request (SPEC §3)

export const aiWizardStateSchema = z.object({
  name: z.string(),
  topics: z.string(),
  gameType: wizardGameTypeSchema,
  deliveryType: wizardDeliveryTypeSchema,
  duration: wizardDurationSchema,
  stepsCount: z.number().int().positive(),
  statusUrl: z.string().nullable(),
  completedAt: isoDateTime.nullable(),
  template: templateSchema.nullable(),
  /** The server's word that the topics gave too little for every task asked (docs/ai.md). */
  notice: z.string().nullish(),
  error: z.string().nullable(),
});
export type AiWizardState = z.infer<typeof aiWizardStateSchema>;

const topicsSchema = z
  .string()
  .trim()
  .min(1, 'Topics are required')
  .max(LIMITS.topicsMaxLength, `Topics must be at most ${LIMITS.topicsMaxLength} characters`);

/** POST /ai_content_requests, in its three forms (SPEC §7 and "Other calls"). */
export const aiContentRequestBodySchema = z.union([
  z.strictObject({
    requestorId: idSchema,
    topics: topicsSchema,
    name: z.string().trim().min(1).max(LIMITS.templateNameMaxLength),
    gameType: gameTypeSchema,
    deliveryType: deliveryTypeSchema,
    duration: durationSchema,
    stepsCount: z.number().int().positive().max(LIMITS.stepsMax),
  }),
  z.strictObject({ templateId: idSchema, topics: topicsSchema }),
  z.strictObject({ requestorId: idSchema, topics: topicsSchema }),
]);
export type AiContentRequestBody = z.infer<typeof aiContentRequestBodySchema>;

export const aiContentRequestStatusSchema = z.object({
  completedAt: isoDateTime.nullable(),
  template: templateSchema.nullable(),
  /**
   * Set when the request is done with fewer new tasks than asked, or with none about the
   * topics: what the organiser is told (MESSAGES.ai.fewerTasks and the like). Null otherwise.
   */
  notice: z.string().nullish(),
});
export type AiContentRequestStatus = z.infer<typeof aiContentRequestStatusSchema>;

/**
 * Where a task the AI assistant wrote came from (docs/ai.md "Where each task came from"):
 * GET /templates/{id}/task_origins and POST /templates/{id}/steps/{stepId}/another.
 */
export const taskOriginSchema = z.object({
  stepId: idSchema,
  kind: z.enum(['organiserText', 'questionBank', 'model']),
  /** organiserText: the organiser's sentence the task was made from; else null. */
  sentence: z.string().nullable(),
  /** questionBank: the bank topic's name ("Fire safety"); else null. */
  topic: z.string().nullable(),
  /** questionBank: general knowledge filler, because nothing in the topics was usable. */
  general: z.boolean(),
});
export type TaskOrigin = z.infer<typeof taskOriginSchema>;

export const taskOriginsResponseSchema = z.object({ origins: z.array(taskOriginSchema) });

/** The texts the activity has now (the device's, the server's copy may be behind). */
export const anotherTaskBodySchema = z
  .strictObject({
    avoid: z.array(z.string().max(LIMITS.stepTextMaxLength)).max(LIMITS.stepsMax).optional(),
  })
  .nullish();

// ---------------------------------------------------------------------------------------------
// Demo state (SPEC §3)

export const demoStateSchema = z.object({
  templateId: idSchema.nullable(),
  statusUrl: z.string().nullable(),
  publishedAt: isoDateTime.nullable(),
  code: z.string().nullable(),
  qrCodeUrl: z.string().nullable(),
  template: templateSchema.nullable(),
  error: z.string().nullable(),
});
export type DemoState = z.infer<typeof demoStateSchema>;

// ---------------------------------------------------------------------------------------------
// Users and accounts

// Zod-free in userRights.ts (the sidebar's upgrade panel reads the plans on every screen).
export { PLAN_IDS };
export const planIdSchema = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof planIdSchema>;

export const userSchema = z.object({
  id: idSchema,
  email: z.string().nullable(),
  name: z.string().nullable(),
  plan: planIdSchema,
  restricted: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/**
 * Signed in: `clerkId` is the caller's own user id, and the guest's work becomes the user's.
 * As a guest (no `clerkId`): an earlier guest id of the same browser, whose work becomes the
 * caller's guest id's (docs/sync.md, "The guest's identity").
 */
export const identifyRequestSchema = z.strictObject({
  anonId: uuidSchema,
  clerkId: idSchema.optional(),
});
export type IdentifyRequest = z.infer<typeof identifyRequestSchema>;

export const signUpRequestSchema = z.strictObject({
  email: z.email('Enter a valid e-mail address').max(254),
  password: z.string().max(LIMITS.passwordMaxLength),
  name: z.string().trim().min(1, 'Your name is required').max(100),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

export const signInRequestSchema = z.strictObject({
  email: z.email('Enter a valid e-mail address').max(254),
  password: z.string().min(1, 'Password is required').max(LIMITS.passwordMaxLength),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Every 4xx/5xx body of /v1 (SPEC §7 generic upload: "the field errorMessage is read"). */
export const errorResponseSchema = z.object({ errorMessage: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Navigation item (SPEC §3)

export const navigationItemSchema = z.object({
  id: z.string(),
  to: z.string(),
  variant: z.string(),
  label: z.string(),
  requiresAuthentication: z.boolean(),
});
export type NavigationItem = z.infer<typeof navigationItemSchema>;
