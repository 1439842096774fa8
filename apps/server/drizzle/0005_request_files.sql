CREATE TABLE "request_file_rows" (
	"file_id" char(24) NOT NULL,
	"row" integer NOT NULL,
	"iccid" text COLLATE "C" NOT NULL,
	CONSTRAINT "request_file_rows_pk" PRIMARY KEY("file_id","row")
);
--> statement-breakpoint
CREATE TABLE "request_files" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"created_by_id" char(24) NOT NULL,
	"file_name" text NOT NULL,
	"count" integer NOT NULL,
	"rejected" integer NOT NULL,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_file_rows" ADD CONSTRAINT "request_file_rows_file_id_request_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."request_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_files_creator_idx" ON "request_files" USING btree ("created_by_id","created_at");