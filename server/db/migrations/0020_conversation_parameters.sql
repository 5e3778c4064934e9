-- A conversation keeps its sampling parameters (temperature, top-p, the longest answer); null leaves the model its default.
ALTER TABLE "conversations" ADD COLUMN "temperature" double precision;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "top_p" double precision;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "max_tokens" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_temperature_range" CHECK ("conversations"."temperature" BETWEEN 0 AND 2);--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_top_p_range" CHECK ("conversations"."top_p" > 0 AND "conversations"."top_p" <= 1);--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_max_tokens_range" CHECK ("conversations"."max_tokens" >= 1);