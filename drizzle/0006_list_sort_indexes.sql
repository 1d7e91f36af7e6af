-- The lists' sort keys (issue 18), in the order listOrder (src/server/db/sql.ts) writes them: a never-null key
-- `desc nulls last` read forwards or `asc nulls first` backwards, one index each, ties sorted by id in small groups;
-- last_used_at (null until a licence is first checked) keeps missing values last both ways, so an index each way.
-- certificates_serial keeps serving the serial number's lookups.
DROP INDEX "certificates_serial";--> statement-breakpoint
CREATE INDEX "certificates_valid_from_order" ON "certificates" USING btree ("valid_from" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "certificates_valid_to_order" ON "certificates" USING btree ("valid_to" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "certificates_last_used_at_desc" ON "certificates" USING btree ("last_used_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "certificates_last_used_at_asc" ON "certificates" USING btree ("last_used_at","id");--> statement-breakpoint
CREATE INDEX "clients_name_order" ON "clients" USING btree (lower("name") desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "clients_certificate_count_order" ON "clients" USING btree ("certificate_count" DESC NULLS LAST,"id") WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "certificates_serial" ON "certificates" USING btree ("serial_number" DESC NULLS LAST,"id");