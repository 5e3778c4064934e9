CREATE TABLE "oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" text,
	"redirect" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"ticket_hash" text,
	"result_user_id" text,
	"ticket_expires_at" timestamp with time zone,
	"ticket_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"scene" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"cloud_path" text NOT NULL,
	"owner_id" text,
	"name" text,
	"size" bigint NOT NULL,
	"mime" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realname_verifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"real_name" text NOT NULL,
	"id_card_hash" text NOT NULL,
	"id_card_enc" text NOT NULL,
	"id_card_masked" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reviewer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wx_openid" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wx_unionid" text;--> statement-breakpoint
CREATE INDEX "oauth_states_expires_idx" ON "oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_states_ticket_key" ON "oauth_states" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "files_cloud_path_key" ON "files" USING btree ("cloud_path");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "realname_user_idx" ON "realname_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "realname_status_idx" ON "realname_verifications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "realname_id_card_standing_key" ON "realname_verifications" USING btree ("id_card_hash") WHERE status IN ('pending', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "users_wx_openid_key" ON "users" USING btree ("wx_openid");--> statement-breakpoint
CREATE UNIQUE INDEX "users_wx_unionid_key" ON "users" USING btree ("wx_unionid");