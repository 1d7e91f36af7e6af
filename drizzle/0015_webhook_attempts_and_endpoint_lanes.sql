CREATE TABLE "webhook_delivery_attempts" (
	"delivery_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"response_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webhook_delivery_attempts_pkey" PRIMARY KEY("delivery_id","attempt")
);
--> statement-breakpoint
DROP INDEX "webhook_deliveries_due";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "consecutive_timeouts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_by_webhook" ON "webhook_deliveries" USING btree ("webhook_id","next_attempt_at","id") WHERE "webhook_deliveries"."status" in ('pending', 'retrying');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_in_flight" ON "webhook_deliveries" USING btree ("webhook_id") WHERE "webhook_deliveries"."leased_until" is not null;--> statement-breakpoint
-- Deliveries made before attempts were kept: the last attempt their row holds becomes the one attempt their log lists.
INSERT INTO "webhook_delivery_attempts" ("delivery_id", "attempt", "response_code", "error", "duration_ms", "attempted_at")
SELECT "id", "attempt", "response_code", "last_error", "duration_ms", "updated_at" FROM "webhook_deliveries"
WHERE "attempt" > 0 AND "duration_ms" IS NOT NULL;
