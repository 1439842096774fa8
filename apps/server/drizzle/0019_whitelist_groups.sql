CREATE TABLE "ip_groups" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"organization_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"review_status" text DEFAULT 'PENDING' NOT NULL,
	"review_reason" text,
	"reviewed_by" char(24),
	"reviewed_by_label" text,
	"reviewed_at" timestamp with time zone,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"proposed_entries" jsonb,
	"created_by" char(24),
	"created_by_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "number_group_numbers" (
	"group_id" char(24) NOT NULL,
	"number" text NOT NULL,
	"created_by" char(24),
	"created_by_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "number_group_numbers_group_id_number_pk" PRIMARY KEY("group_id","number")
);
--> statement-breakpoint
CREATE TABLE "number_groups" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"organization_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_by" char(24),
	"created_by_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operator_gateways" ADD COLUMN "whitelist_ip_limit" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_gateways" ADD COLUMN "whitelist_number_limit" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "ip_groups" ADD CONSTRAINT "ip_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_group_numbers" ADD CONSTRAINT "number_group_numbers_group_id_number_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."number_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_groups" ADD CONSTRAINT "number_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ip_groups_org_name_idx" ON "ip_groups" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "ip_groups_review_idx" ON "ip_groups" USING btree ("review_status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "number_groups_org_name_idx" ON "number_groups" USING btree ("organization_id",lower("name"));