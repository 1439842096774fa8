CREATE TABLE "usage_ingests" (
	"day" date PRIMARY KEY NOT NULL,
	"after_sim_id" char(24),
	"sims" integer DEFAULT 0 NOT NULL,
	"profiles" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
-- Usage per SIM per India month, partitioned by month (docs/decisions/029-sim-usage.md). Each array is indexed by the
-- day of the month (1–31); NULL: nothing reported that day. The ingest creates a month's partition before writing to it
-- and drops those past the retention. No foreign key to sims: SIMs are never deleted, and a check per row would slow
-- the daily ingest of every SIM.
CREATE TABLE "sim_usage_months" (
	"month" date NOT NULL,
	"sim_id" char(24) NOT NULL,
	"bytes_up" bigint[] NOT NULL,
	"bytes_down" bigint[] NOT NULL,
	"sms_mo" integer[] NOT NULL,
	"sms_mt" integer[] NOT NULL,
	CONSTRAINT "sim_usage_months_pk" PRIMARY KEY ("sim_id", "month")
) PARTITION BY RANGE ("month");
