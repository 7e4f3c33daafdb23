CREATE TABLE "ai_content_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text,
	"owner_anon_id" text,
	"mode" text NOT NULL,
	"template_id" text,
	"input" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp (3) with time zone,
	"result" jsonb,
	"generator" text,
	"error_status" integer,
	"error_message" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "ai_content_requests_queue_idx" ON "ai_content_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "ai_content_requests_owner_user_idx" ON "ai_content_requests" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_content_requests_owner_anon_idx" ON "ai_content_requests" USING btree ("owner_anon_id","created_at");