CREATE TABLE "apps" (
	"appid" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"app_type" integer DEFAULT 0 NOT NULL,
	"introduction" text,
	"description" text,
	"remark" text,
	"icon_url" text,
	"screenshot" text[] DEFAULT '{}'::text[] NOT NULL,
	"app_android" jsonb,
	"app_ios" jsonb,
	"app_harmony" jsonb,
	"mini_programs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"h5" jsonb,
	"store_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"tagid" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "users_tags_idx" ON "users" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "users_last_login_idx" ON "users" USING btree ("last_login_date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_register_date_idx" ON "users" USING btree ("register_date","id");--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_nickname_trgm_idx" ON "users" USING gin ("nickname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_mobile_trgm_idx" ON "users" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);