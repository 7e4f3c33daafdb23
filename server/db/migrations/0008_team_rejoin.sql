CREATE TABLE "team_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "rejoin_code" text;--> statement-breakpoint
ALTER TABLE "team_tokens" ADD CONSTRAINT "team_tokens_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_tokens_team_idx" ON "team_tokens" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_game_rejoin_code_idx" ON "teams" USING btree ("game_id","rejoin_code");