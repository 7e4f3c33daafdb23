CREATE TABLE "score_adjustments" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"team_id" text NOT NULL,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "score_adjustments" ADD CONSTRAINT "score_adjustments_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_adjustments" ADD CONSTRAINT "score_adjustments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_adjustments_team_idx" ON "score_adjustments" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "score_adjustments_game_idx" ON "score_adjustments" USING btree ("game_id");