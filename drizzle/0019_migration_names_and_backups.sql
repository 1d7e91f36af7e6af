CREATE TABLE "applied_migrations" (
	"tag" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"kind" text NOT NULL,
	"day" date,
	"status" text DEFAULT 'running' NOT NULL,
	"size_bytes" bigint,
	"encrypted" boolean NOT NULL,
	"last_migration" text,
	"row_count" bigint,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "backups_file_name_unique" UNIQUE("file_name"),
	CONSTRAINT "backups_kind_check" CHECK ("backups"."kind" in ('scheduled','manual')),
	CONSTRAINT "backups_status_check" CHECK ("backups"."status" in ('running','done','failed'))
);
--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "backups_scheduled_day" ON "backups" USING btree ("day") WHERE "backups"."kind" = 'scheduled' and "backups"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "backups_created_at" ON "backups" USING btree ("created_at");