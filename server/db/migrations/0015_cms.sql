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
ALTER TABLE "cms_articles" ADD CONSTRAINT "cms_articles_category_id_cms_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."cms_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cms_articles_status_idx" ON "cms_articles" USING btree ("article_status","is_sticky" DESC NULLS LAST,"publish_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cms_articles_category_idx" ON "cms_articles" USING btree ("category_id");