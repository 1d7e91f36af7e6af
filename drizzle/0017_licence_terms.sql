ALTER TABLE "certificates" ADD COLUMN "license_format" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "license_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "grace_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "file_lifetime_days" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "last_check_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "last_check_in_hostname" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "last_check_in_software_version" text;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_records_checked_in_once_a_day" ON "certificate_records" USING btree ("certificate_id","used_day") WHERE "certificate_records"."action" = 'checked-in';--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_grace_days_check" CHECK ("certificates"."grace_days" between 0 and 365);--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_file_lifetime_check" CHECK ("certificates"."file_lifetime_days" is null or "certificates"."file_lifetime_days" between 1 and 3650);--> statement-breakpoint
-- Every licence signed before v2 is a v1 file, whose own end is its validTo.
UPDATE "certificates" SET "license_format" = 'v1', "license_expires_at" = "valid_to" WHERE "license_payload" IS NOT NULL;--> statement-breakpoint
-- The overdue check-ins (services/certificates/queries.ts, the webhooks' sweep): only certificates with a lifetime,
-- by when they last checked in or were signed.
CREATE INDEX "certificates_check_in_due" ON "certificates" USING btree ((coalesce("last_check_in_at", "license_issued_at")), "id") WHERE "file_lifetime_days" IS NOT NULL AND "status" IN ('active', 'distributed');--> statement-breakpoint
-- A database that existed before v2 (it has a signing key: one is made at the first start) keeps signing v1 files
-- until its owner chooses v2, so that verifiers built for v1 keep working; a new database signs v2.
INSERT INTO "app_settings" ("key", "value") SELECT 'certificate_defaults', '{"graceDays":0,"fileLifetimeDays":null,"licenseFormat":"v1"}'::jsonb WHERE EXISTS (SELECT 1 FROM "signing_keys") ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The licence check now also reads a certificate's grace and lifetime and its stored licence (the check-in hands
-- it out): a change to them is told to every process's cache, as a change of status is. last_used_at and the
-- check-in columns stay silent.
DROP TRIGGER licence_check_certificate_updated ON certificates;--> statement-breakpoint
CREATE TRIGGER licence_check_certificate_updated AFTER UPDATE ON certificates FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.valid_from IS DISTINCT FROM NEW.valid_from
    OR OLD.valid_to IS DISTINCT FROM NEW.valid_to OR OLD.serial_number IS DISTINCT FROM NEW.serial_number
    OR OLD.client_id IS DISTINCT FROM NEW.client_id OR OLD.grace_days IS DISTINCT FROM NEW.grace_days
    OR OLD.file_lifetime_days IS DISTINCT FROM NEW.file_lifetime_days
    OR OLD.license_payload IS DISTINCT FROM NEW.license_payload)
  EXECUTE FUNCTION licence_check_certificate_changed();
