-- Raw usage-statistics events, partitioned by UTC day (stat_events_pYYYYMMDD, created by the
-- ingest before it writes a day and dropped by the retention job). Few indexes: the primary key
-- de-duplicates client retries and serves the rollup job's range scans; a partial index finds one
-- error group's raw occurrences.
CREATE TABLE "stat_events" (
	"ts" timestamptz NOT NULL,
	"eid" text NOT NULL,
	"app_id" text NOT NULL,
	"device_id" text NOT NULL,
	"uid" text,
	"sid" text NOT NULL,
	"kind" smallint NOT NULL,
	"platform" text NOT NULL DEFAULT '',
	"channel" text NOT NULL DEFAULT '',
	"scene" text NOT NULL DEFAULT '',
	"version" text NOT NULL DEFAULT '',
	"os" text,
	"device_model" text,
	"screen" text,
	"language" text,
	"url" text,
	"referrer" text,
	"title" text,
	"ev_key" text,
	"ev_value" text,
	"err_hash" text,
	"err_msg" text,
	"err_stack" text,
	"order_no" text,
	"amount_cents" integer,
	"received_at" timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY ("ts", "eid")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
-- the raw occurrences of one error group (its detail page): errors are a small share of the rows
CREATE INDEX "stat_events_errors" ON "stat_events" ("app_id", "err_hash", "ts") WHERE "err_hash" IS NOT NULL;
--> statement-breakpoint
-- the local day of a time in a whole-minute UTC offset (the stats time zone)
CREATE FUNCTION stat_day(t timestamptz, tz_minutes integer) RETURNS date
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	RETURN ((t AT TIME ZONE 'UTC') + make_interval(mins => tz_minutes))::date;
