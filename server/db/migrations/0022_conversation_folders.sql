-- Folders for conversations: a user files each conversation in one of their folders, or in none.
CREATE TABLE "conversation_folders" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "folder_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_folders_user_name" ON "conversation_folders" USING btree ("user_id","name");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_folder_id_conversation_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."conversation_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_folder_idx" ON "conversations" USING btree ("folder_id");