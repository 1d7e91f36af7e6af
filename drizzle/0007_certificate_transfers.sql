DROP INDEX "certificate_records_expired_once";--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "transferred_from_id" uuid;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "transferred_to_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_records_expired_once" ON "certificate_records" USING btree ("certificate_id","description") WHERE "certificate_records"."action" = 'expired';