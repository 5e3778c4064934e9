-- the user list's keywords too short for a trigram (one or two characters) match the start of
-- username, nickname, mobile or email: a btree range scan per field
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_nickname_prefix_idx" ON "users" USING btree (lower("nickname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_mobile_prefix_idx" ON "users" USING btree ("mobile" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops);