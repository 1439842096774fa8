CREATE TABLE "sim_replacements" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"request_id" char(24) NOT NULL,
	"task_id" bigint NOT NULL,
	"old_sim_id" char(24) NOT NULL,
	"new_sim_id" char(24) NOT NULL,
	"old_iccid" text COLLATE "C" NOT NULL,
	"new_iccid" text COLLATE "C" NOT NULL,
	"operator" text NOT NULL,
	"organization_id" char(24),
	"reason" text NOT NULL,
	"new_from_status" text,
	"moved" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sim_replacements_task_uq" ON "sim_replacements" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "sim_replacements_old_idx" ON "sim_replacements" USING btree ("old_sim_id");--> statement-breakpoint
CREATE INDEX "sim_replacements_new_idx" ON "sim_replacements" USING btree ("new_sim_id");--> statement-breakpoint
CREATE INDEX "sim_replacements_org_idx" ON "sim_replacements" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "sim_replacements_created_idx" ON "sim_replacements" USING btree ("created_at");