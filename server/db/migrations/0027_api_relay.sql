-- The relay: a key's calls under way, its rate limits, its use per day and model, and the key on each relayed call's usage row.
CREATE TABLE "api_key_days" (
	"key_id" text NOT NULL,
	"day" date NOT NULL,
	"model_id" text NOT NULL,
	"model_name" text NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	"credits" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "api_key_days_key_id_day_model_id_pk" PRIMARY KEY("key_id","day","model_id")
);
--> statement-breakpoint
CREATE TABLE "api_key_minutes" (
	"key_id" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_key_minutes_key_id_minute_pk" PRIMARY KEY("key_id","minute")
);
--> statement-breakpoint
ALTER TABLE "ai_usage" ADD COLUMN "api_key_id" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "credits_held" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "rpm_limit" integer;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "tpm_limit" integer;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_rates" CHECK ("api_keys"."rpm_limit" >= 1 AND "api_keys"."tpm_limit" >= 1);