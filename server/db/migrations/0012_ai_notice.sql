-- What the organiser is told about a finished AI request (docs/ai.md "When the text gives too
-- little"): null for most requests, so adding it rewrites nothing.
ALTER TABLE "ai_content_requests" ADD COLUMN "notice" text;
