CREATE TABLE "store_prompt_favourites" (
	"prompt_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_prompt_favourites_prompt_id_user_id_pk" PRIMARY KEY("prompt_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "store_prompt_uses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"prompt_id" text NOT NULL,
	"user_id" text NOT NULL,
	"conversation_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_prompts" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"model_id" text,
	"author_id" text,
	"source_template_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"featured" boolean DEFAULT false NOT NULL,
	"use_count" integer DEFAULT 0 NOT NULL,
	"favourite_count" integer DEFAULT 0 NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todos" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"parent_id" text,
	"title" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"due_date" date,
	"priority" smallint DEFAULT 0 NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"done_at" timestamp with time zone,
	"position" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_document_texts" (
	"document_id" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_document_texts_document_id_locale_pk" PRIMARY KEY("document_id","locale")
);
--> statement-breakpoint
CREATE TABLE "help_documents" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"parent_id" text,
	"slug" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_documents_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "audio_recordings" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"file_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"mime" text,
	"duration_s" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audio_transcripts" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"recording_id" text NOT NULL,
	"user_id" text NOT NULL,
	"model_id" text,
	"model_name" text,
	"start_s" double precision,
	"end_s" double precision,
	"language" text,
	"text" text DEFAULT '' NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_entries" (
	"kind" text NOT NULL,
	"ref_id" text NOT NULL,
	"owner_id" text,
	"locale" text,
	"title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"tsv" "tsvector" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_entries_kind_ref_id_pk" PRIMARY KEY("kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "seed_marks" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_usage" ADD COLUMN "purpose" text DEFAULT 'chat' NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD COLUMN "ref_id" text;--> statement-breakpoint
ALTER TABLE "store_prompt_favourites" ADD CONSTRAINT "store_prompt_favourites_prompt_id_store_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."store_prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_prompt_uses" ADD CONSTRAINT "store_prompt_uses_prompt_id_store_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."store_prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_parent_id_todos_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."todos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_document_texts" ADD CONSTRAINT "help_document_texts_document_id_help_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."help_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_documents" ADD CONSTRAINT "help_documents_parent_id_help_documents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."help_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_transcripts" ADD CONSTRAINT "audio_transcripts_recording_id_audio_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."audio_recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_prompt_favourites_user_idx" ON "store_prompt_favourites" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "store_prompt_uses_prompt_idx" ON "store_prompt_uses" USING btree ("prompt_id","created_at");--> statement-breakpoint
CREATE INDEX "store_prompts_status_idx" ON "store_prompts" USING btree ("status","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "store_prompts_author_idx" ON "store_prompts" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "todos_user_idx" ON "todos" USING btree ("user_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "todos_due_idx" ON "todos" USING btree ("user_id","done","due_date");--> statement-breakpoint
CREATE INDEX "help_documents_parent_idx" ON "help_documents" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "audio_recordings_user_idx" ON "audio_recordings" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audio_transcripts_recording_idx" ON "audio_transcripts" USING btree ("recording_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_entries_tsv_idx" ON "search_entries" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "search_entries_public_tsv_idx" ON "search_entries" USING gin ("tsv") WHERE owner_id IS NULL;--> statement-breakpoint
CREATE INDEX "search_entries_owner_idx" ON "search_entries" USING btree ("owner_id","kind");