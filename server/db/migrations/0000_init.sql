CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"permission_id" text PRIMARY KEY NOT NULL,
	"permission_name" text NOT NULL,
	"comment" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"role_id" text PRIMARY KEY NOT NULL,
	"role_name" text NOT NULL,
	"permission" text[] DEFAULT '{}'::text[] NOT NULL,
	"comment" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"ip" text,
	"ua" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text,
	"username" text,
	"type" text NOT NULL,
	"state" integer NOT NULL,
	"ip" text,
	"ua" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"username" text,
	"nickname" text,
	"password_hash" text,
	"mobile" text,
	"mobile_confirmed" boolean DEFAULT false NOT NULL,
	"email" text,
	"email_confirmed" boolean DEFAULT false NOT NULL,
	"avatar_file" jsonb,
	"gender" integer DEFAULT 0 NOT NULL,
	"role" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"dcloud_appid" text[],
	"status" integer DEFAULT 0 NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"comment" text,
	"last_login_date" timestamp with time zone,
	"last_login_ip" text,
	"register_date" timestamp with time zone DEFAULT now() NOT NULL,
	"register_ip" text,
	"valid_token_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "admin_menus" (
	"menu_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text,
	"url" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"parent_id" text,
	"permission" text[] DEFAULT '{}'::text[] NOT NULL,
	"enable" boolean DEFAULT true NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_logs_created_idx" ON "user_logs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_logs_lockout_idx" ON "user_logs" USING btree ("user_id","ip","type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_key" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING gin ("role");--> statement-breakpoint
CREATE INDEX "admin_menus_parent_idx" ON "admin_menus" USING btree ("parent_id");