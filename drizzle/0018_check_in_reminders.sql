CREATE TABLE "mail_check_in_reminders" (
	"certificate_id" uuid NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"recipient_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_check_in_reminders_pkey" PRIMARY KEY("certificate_id","since","recipient_id")
);
--> statement-breakpoint
ALTER TABLE "mail_check_in_reminders" ADD CONSTRAINT "mail_check_in_reminders_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_check_in_reminders_created_at" ON "mail_check_in_reminders" USING btree ("created_at");