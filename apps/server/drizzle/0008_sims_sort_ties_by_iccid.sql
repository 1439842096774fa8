DROP INDEX "sims_created_idx";--> statement-breakpoint
DROP INDEX "sims_expires_idx";--> statement-breakpoint
CREATE INDEX "sims_created_iccid_idx" ON "sims" USING btree ("created_at","primary_iccid");--> statement-breakpoint
CREATE INDEX "sims_expires_iccid_idx" ON "sims" USING btree ("expires_at","primary_iccid");