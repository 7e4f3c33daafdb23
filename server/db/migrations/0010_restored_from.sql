ALTER TABLE "templates" ADD COLUMN "restored_from" text;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "restored_at" timestamp (3) with time zone;