CREATE TABLE "simulator_whitelists" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"operator" text NOT NULL,
	"iccid" text COLLATE "C" NOT NULL,
	"kind" text NOT NULL,
	"items" jsonb,
	"effective_at" timestamp with time zone DEFAULT now() NOT NULL,
	"task_key" text COLLATE "C",
	"withdrawn" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_whitelists" (
	"iccid" text COLLATE "C" NOT NULL,
	"kind" text NOT NULL,
	"sim_id" char(24) NOT NULL,
	"operator" text NOT NULL,
	"group_id" char(24),
	"group_name" text,
	"items" jsonb,
	"request_id" char(24) NOT NULL,
	"task_id" bigint NOT NULL,
	"previous_group_id" char(24),
	"previous_group_name" text,
	"previous_items" jsonb,
	"previous_task_id" bigint,
	"drifted_at" timestamp with time zone,
	"drift_note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_whitelists_iccid_kind_pk" PRIMARY KEY("iccid","kind")
);
--> statement-breakpoint
CREATE INDEX "simulator_whitelists_profile_idx" ON "simulator_whitelists" USING btree ("operator","iccid","kind","seq");--> statement-breakpoint
CREATE INDEX "simulator_whitelists_task_idx" ON "simulator_whitelists" USING btree ("operator","task_key") WHERE "simulator_whitelists"."task_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sim_whitelists_sim_idx" ON "sim_whitelists" USING btree ("sim_id");--> statement-breakpoint
CREATE INDEX "sim_whitelists_group_idx" ON "sim_whitelists" USING btree ("group_id") WHERE "sim_whitelists"."group_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sim_whitelists_task_idx" ON "sim_whitelists" USING btree ("task_id");