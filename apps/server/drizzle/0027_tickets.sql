CREATE SEQUENCE "public"."ticket_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "ticket_attachment_files" (
	"attachment_id" char(24) PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_attachments" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"ticket_id" char(24) NOT NULL,
	"comment_id" char(24),
	"file_name" text NOT NULL,
	"type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"author_id" char(24),
	"author_label" text NOT NULL,
	"author_side" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_comments" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"ticket_id" char(24) NOT NULL,
	"author_id" char(24),
	"author_label" text NOT NULL,
	"author_side" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_requests" (
	"ticket_id" char(24) NOT NULL,
	"request_id" char(24) NOT NULL,
	CONSTRAINT "ticket_requests_ticket_id_request_id_pk" PRIMARY KEY("ticket_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_sims" (
	"ticket_id" char(24) NOT NULL,
	"sim_id" char(24) NOT NULL,
	CONSTRAINT "ticket_sims_ticket_id_sim_id_pk" PRIMARY KEY("ticket_id","sim_id")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"organization_id" char(24) NOT NULL,
	"subject" text NOT NULL,
	"category" text NOT NULL,
	"priority" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_by_id" char(24),
	"created_by_label" text NOT NULL,
	"created_by_side" text NOT NULL,
	"assignee_id" char(24),
	"sla_due_at" timestamp with time zone,
	"sla_left_seconds" integer,
	"diagnosis" jsonb,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_attachment_files" ADD CONSTRAINT "ticket_attachment_files_attachment_id_ticket_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."ticket_attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_requests" ADD CONSTRAINT "ticket_requests_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_sims" ADD CONSTRAINT "ticket_sims_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_attachments_ticket_idx" ON "ticket_attachments" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_comments_ticket_idx" ON "ticket_comments" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_sims_sim_idx" ON "ticket_sims" USING btree ("sim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_number_uq" ON "tickets" USING btree ("number");--> statement-breakpoint
CREATE INDEX "tickets_org_created_idx" ON "tickets" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_created_idx" ON "tickets" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tickets_sla_idx" ON "tickets" USING btree ("sla_due_at") WHERE "tickets"."sla_due_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "tickets_assignee_idx" ON "tickets" USING btree ("assignee_id") WHERE "tickets"."assignee_id" IS NOT NULL;