-- The back office's customer search reads parts of names, e-mails and phones (ilike '%…%'):
-- trigram indexes answer it (decision 0127). pg_trgm is trusted: the database's owner creates it;
-- PGlite loads it with the database (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("firstname" || ' ' || "lastname") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_reversed_trgm_idx" ON "users" USING gin (("lastname" || ' ' || "firstname") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ((coalesce("phone", '')) gin_trgm_ops);