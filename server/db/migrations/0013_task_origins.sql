-- Where each task the AI assistant wrote came from (docs/ai.md "Where each task came from").
CREATE TABLE "task_origins" (
	"template_id" text NOT NULL,
	"step_id" text NOT NULL,
	"kind" text NOT NULL,
	"sentence" text,
	"topic_id" text,
	"general" boolean DEFAULT false NOT NULL,
	"topics" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_origins_template_id_step_id_pk" PRIMARY KEY("template_id","step_id")
);
--> statement-breakpoint
ALTER TABLE "task_origins" ADD CONSTRAINT "task_origins_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;