CREATE TABLE "change_counters" (
	"tbl" text PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
