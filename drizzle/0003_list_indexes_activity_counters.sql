-- Lists read newest first in their index's order (created_at desc nulls last, id); the expiring list reads live
-- certificates in validTo order; the activity log's totals become counters like the others.
DROP INDEX "clients_created_at";--> statement-breakpoint
DROP INDEX "users_created_at";--> statement-breakpoint
CREATE INDEX "certificates_live_valid_to" ON "certificates" USING btree ("valid_to","id") WHERE "certificates"."status" in ('active','distributed');--> statement-breakpoint
CREATE INDEX "clients_created_at" ON "clients" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "users_created_at" ON "users" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
INSERT INTO "counters" ("key", "value")
  SELECT 'log.total', count(*) FROM "activities"
  UNION ALL
  SELECT 'log.' || t.target_type, count(a.id) FROM (VALUES ('certificate'), ('client'), ('user')) AS t(target_type)
    LEFT JOIN "activities" a ON a.target_type = t.target_type GROUP BY t.target_type
ON CONFLICT ("key") DO UPDATE SET "value" = excluded."value";
