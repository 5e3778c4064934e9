CREATE TABLE "site_message_reads" (
	"message_id" text NOT NULL,
	"user_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_message_reads_user_id_message_id_pk" PRIMARY KEY("user_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "site_messages" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience" text DEFAULT 'everyone' NOT NULL,
	"audience_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"publish_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_message_reads" ADD CONSTRAINT "site_message_reads_message_id_site_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."site_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_message_reads_message_idx" ON "site_message_reads" USING btree ("message_id","read_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "site_messages_everyone_idx" ON "site_messages" USING btree ("publish_at" DESC NULLS LAST) WHERE "site_messages"."audience" = 'everyone' AND "site_messages"."withdrawn_at" IS NULL;--> statement-breakpoint
CREATE INDEX "site_messages_audience_idx" ON "site_messages" USING gin ("audience_ids");--> statement-breakpoint
CREATE INDEX "site_messages_updated_idx" ON "site_messages" USING btree ("updated_at" DESC NULLS LAST,"id");