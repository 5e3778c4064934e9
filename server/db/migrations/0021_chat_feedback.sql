-- Thumbs up or down, with an optional comment, on an answer (the AI usage log lists them per model).
CREATE TABLE "chat_feedback" (
	"message_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_feedback_rating" CHECK ("chat_feedback"."rating" IN (-1, 1))
);
--> statement-breakpoint
ALTER TABLE "chat_feedback" ADD CONSTRAINT "chat_feedback_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_feedback_rating_idx" ON "chat_feedback" USING btree ("rating","updated_at");