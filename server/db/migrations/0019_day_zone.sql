-- The statistics time zone becomes the service's day zone (settings.day_zone): every "today" counts in it.
INSERT INTO "app_settings" ("key", "value")
SELECT 'settings.day_zone', jsonb_build_object('offset_minutes', ("value"->>'tz_offset_minutes')::int)
FROM "app_settings" WHERE "key" = 'settings.stats' AND "value" ? 'tz_offset_minutes'
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
UPDATE "app_settings" SET "value" = "value" - 'tz_offset_minutes' WHERE "key" = 'settings.stats';
