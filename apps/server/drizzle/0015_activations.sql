CREATE TABLE "activations" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"organization_id" char(24) NOT NULL,
	"blueprint_id" char(24) NOT NULL,
	"plan_id" char(24) NOT NULL,
	"validity_days" integer NOT NULL,
	"price" bigint NOT NULL,
	"provider_price" bigint NOT NULL,
	"shares" jsonb NOT NULL,
	"sims_count" integer NOT NULL,
	"request_id" char(24) NOT NULL,
	"job_id" char(24) NOT NULL,
	"hold_id" char(24) NOT NULL,
	"captured_sims" integer DEFAULT 0 NOT NULL,
	"released_sims" integer DEFAULT 0 NOT NULL,
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activations_counts_check" CHECK ("activations"."price" > 0 AND "activations"."provider_price" > 0 AND "activations"."sims_count" > 0 AND "activations"."captured_sims" >= 0 AND "activations"."released_sims" >= 0 AND "activations"."captured_sims" + "activations"."released_sims" <= "activations"."sims_count")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "activations_request_idx" ON "activations" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activations_job_idx" ON "activations" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "activations_org_created_idx" ON "activations" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "activations_created_idx" ON "activations" USING btree ("created_at","id");