CREATE TABLE "games" (
	"id" text PRIMARY KEY NOT NULL,
	"template_id" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"screen_key" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"max_teams" integer,
	"starts_at" timestamp (3) with time zone NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"published_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"team_id" text NOT NULL,
	"step_id" text NOT NULL,
	"client_id" text NOT NULL,
	"kind" text NOT NULL,
	"answer" text,
	"correct" boolean,
	"points" integer NOT NULL,
	"rejected" boolean DEFAULT false NOT NULL,
	"adjusted_points" integer,
	"media_key" text,
	"media_type" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"token_hash" text NOT NULL,
	"photo_key" text,
	"score" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"last_answer_at" timestamp (3) with time zone,
	"joined_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "games_template_idx" ON "games" USING btree ("template_id","starts_at");--> statement-breakpoint
CREATE INDEX "games_owner_idx" ON "games" USING btree ("owner_user_id","kind","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_team_step_idx" ON "submissions" USING btree ("team_id","step_id");--> statement-breakpoint
CREATE INDEX "submissions_game_idx" ON "submissions" USING btree ("game_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_game_name_idx" ON "teams" USING btree ("game_id","name_key");--> statement-breakpoint
CREATE INDEX "teams_game_score_idx" ON "teams" USING btree ("game_id","score");