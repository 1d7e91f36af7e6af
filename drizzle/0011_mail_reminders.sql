CREATE TABLE "mail_digest_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"messages" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending','retrying','sent','dead'))
);
--> statement-breakpoint
CREATE TABLE "mail_reminders" (
	"certificate_id" uuid NOT NULL,
	"days" smallint NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"recipient_kind" text NOT NULL,
	"recipient_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_reminders_pkey" PRIMARY KEY("certificate_id","days","valid_to","recipient_kind","recipient_id"),
	CONSTRAINT "mail_reminders_kind_check" CHECK ("mail_reminders"."recipient_kind" in ('user','contact'))
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "remind_contact" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "expiry_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_reminders" ADD CONSTRAINT "mail_reminders_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" in ('pending', 'retrying');--> statement-breakpoint
CREATE INDEX "mail_outbox_finished" ON "mail_outbox" USING btree ("updated_at") WHERE "mail_outbox"."status" in ('sent', 'dead');--> statement-breakpoint
CREATE INDEX "mail_reminders_valid_to" ON "mail_reminders" USING btree ("valid_to");