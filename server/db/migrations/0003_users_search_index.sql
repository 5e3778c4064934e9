DROP INDEX "users_username_trgm_idx";--> statement-breakpoint
DROP INDEX "users_nickname_trgm_idx";--> statement-breakpoint
DROP INDEX "users_mobile_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((coalesce("username", '') || E'\n' || coalesce("nickname", '') || E'\n' || coalesce("mobile", '') || E'\n' || coalesce("email", '')) gin_trgm_ops);