CREATE TABLE "report_alerts" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"organization_id" char(24),
	"report_id" text NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"threshold" integer NOT NULL,
	"check_every_minutes" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"state" text DEFAULT 'OK' NOT NULL,
	"last_count" integer,
	"last_checked_at" timestamp with time zone,
	"last_triggered_at" timestamp with time zone,
	"last_error" text,
	"next_check_at" timestamp with time zone NOT NULL,
	"created_by_id" char(24),
	"created_by_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_run_chunks" (
	"run_id" char(24) NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "report_run_chunks_pk" PRIMARY KEY("run_id","seq")
);
--> statement-breakpoint
CREATE TABLE "report_runs" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"schedule_id" char(24) NOT NULL,
	"organization_id" char(24),
	"report_id" text NOT NULL,
	"format" text NOT NULL,
	"status" text NOT NULL,
	"rows" bigint DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"organization_id" char(24),
	"report_id" text NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"format" text NOT NULL,
	"lang" text NOT NULL,
	"frequency" text NOT NULL,
	"weekday" smallint,
	"hour" smallint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_id" char(24),
	"created_by_id" char(24),
	"created_by_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_alerts" ADD CONSTRAINT "report_alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_run_chunks" ADD CONSTRAINT "report_run_chunks_run_id_report_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."report_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_alerts_due_idx" ON "report_alerts" USING btree ("next_check_at") WHERE "report_alerts"."enabled";--> statement-breakpoint
CREATE INDEX "report_alerts_org_idx" ON "report_alerts" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "report_runs_schedule_idx" ON "report_runs" USING btree ("schedule_id","created_at");--> statement-breakpoint
CREATE INDEX "report_runs_expires_idx" ON "report_runs" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "report_schedules_due_idx" ON "report_schedules" USING btree ("next_run_at") WHERE "report_schedules"."enabled";--> statement-breakpoint
CREATE INDEX "report_schedules_org_idx" ON "report_schedules" USING btree ("organization_id","created_at");