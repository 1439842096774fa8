CREATE TABLE "firmware" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"version" text NOT NULL,
	"release_notes" text DEFAULT '' NOT NULL,
	"checksum" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_version_uq" ON "firmware" USING btree (lower("make"),lower("model"),"version");