-- Counts shared between server instances (server/services/limits/sharedCounts.ts). UNLOGGED:
-- rewritten every second, and counts lost on a PostgreSQL crash only restart limits from zero.
CREATE UNLOGGED TABLE "limit_counts" (
	"instance_id" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp (3) with time zone,
	CONSTRAINT "limit_counts_instance_id_key_pk" PRIMARY KEY("instance_id","key")
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "limit_instances" (
	"instance_id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp (3) with time zone NOT NULL
);
