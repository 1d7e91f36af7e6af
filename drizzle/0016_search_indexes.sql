-- The command palette's search (GET /search, src/server/services/search/search-service.ts). The btrees on `lower(x)`
-- in the "C" collation find the start of a serial number, a client's name, a user's name or e-mail address ignoring
-- case (`lower(x) like 'ab%'`, as text_pattern_ops would in any database collation) and read in the order the
-- search cuts its results by. `certificates_serial_tail_trgm` finds what a serial number holds after its first
-- character: the start is the btree's, and without it the prefix every serial of a series shares ("SN-", whose
-- trigram is in every row) leaves the trigrams that tell rows apart. pg_trgm is on every database (0000), and
-- longer queries find names and e-mail addresses through the trigram indexes of 0001.
CREATE INDEX "users_name_folded" ON "users" USING btree (lower("name") collate "C") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_email_folded" ON "users" USING btree (lower("email") collate "C") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "certificates_serial_folded" ON "certificates" USING btree (lower("serial_number") collate "C");--> statement-breakpoint
CREATE INDEX "certificates_serial_tail_trgm" ON "certificates" USING gin (substr("serial_number", 2) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_name_folded" ON "clients" USING btree (lower("name") collate "C");--> statement-breakpoint
-- Statistics of the new expressions (lower(x), substr(serial, 2)), so the planner judges the search's parts from the
-- first call rather than after the next automatic analyze.
ANALYZE "certificates", "clients", "users";
