CREATE TABLE "audit_tallies" (
	"action" text NOT NULL,
	"tally_key" text NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"organization_id" char(24),
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ips" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reasons" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "audit_tallies_action_tally_key_pk" PRIMARY KEY("action","tally_key")
);
--> statement-breakpoint
ALTER TABLE "password_resets" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "next_allowed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "refused" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "account" text;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "requested_ip" text;--> statement-breakpoint
CREATE INDEX "audit_tallies_window_idx" ON "audit_tallies" USING btree ("window_ends_at");--> statement-breakpoint
CREATE INDEX "password_resets_account_idx" ON "password_resets" USING btree ("account","requested_ip");