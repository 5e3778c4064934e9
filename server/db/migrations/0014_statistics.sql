CREATE TABLE "stat_daily" (
	"day" date NOT NULL,
	"app_id" text NOT NULL,
	"platform" text NOT NULL,
	"channel" text NOT NULL,
	"version" text NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"active_devices" integer DEFAULT 0 NOT NULL,
	"active_users" integer DEFAULT 0 NOT NULL,
	"duration_s" bigint DEFAULT 0 NOT NULL,
	"bounces" integer DEFAULT 0 NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"crashes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_daily_app_id_day_platform_channel_version_pk" PRIMARY KEY("app_id","day","platform","channel","version")
);
--> statement-breakpoint
CREATE TABLE "stat_device_days" (
	"app_id" text NOT NULL,
	"day" date NOT NULL,
	"device_id" text NOT NULL,
	"platform" text NOT NULL,
	"channel" text NOT NULL,
	"version" text NOT NULL,
	"uid" text,
	"sessions" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"duration_s" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_device_days_app_id_day_device_id_pk" PRIMARY KEY("app_id","day","device_id")
);
--> statement-breakpoint
CREATE TABLE "stat_devices" (
	"app_id" text NOT NULL,
	"device_id" text NOT NULL,
	"first_ts" timestamp with time zone NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"platform" text NOT NULL,
	"channel" text NOT NULL,
	"version" text NOT NULL,
	CONSTRAINT "stat_devices_app_id_device_id_pk" PRIMARY KEY("app_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "stat_dirty" (
	"app_id" text NOT NULL,
	"day" date NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stat_dirty_app_id_day_pk" PRIMARY KEY("app_id","day")
);
--> statement-breakpoint
CREATE TABLE "stat_error_days" (
	"day" date NOT NULL,
	"app_id" text NOT NULL,
	"hash" text NOT NULL,
	"kind" text NOT NULL,
	"platform" text NOT NULL,
	"channel" text NOT NULL,
	"version" text NOT NULL,
	"device_model" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"devices" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_error_days_app_id_day_hash_platform_channel_version_device_model_pk" PRIMARY KEY("app_id","day","hash","platform","channel","version","device_model")
);
--> statement-breakpoint
CREATE TABLE "stat_error_groups" (
	"app_id" text NOT NULL,
	"hash" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"stack" text DEFAULT '' NOT NULL,
	"first_ts" timestamp with time zone NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	CONSTRAINT "stat_error_groups_app_id_hash_pk" PRIMARY KEY("app_id","hash")
);
--> statement-breakpoint
CREATE TABLE "stat_event_days" (
	"day" date NOT NULL,
	"app_id" text NOT NULL,
	"platform" text NOT NULL,
	"channel" text NOT NULL,
	"version" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"devices" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_event_days_app_id_day_platform_channel_version_key_value_pk" PRIMARY KEY("app_id","day","platform","channel","version","key","value")
);
--> statement-breakpoint
CREATE TABLE "stat_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"app_id" text NOT NULL,
	"platform" text NOT NULL,
	"channel" text NOT NULL,
	"version" text NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"active_devices" integer DEFAULT 0 NOT NULL,
	"active_users" integer DEFAULT 0 NOT NULL,
	"duration_s" bigint DEFAULT 0 NOT NULL,
	"bounces" integer DEFAULT 0 NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"crashes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_hourly_app_id_hour_platform_channel_version_pk" PRIMARY KEY("app_id","hour","platform","channel","version")
);
--> statement-breakpoint
CREATE TABLE "stat_names" (
	"app_id" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stat_names_app_id_kind_key_pk" PRIMARY KEY("app_id","kind","key")
);
--> statement-breakpoint
CREATE TABLE "stat_pages" (
	"day" date NOT NULL,
	"app_id" text NOT NULL,
	"platform" text NOT NULL,
	"channel" text NOT NULL,
	"version" text NOT NULL,
	"path" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"exits" integer DEFAULT 0 NOT NULL,
	"bounces" integer DEFAULT 0 NOT NULL,
	"duration_s" bigint DEFAULT 0 NOT NULL,
	"entry_duration_s" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_pages_app_id_day_platform_channel_version_path_pk" PRIMARY KEY("app_id","day","platform","channel","version","path")
);
--> statement-breakpoint
CREATE TABLE "stat_retention" (
	"app_id" text NOT NULL,
	"subject" text NOT NULL,
	"mode" text NOT NULL,
	"cohort_day" date NOT NULL,
	"n" smallint NOT NULL,
	"platform" text NOT NULL,
	"channel" text NOT NULL,
	"version" text NOT NULL,
	"cohort" integer DEFAULT 0 NOT NULL,
	"retained" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_retention_app_id_subject_mode_cohort_day_n_platform_channel_version_pk" PRIMARY KEY("app_id","subject","mode","cohort_day","n","platform","channel","version")
);
--> statement-breakpoint
CREATE TABLE "stat_sessions" (
	"app_id" text NOT NULL,
	"day" date NOT NULL,
	"sid" text NOT NULL,
	"device_id" text NOT NULL,
	"uid" text,
	"platform" text NOT NULL,
	"channel" text NOT NULL,
	"version" text NOT NULL,
	"scene" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"entry_page" text NOT NULL,
	"exit_page" text NOT NULL,
	"page_count" integer DEFAULT 0 NOT NULL,
	"event_count" integer DEFAULT 0 NOT NULL,
	"duration_s" integer NOT NULL,
	"first_visit" boolean DEFAULT false NOT NULL,
	CONSTRAINT "stat_sessions_app_id_day_sid_pk" PRIMARY KEY("app_id","day","sid")
);
--> statement-breakpoint
CREATE TABLE "stat_source_maps" (
	"app_id" text NOT NULL,
	"version" text NOT NULL,
	"file" text NOT NULL,
	"map" text NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stat_source_maps_app_id_version_file_pk" PRIMARY KEY("app_id","version","file")
);
--> statement-breakpoint
CREATE TABLE "stat_user_days" (
	"app_id" text NOT NULL,
	"day" date NOT NULL,
	"uid" text NOT NULL,
	"platform" text NOT NULL,
	"channel" text NOT NULL,
	"version" text NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"duration_s" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_user_days_app_id_day_uid_pk" PRIMARY KEY("app_id","day","uid")
);
--> statement-breakpoint
CREATE TABLE "stat_users" (
	"app_id" text NOT NULL,
	"uid" text NOT NULL,
	"first_ts" timestamp with time zone NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"platform" text NOT NULL,
	"channel" text NOT NULL,
	"version" text NOT NULL,
	CONSTRAINT "stat_users_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
CREATE INDEX "stat_device_days_app_id_device_id_index" ON "stat_device_days" USING btree ("app_id","device_id");--> statement-breakpoint
CREATE INDEX "stat_devices_app_id_first_day_index" ON "stat_devices" USING btree ("app_id","first_day");--> statement-breakpoint
CREATE INDEX "stat_user_days_app_id_uid_index" ON "stat_user_days" USING btree ("app_id","uid");--> statement-breakpoint
CREATE INDEX "stat_users_app_id_first_day_index" ON "stat_users" USING btree ("app_id","first_day");