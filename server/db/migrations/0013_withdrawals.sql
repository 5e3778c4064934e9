CREATE TABLE "withdraw_requests" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"payout_cents" bigint NOT NULL,
	"account_type" text NOT NULL,
	"account_name" text NOT NULL,
	"account_no" text NOT NULL,
	"bank_name" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"payout_ref" text,
	"reviewer_id" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "withdraw_requests_user_idx" ON "withdraw_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdraw_requests_status_idx" ON "withdraw_requests" USING btree ("status","created_at");