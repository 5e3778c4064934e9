CREATE TABLE "welfare_campaigns" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"credits" integer NOT NULL,
	"eligibility" text DEFAULT 'everyone' NOT NULL,
	"eligibility_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"new_user_days" integer,
	"frequency" text DEFAULT 'once' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"budget" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "welfare_claims" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"campaign_id" text NOT NULL,
	"user_id" text NOT NULL,
	"period" text NOT NULL,
	"amount" integer NOT NULL,
	"ledger_entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "welfare_claims_once_per_period" UNIQUE("campaign_id","user_id","period")
);
--> statement-breakpoint
CREATE TABLE "app_versions" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"appid" text NOT NULL,
	"platform" text NOT NULL,
	"type" text NOT NULL,
	"version" text NOT NULL,
	"version_key" integer[] NOT NULL,
	"title" text,
	"contents" text NOT NULL,
	"url" text NOT NULL,
	"file_id" text,
	"min_uni_version" text,
	"stable_publish" boolean DEFAULT false NOT NULL,
	"is_silently" boolean DEFAULT false NOT NULL,
	"is_mandatory" boolean DEFAULT false NOT NULL,
	"store_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_articles" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text,
	"category_id" text,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"article_status" integer DEFAULT 0 NOT NULL,
	"cover_mode" text DEFAULT 'none' NOT NULL,
	"thumbnail" text[] DEFAULT '{}'::text[] NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"is_sticky" boolean DEFAULT false NOT NULL,
	"is_essence" boolean DEFAULT false NOT NULL,
	"comment_status" integer DEFAULT 1 NOT NULL,
	"publish_date" timestamp with time zone,
	"publish_ip" text,
	"last_modify_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modify_ip" text,
	"preview_secret" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_categories" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"article_count" integer DEFAULT 0 NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "welfare_claims" ADD CONSTRAINT "welfare_claims_campaign_id_welfare_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."welfare_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_articles" ADD CONSTRAINT "cms_articles_category_id_cms_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."cms_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_message_reads" ADD CONSTRAINT "site_message_reads_message_id_site_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."site_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "welfare_campaigns_window_idx" ON "welfare_campaigns" USING btree ("ends_at","starts_at");--> statement-breakpoint
CREATE INDEX "welfare_claims_campaign_idx" ON "welfare_claims" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "welfare_claims_user_idx" ON "welfare_claims" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "app_versions_app_idx" ON "app_versions" USING btree ("appid","platform","type","create_date" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_one_stable" ON "app_versions" USING btree ("appid","type","platform") WHERE "app_versions"."stable_publish";--> statement-breakpoint
CREATE INDEX "cms_articles_status_idx" ON "cms_articles" USING btree ("article_status","is_sticky" DESC NULLS LAST,"publish_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cms_articles_category_idx" ON "cms_articles" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "site_message_reads_message_idx" ON "site_message_reads" USING btree ("message_id","read_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "site_messages_everyone_idx" ON "site_messages" USING btree ("publish_at" DESC NULLS LAST) WHERE "site_messages"."audience" = 'everyone' AND "site_messages"."withdrawn_at" IS NULL;--> statement-breakpoint
CREATE INDEX "site_messages_audience_idx" ON "site_messages" USING gin ("audience_ids");--> statement-breakpoint
CREATE INDEX "site_messages_updated_idx" ON "site_messages" USING btree ("updated_at" DESC NULLS LAST,"id");