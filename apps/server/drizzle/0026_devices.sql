CREATE TABLE "devices" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"imei" text COLLATE "C" NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"firmware_version" text,
	"serial" text,
	"organization_id" char(24),
	"sim_id" char(24),
	"vehicle_registration" text COLLATE "C",
	"vehicle_type" text,
	"end_user_name" text,
	"end_user_phone" text,
	"kyc_id_type" text,
	"kyc_id_number" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_imei_uq" ON "devices" USING btree ("imei");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_sim_uq" ON "devices" USING btree ("sim_id") WHERE "devices"."sim_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "devices_org_imei_idx" ON "devices" USING btree ("organization_id","imei");--> statement-breakpoint
CREATE INDEX "devices_vehicle_idx" ON "devices" USING btree ("vehicle_registration") WHERE "devices"."vehicle_registration" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "devices_serial_idx" ON "devices" USING btree ("serial") WHERE "devices"."serial" IS NOT NULL;