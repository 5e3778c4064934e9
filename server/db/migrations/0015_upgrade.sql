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
CREATE INDEX "app_versions_app_idx" ON "app_versions" USING btree ("appid","platform","type","create_date" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_one_stable" ON "app_versions" USING btree ("appid","type","platform") WHERE "app_versions"."stable_publish";