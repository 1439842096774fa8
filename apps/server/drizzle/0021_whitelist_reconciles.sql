CREATE TABLE "whitelist_reconciles" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"after_iccid" text COLLATE "C",
	"after_kind" text,
	"checked" bigint DEFAULT 0 NOT NULL,
	"drifted" bigint DEFAULT 0 NOT NULL,
	"restored" bigint DEFAULT 0 NOT NULL,
	"skipped" bigint DEFAULT 0 NOT NULL
);
