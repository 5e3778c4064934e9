-- Personal API keys: only a hash of each key is kept, with its holder's caps, models and address allow-list.
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_hint" text NOT NULL,
	"expires_at" timestamp with time zone,
	"credit_cap_total" bigint,
	"credit_cap_daily" bigint,
	"credits_used" bigint DEFAULT 0 NOT NULL,
	"models" text[] DEFAULT '{}'::text[] NOT NULL,
	"ip_allow" text[] DEFAULT '{}'::text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_caps" CHECK ("api_keys"."credit_cap_total" >= 1 AND "api_keys"."credit_cap_daily" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id","created_at");