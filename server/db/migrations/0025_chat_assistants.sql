-- Assistants (presets a user keeps or an admin publishes); conversations and the usage log name the assistant they were started with.
CREATE TABLE "chat_assistants" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"model_id" text,
	"system_prompt" text,
	"temperature" double precision,
	"top_p" double precision,
	"max_tokens" integer,
	"starters" text[] DEFAULT '{}'::text[] NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"store_prompt_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_assistants_temperature_range" CHECK ("chat_assistants"."temperature" BETWEEN 0 AND 2),
	CONSTRAINT "chat_assistants_top_p_range" CHECK ("chat_assistants"."top_p" > 0 AND "chat_assistants"."top_p" <= 1),
	CONSTRAINT "chat_assistants_max_tokens_range" CHECK ("chat_assistants"."max_tokens" >= 1)
);
--> statement-breakpoint
ALTER TABLE "ai_usage" ADD COLUMN "assistant_id" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "assistant_id" text;--> statement-breakpoint
CREATE INDEX "chat_assistants_user_idx" ON "chat_assistants" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "chat_assistants_published_idx" ON "chat_assistants" USING btree ("updated_at") WHERE "chat_assistants"."published";--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_assistant_id_chat_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."chat_assistants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_usage_assistant_idx" ON "ai_usage" USING btree ("assistant_id","created_at") WHERE "ai_usage"."assistant_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_assistant_idx" ON "conversations" USING btree ("assistant_id");