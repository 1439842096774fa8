CREATE TABLE "sim_history" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"sim_id" char(24) NOT NULL,
	"operation_id" char(24) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_operations" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"organization_id" char(24),
	"actor" jsonb NOT NULL,
	"params" jsonb NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"total_is_estimate" boolean DEFAULT false NOT NULL,
	"processed" bigint DEFAULT 0 NOT NULL,
	"succeeded" bigint DEFAULT 0 NOT NULL,
	"skipped" bigint DEFAULT 0 NOT NULL,
	"already_present" bigint DEFAULT 0 NOT NULL,
	"cursor" text COLLATE "C",
	"file_name" text,
	"file_path" text,
	"rejected_path" text,
	"rejected_bytes" bigint DEFAULT 0 NOT NULL,
	"error" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sim_profiles" (
	"sim_id" char(24) NOT NULL,
	"position" smallint NOT NULL,
	"iccid" text COLLATE "C" NOT NULL,
	"imsi" text COLLATE "C" NOT NULL,
	"msisdn" text COLLATE "C",
	"operator" text NOT NULL,
	CONSTRAINT "sim_profiles_pk" PRIMARY KEY("sim_id","position")
);
--> statement-breakpoint
CREATE TABLE "sims" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"primary_iccid" text COLLATE "C" NOT NULL,
	"organization_id" char(24),
	"status" text DEFAULT 'IN_STOCK' NOT NULL,
	"intended_status" text,
	"status_reason" text,
	"plan_id" char(24),
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"apn" text,
	"static_ip" text,
	"imei_lock" boolean DEFAULT false NOT NULL,
	"locked_imei" text COLLATE "C",
	"last_imei" text COLLATE "C",
	"label" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"upload_id" char(24),
	"upload_row" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sim_profiles" ADD CONSTRAINT "sim_profiles_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sims" ADD CONSTRAINT "sims_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sim_history_sim_idx" ON "sim_history" USING btree ("sim_id","seq");--> statement-breakpoint
CREATE INDEX "sim_operations_status_idx" ON "sim_operations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sim_operations_org_idx" ON "sim_operations" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_profiles_iccid_uq" ON "sim_profiles" USING btree ("iccid");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_profiles_imsi_uq" ON "sim_profiles" USING btree ("imsi");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_profiles_msisdn_uq" ON "sim_profiles" USING btree ("msisdn");--> statement-breakpoint
CREATE INDEX "sim_profiles_iccid_rev_idx" ON "sim_profiles" USING btree (reverse("iccid"));--> statement-breakpoint
CREATE INDEX "sim_profiles_msisdn_rev_idx" ON "sim_profiles" USING btree (reverse("msisdn"));--> statement-breakpoint
CREATE UNIQUE INDEX "sims_primary_iccid_uq" ON "sims" USING btree ("primary_iccid");--> statement-breakpoint
CREATE INDEX "sims_org_iccid_idx" ON "sims" USING btree ("organization_id","primary_iccid");--> statement-breakpoint
CREATE INDEX "sims_status_iccid_idx" ON "sims" USING btree ("status","primary_iccid");--> statement-breakpoint
CREATE INDEX "sims_created_idx" ON "sims" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sims_expires_idx" ON "sims" USING btree ("expires_at","id");--> statement-breakpoint
CREATE INDEX "sims_plan_idx" ON "sims" USING btree ("plan_id","primary_iccid") WHERE "sims"."plan_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sims_tags_idx" ON "sims" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "sims_label_idx" ON "sims" USING btree (lower("label") text_pattern_ops) WHERE "sims"."label" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sims_static_ip_uq" ON "sims" USING btree ("static_ip") WHERE "sims"."static_ip" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sims_upload_idx" ON "sims" USING btree ("upload_id","upload_row") WHERE "sims"."upload_id" IS NOT NULL;