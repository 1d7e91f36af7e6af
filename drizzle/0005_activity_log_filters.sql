-- The audit log's filters (issue 18): one actor's or one action's activity in the log's order, and the description search.
CREATE INDEX "activities_actor_created_at" ON "activities" USING btree ("actor_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_type_created_at" ON "activities" USING btree ("type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_description_trgm" ON "activities" USING gin ("description" gin_trgm_ops);