/**
 * The one database schema (Drizzle), for PGlite and PostgreSQL alike. Migrations are generated
 * from it with `npm run db:generate` and committed under server/db/migrations.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Branding, Step, Template, Theme } from '../../src/domain/schemas';
import type { DeliveryType, Duration, GameType } from '../../src/domain/enums';
import type { FieldStamps } from '../../src/domain/fieldStamps';

/** Millisecond precision: JavaScript dates round-trip exactly, which sync checkpoints rely on. */
const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

// ---------------------------------------------------------------------------------------------
// Application users: one row per account, whichever provider signed it in.

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  /** 'local' (Better Auth e-mail and password) or 'clerk'. */
  provider: text('provider').notNull(),
  email: text('email'),
  name: text('name'),
  plan: text('plan').notNull().default('FREE'),
  restricted: boolean('restricted').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Better Auth's tables (the embedded account provider). Field names are the ones Better Auth
// expects; table names are prefixed so they read as the provider's, not the app's.

export const authUser = pgTable('auth_user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const authSession = pgTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
  },
  (t) => [index('auth_session_user_idx').on(t.userId)],
);

export const authAccount = pgTable(
  'auth_account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    refreshTokenExpiresAt: ts('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('auth_account_user_idx').on(t.userId)],
);

export const authVerification = pgTable('auth_verification', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Themes and templates

export const themes = pgTable('themes', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  primaryColour: text('primary_colour').notNull(),
  secondaryColour: text('secondary_colour').notNull(),
  previewImageUrl: text('preview_image_url').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * Templates: library (master) templates, the blank template, and every user's or guest's own.
 * Steps and branding are JSON inside the row: a template is edited and synced as one document
 * (docs/sync.md), and its steps are only ever read with it.
 */
export const templates = pgTable(
  'templates',
  {
    id: text('id').primaryKey(),
    /** Exactly one owner for own templates: a user, or a guest's anonymous id. Null for master. */
    ownerUserId: text('owner_user_id'),
    ownerAnonId: text('owner_anon_id'),
    master: boolean('master').notNull().default(false),
    /** The blank template that copy_blank copies; master but never listed in the library. */
    isBlank: boolean('is_blank').notNull().default(false),
    /** The template this one was copied from, if any. */
    sourceTemplateId: text('source_template_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    shortDescription: text('short_description').notNull().default(''),
    gameType: text('game_type').notNull(),
    deliveryType: text('delivery_type').notNull(),
    duration: integer('duration').notNull(),
    thumbnail: text('thumbnail'),
    comingSoon: boolean('coming_soon').notNull().default(false),
    selectedThemeId: text('selected_theme_id'),
    branding: jsonb('branding').$type<Branding>().notNull(),
    steps: jsonb('steps').$type<Step[]>().notNull(),
    /** When each field last changed (src/domain/fieldStamps.ts): the merge's one clock. */
    fieldStamps: jsonb('field_stamps').$type<FieldStamps>().notNull().default({}),
    revision: integer('revision').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** Soft delete: a deleted template stays as a tombstone so sync clients see the deletion. */
    deletedAt: ts('deleted_at'),
    /**
     * A template created to keep edits made on a device after it was deleted on another
     * (docs/sync.md, "Deleted on another device, edited here"): the deleted template's id, as
     * the client sent it, and when this one was created. Null for every other template.
     */
    restoredFrom: text('restored_from'),
    restoredAt: ts('restored_at'),
  },
  (t) => [
    index('templates_owner_user_sync_idx').on(t.ownerUserId, t.updatedAt, t.id),
    index('templates_owner_anon_sync_idx').on(t.ownerAnonId, t.updatedAt, t.id),
    index('templates_master_idx')
      .on(t.master)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Every stored upload, so files can be traced to their template (and cleaned up later). */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    templateId: text('template_id').notNull(),
    stepId: text('step_id'),
    purpose: text('purpose').notNull(),
    mimeType: text('mime_type').notNull(),
    bytes: integer('bytes').notNull(),
    originalName: text('original_name'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('uploads_template_idx').on(t.templateId)],
);

// ---------------------------------------------------------------------------------------------
// AI content requests: jobs of the content assistant (docs/ai.md). Any server instance may run
// a job; it claims one with SELECT … FOR UPDATE SKIP LOCKED and holds it for a lease, so a job
// whose instance crashed is claimed again once the lease has run out.

export const aiContentRequests = pgTable(
  'ai_content_requests',
  {
    id: text('id').primaryKey(),
    ownerUserId: text('owner_user_id'),
    ownerAnonId: text('owner_anon_id'),
    /** 'new' (a new activity is made) or 'existing' (the unlocked tasks of templateId). */
    mode: text('mode').notNull(),
    /** The template generated into: given for 'existing', set on completion for 'new'. */
    templateId: text('template_id'),
    input: jsonb('input').$type<AiJobInput>().notNull(),
    /** queued → running → completed | failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: ts('lease_until'),
    /** For 'existing': the template with its unlocked tasks replaced (applied by the client). */
    result: jsonb('result').$type<Template>(),
    /** Which generator wrote it: 'builtin' or 'model'. */
    generator: text('generator'),
    errorStatus: integer('error_status'),
    errorMessage: text('error_message'),
    /** What the organiser is told about a done request: fewer tasks than asked (docs/ai.md). */
    notice: text('notice'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    index('ai_content_requests_queue_idx').on(t.status, t.createdAt),
    index('ai_content_requests_owner_user_idx').on(t.ownerUserId, t.createdAt),
    index('ai_content_requests_owner_anon_idx').on(t.ownerAnonId, t.createdAt),
  ],
);

/**
 * Where each task the AI assistant wrote came from (docs/ai.md "Where each task came from"), by
 * template and task id: shown on the task card, and the seed of "Another task like this". Kept
 * apart from the template so that sync and the step schema stay as they are; a task written by
 * hand has no row. `topics` is the request's text, which "another" for a model's task works from.
 */
export const taskOrigins = pgTable(
  'task_origins',
  {
    templateId: text('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    /** 'organiserText' | 'questionBank' | 'model' */
    kind: text('kind').notNull(),
    sentence: text('sentence'),
    /** The bank topic's id (its name is looked up when answered). */
    topicId: text('topic_id'),
    general: boolean('general').notNull().default(false),
    topics: text('topics').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.stepId] })],
);

// ---------------------------------------------------------------------------------------------
// Games (docs/games.md): a launch, a scheduled instance or a demo of a template, played from a
// snapshot of the template taken when it was created, so later edits never touch it.

/** What a game is played from: the template's content at publish time. */
export interface GameSnapshot {
  name: string;
  gameType: GameType;
  duration: number;
  steps: Step[];
  branding: Branding;
  theme: Theme | null;
}

export const games = pgTable(
  'games',
  {
    id: text('id').primaryKey(),
    templateId: text('template_id').notNull(),
    ownerUserId: text('owner_user_id').notNull(),
    /** 'demo', 'launch' ("Play") or 'schedule'. Demos are tests: never launch instances. */
    kind: text('kind').notNull(),
    /** The instance name (SPEC §3 publish request); the template's name when none is given. */
    name: text('name').notNull(),
    code: text('code').notNull().unique(),
    /** The live screens' secret (docs/games.md): lets a venue computer show them unsigned. */
    screenKey: text('screen_key').notNull(),
    snapshot: jsonb('snapshot').$type<GameSnapshot>().notNull(),
    /** The plan's teams limit when the game was made (FREE: 3); null = unlimited. */
    maxTeams: integer('max_teams'),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    /**
     * Set while the organiser has paused the game (docs/games.md "Game control"): answers are
     * refused until it is resumed. Pausing does not move `endsAt`; Extend does.
     */
    pausedAt: ts('paused_at'),
    publishedAt: ts('published_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('games_template_idx').on(t.templateId, t.startsAt),
    index('games_owner_idx').on(t.ownerUserId, t.kind, t.endsAt),
  ],
);

export const teams = pgTable(
  'teams',
  {
    id: text('id').primaryKey(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** For the uniqueness of names within a game: lower case, single spaces. */
    nameKey: text('name_key').notNull(),
    /** SHA-256 of the team's token; the token itself is only ever on the team's phone. */
    tokenHash: text('token_hash').notNull().unique(),
    photoKey: text('photo_key'),
    /** Kept up to date with every submission and judgement: the scoreboard reads only this. */
    score: integer('score').notNull().default(0),
    answered: integer('answered').notNull().default(0),
    lastAnswerAt: ts('last_answer_at'),
    joinedAt: ts('joined_at').notNull().defaultNow(),
    /**
     * The team's short code for moving to another phone (docs/games.md "A team moves to another
     * phone"): six characters of the activity-code alphabet, unique in the game. Made the first
     * time the team's phone asks for its state; null until then.
     */
    rejoinCode: text('rejoin_code'),
  },
  (t) => [
    uniqueIndex('teams_game_name_idx').on(t.gameId, t.nameKey),
    index('teams_game_score_idx').on(t.gameId, t.score),
    uniqueIndex('teams_game_rejoin_code_idx').on(t.gameId, t.rejoinCode),
  ],
);

/**
 * The game and the team a row belongs to (an answer, a score change): it goes with either.
 * A function, because each table needs column builders of its own.
 */
const gameAndTeamColumns = () => ({
  gameId: text('game_id')
    .notNull()
    .references(() => games.id, { onDelete: 'cascade' }),
  teamId: text('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
});

export const submissions = pgTable(
  'submissions',
  {
    id: text('id').primaryKey(),
    ...gameAndTeamColumns(),
    stepId: text('step_id').notNull(),
    /** The phone's id for this answer, so that a resend is answered, not counted twice. */
    clientId: text('client_id').notNull(),
    /** 'answer', 'pass', 'media' or 'done'. */
    kind: text('kind').notNull(),
    /** The typed text, or the chosen choice's text (kept as shown, for the statistics). */
    answer: text('answer'),
    correct: boolean('correct'),
    points: integer('points').notNull(),
    rejected: boolean('rejected').notNull().default(false),
    adjustedPoints: integer('adjusted_points'),
    mediaKey: text('media_key'),
    mediaType: text('media_type'),
    /**
     * Made before the end but delivered after it, within the grace period (a phone offline at
     * the end, docs/games.md "Late answers"): it counts, and statistics and the CSV mark it.
     */
    late: boolean('late').notNull().default(false),
    /**
     * The organiser keeps it off the presentation (docs/games.md "Judging"): it still counts, and
     * the statistics and the CSV still show it.
     */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // One submission per team and task: questions allow one attempt (SPEC §2.8).
    uniqueIndex('submissions_team_step_idx').on(t.teamId, t.stepId),
    index('submissions_game_idx').on(t.gameId, t.createdAt),
  ],
);

/** What the organiser asked for; the new-activity fields only for mode 'new'. */
export interface AiJobInput {
  topics: string;
  stepsCount: number;
  name?: string;
  gameType?: GameType;
  deliveryType?: DeliveryType;
  duration?: Duration;
}

export const schema = {
  users,
  authUser,
  authSession,
  authAccount,
  authVerification,
  themes,
  templates,
  uploads,
  aiContentRequests,
  games,
  teams,
  submissions,
};

// ---------------------------------------------------------------------------------------------
// Bonus and penalty points (docs/games.md "Teams: rename, remove, bonus and penalty points"):
// the organiser's own changes to a team's score, each with its reason. The team's `score`
// moves with each one in the same transaction, so the scoreboard still reads only `teams`.
// (Not in `schema` above: it is read with select(), never with db.query.)

export const scoreAdjustments = pgTable(
  'score_adjustments',
  {
    id: text('id').primaryKey(),
    ...gameAndTeamColumns(),
    /** Positive: a bonus; negative: a penalty; never 0. */
    points: integer('points').notNull(),
    reason: text('reason').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('score_adjustments_team_idx').on(t.teamId, t.createdAt),
    index('score_adjustments_game_idx').on(t.gameId),
  ],
);

// Announcements (docs/games.md "Announcements"): the organiser's messages to every team of a
// game. Kept, so a phone that was away finds the latest ones in its state.

export const announcements = pgTable(
  'announcements',
  {
    id: text('id').primaryKey(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('announcements_game_idx').on(t.gameId, t.createdAt)],
);

// A team's other phones (docs/games.md "A team moves to another phone"): each phone that
// continued as the team with its rejoin code has a token of its own, stored hashed as the
// first phone's is in `teams.token_hash`. The first phone's token stays valid too. Removing the
// team removes them (cascade).

export const teamTokens = pgTable(
  'team_tokens',
  {
    /** SHA-256 of the phone's token, as `teams.token_hash`. */
    tokenHash: text('token_hash').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // Removing a team (or its game) finds its tokens by this index.
  (t) => [index('team_tokens_team_idx').on(t.teamId)],
);

// Counts shared between server instances (services/limits/sharedCounts.ts, docs/operations.md
// "Several machines"): each instance's heartbeat, and its own count of each limit's key. Both
// tables are UNLOGGED in the migration (Drizzle cannot say so here): they are rewritten every
// second, and counts lost on a PostgreSQL crash are only limits that start again from zero.
// Used only with DATABASE_URL; the embedded database keeps them empty.

export const limitInstances = pgTable('limit_instances', {
  /** A random id an instance picks at start. */
  instanceId: text('instance_id').primaryKey(),
  /** Its last sync: instances not seen for a few sync intervals are ignored, then removed. */
  seenAt: ts('seen_at').notNull(),
});

export const limitCounts = pgTable(
  'limit_counts',
  {
    instanceId: text('instance_id').notNull(),
    /** `rate:<route>:<key>:<window start>`, `stream:address:<ip>`, `signin:<e-mail>:<bucket>`, … */
    key: text('key').notNull(),
    count: integer('count').notNull(),
    /** When a rate window ends; null for counts that last as long as what they count (streams). */
    expiresAt: ts('expires_at'),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.key] })],
);
