CREATE TABLE "stat_activity" (
	"app_id" text NOT NULL,
	"subject" text NOT NULL,
	"day" date NOT NULL,
	"platform" text NOT NULL,
	"dau" integer DEFAULT 0 NOT NULL,
	"wau" integer DEFAULT 0 NOT NULL,
	"mau" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_activity_app_id_subject_platform_day_pk" PRIMARY KEY("app_id","subject","platform","day")
);
--> statement-breakpoint
CREATE TABLE "stat_activity_dirty" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stat_activity_dirty_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"app_id" text NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stat_daily" ADD COLUMN "depth_sessions" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "stat_daily" ADD COLUMN "depth_user_sessions" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "stat_daily" ADD COLUMN "duration_sessions" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "stat_daily" ADD COLUMN "duration_user_sessions" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "stat_device_days" ADD COLUMN "depth_mask" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stat_device_days" ADD COLUMN "duration_mask" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stat_user_days" ADD COLUMN "depth_mask" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stat_user_days" ADD COLUMN "duration_mask" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "stat_activity_dirty_app_id_index" ON "stat_activity_dirty" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "stat_sessions_scene_index" ON "stat_sessions" USING btree ("app_id","day","scene") WHERE "stat_sessions"."scene" <> '';--> statement-breakpoint
-- the new rollup columns and tables fill as app-days are recomputed: every app-day with raw events is marked (in the configured time zone, UTC+8 by default)
INSERT INTO "stat_dirty" ("app_id", "day")
SELECT DISTINCT e."app_id", stat_day(e."ts", coalesce((SELECT ("value"->>'tz_offset_minutes')::int FROM "app_settings" WHERE "key" = 'settings.stats'), 480))
FROM "stat_events" e;
