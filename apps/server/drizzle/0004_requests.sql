CREATE SEQUENCE "public"."batch_job_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "operator_gateways" (
	"operator" text PRIMARY KEY NOT NULL,
	"adapter" text DEFAULT 'simulator' NOT NULL,
	"batch_size" integer DEFAULT 1000 NOT NULL,
	"rate_per_second" integer DEFAULT 0 NOT NULL,
	"timeout_ms" integer DEFAULT 10000 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"processing_ms" integer DEFAULT 0 NOT NULL,
	"failure_rate" double precision DEFAULT 0 NOT NULL,
	"transient_failure_rate" double precision DEFAULT 0 NOT NULL,
	"outage" boolean DEFAULT false NOT NULL,
	"next_slot_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulator_calls" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"operator" text NOT NULL,
	"call" text NOT NULL,
	"submission_id" text COLLATE "C" NOT NULL,
	"sims" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulator_sims" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"operator" text NOT NULL,
	"task_key" text COLLATE "C" NOT NULL,
	"submission_id" text COLLATE "C" NOT NULL,
	"iccid" text COLLATE "C" NOT NULL,
	"operation" text NOT NULL,
	"result" text NOT NULL,
	"error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text COLLATE "C" NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"requeue" boolean DEFAULT false NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batch_jobs" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"batch_job_id" text COLLATE "C" NOT NULL,
	"request_id" char(24) NOT NULL,
	"organization_id" char(24),
	"type" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"status_reason" text,
	"sims_count" integer NOT NULL,
	"profile" text NOT NULL,
	"sent_at" timestamp with time zone,
	"scheduled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" char(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "job_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" char(24) NOT NULL,
	"mno_job_id" char(24) NOT NULL,
	"sim_id" char(24) NOT NULL,
	"iccid" text COLLATE "C" NOT NULL,
	"operator" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"from_status" text,
	"attempt" integer DEFAULT 1 NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"submission_id" char(24),
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error" text,
	"done_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mno_jobs" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"job_id" char(24) NOT NULL,
	"operator" text NOT NULL,
	"operation" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"mode" text DEFAULT 'AUTO' NOT NULL,
	"tasks_count" integer NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"in_flight" integer DEFAULT 0 NOT NULL,
	"by_hand" integer DEFAULT 0 NOT NULL,
	"call_failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_checkpoints" (
	"request_id" char(24) NOT NULL,
	"step" text NOT NULL,
	"done_at" timestamp with time zone,
	"done_by_id" char(24),
	"done_by_label" text,
	"automatic" boolean DEFAULT false NOT NULL,
	"note" text,
	CONSTRAINT "request_checkpoints_pk" PRIMARY KEY("request_id","step")
);
--> statement-breakpoint
CREATE TABLE "request_messages" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"request_id" char(24) NOT NULL,
	"author_id" char(24),
	"author_label" text NOT NULL,
	"from_staff" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"organization_id" char(24),
	"created_by_id" char(24),
	"created_by_label" text NOT NULL,
	"actor" jsonb NOT NULL,
	"target" jsonb NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"validation" jsonb NOT NULL,
	"reason" text,
	"scheduled_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batch_jobs" ADD CONSTRAINT "batch_jobs_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mno_jobs" ADD CONSTRAINT "mno_jobs_job_id_batch_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."batch_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_checkpoints" ADD CONSTRAINT "request_checkpoints_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_messages" ADD CONSTRAINT "request_messages_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "simulator_calls_submission_idx" ON "simulator_calls" USING btree ("submission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "simulator_sims_key_uq" ON "simulator_sims" USING btree ("operator","task_key");--> statement-breakpoint
CREATE INDEX "simulator_sims_submission_idx" ON "simulator_sims" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "simulator_sims_iccid_idx" ON "simulator_sims" USING btree ("iccid");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_jobs_key_uq" ON "queue_jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "queue_jobs_due_idx" ON "queue_jobs" USING btree ("run_at") WHERE "queue_jobs"."status" = 'QUEUED';--> statement-breakpoint
CREATE INDEX "queue_jobs_lease_idx" ON "queue_jobs" USING btree ("locked_until") WHERE "queue_jobs"."status" = 'RUNNING';--> statement-breakpoint
CREATE UNIQUE INDEX "batch_jobs_number_uq" ON "batch_jobs" USING btree ("batch_job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "batch_jobs_request_uq" ON "batch_jobs" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "batch_jobs_org_created_idx" ON "batch_jobs" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "batch_jobs_created_idx" ON "batch_jobs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "batch_jobs_status_idx" ON "batch_jobs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "job_tasks_job_idx" ON "job_tasks" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "job_tasks_due_idx" ON "job_tasks" USING btree ("mno_job_id","id") WHERE "job_tasks"."status" IN ('QUEUED', 'PENDING');--> statement-breakpoint
CREATE INDEX "job_tasks_open_idx" ON "job_tasks" USING btree ("mno_job_id","status","id") WHERE "job_tasks"."status" IN ('QUEUED', 'PENDING', 'SUBMITTING', 'SUBMITTED', 'FAILED');--> statement-breakpoint
CREATE INDEX "job_tasks_submission_idx" ON "job_tasks" USING btree ("submission_id") WHERE "job_tasks"."status" IN ('SUBMITTING', 'SUBMITTED');--> statement-breakpoint
CREATE INDEX "job_tasks_sim_active_idx" ON "job_tasks" USING btree ("sim_id") WHERE "job_tasks"."status" IN ('QUEUED', 'PENDING', 'SUBMITTING', 'SUBMITTED');--> statement-breakpoint
CREATE INDEX "mno_jobs_job_idx" ON "mno_jobs" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "mno_jobs_created_idx" ON "mno_jobs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mno_jobs_operator_created_idx" ON "mno_jobs" USING btree ("operator","created_at");--> statement-breakpoint
CREATE INDEX "request_messages_request_idx" ON "request_messages" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "requests_org_created_idx" ON "requests" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "requests_created_idx" ON "requests" USING btree ("created_at","id");