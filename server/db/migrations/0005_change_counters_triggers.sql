-- change_counters: +1 at the commit of every transaction that changed users, roles or tags,
-- whatever wrote (the console, another instance, psql). The list cache (server/core/list.ts)
-- compares sum(n) read before each request with the one its entry was computed under.
--
-- A deferred row trigger: the counter row is the last lock a writing transaction takes, at
-- commit, so it cannot deadlock with the rows the transaction locks; a transaction-local
-- setting makes it count once per transaction and table, however many rows changed.
INSERT INTO "change_counters" ("tbl", "n") VALUES ('users', 0), ('roles', 0), ('tags', 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "change_counters_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    IF current_setting('console.changed_' || TG_TABLE_NAME, true) = '1' THEN
      RETURN NULL;
    END IF;
    PERFORM set_config('console.changed_' || TG_TABLE_NAME, '1', true);
  END IF;
  UPDATE "change_counters" SET "n" = "n" + 1 WHERE "tbl" = TG_TABLE_NAME;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_changed" AFTER INSERT OR UPDATE OR DELETE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_counters_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "roles_changed" AFTER INSERT OR UPDATE OR DELETE ON "roles" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_counters_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tags_changed" AFTER INSERT OR UPDATE OR DELETE ON "tags" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_counters_bump"();
--> statement-breakpoint
CREATE TRIGGER "users_truncated" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "change_counters_bump"();
--> statement-breakpoint
CREATE TRIGGER "roles_truncated" AFTER TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "change_counters_bump"();
--> statement-breakpoint
CREATE TRIGGER "tags_truncated" AFTER TRUNCATE ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION "change_counters_bump"();
