CREATE TABLE "plan_blueprints" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"plan_id" char(24) NOT NULL,
	"organization_id" char(24) NOT NULL,
	"price" bigint NOT NULL,
	"parent_blueprint_id" char(24),
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_blueprints_price_check" CHECK ("plan_blueprints"."price" > 0 AND "plan_blueprints"."price" <= 1000000000000)
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"operators" text[] NOT NULL,
	"data_mb" integer NOT NULL,
	"sms_count" integer NOT NULL,
	"validity_days" integer NOT NULL,
	"base_price" bigint NOT NULL,
	"over_limit_action" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"retired_at" timestamp with time zone,
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_base_price_check" CHECK ("plans"."base_price" > 0 AND "plans"."base_price" <= 1000000000000),
	CONSTRAINT "plans_counts_check" CHECK ("plans"."data_mb" >= 0 AND "plans"."sms_count" >= 0 AND "plans"."validity_days" >= 1)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"organization_id" char(24),
	"balance" bigint DEFAULT 0 NOT NULL,
	"blocked" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."kind" = 'WALLET') = ("ledger_accounts"."organization_id" IS NOT NULL)),
	CONSTRAINT "ledger_accounts_available_check" CHECK ("ledger_accounts"."blocked" >= 0 AND "ledger_accounts"."balance" - "ledger_accounts"."blocked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" char(24) NOT NULL,
	"account_id" char(24) NOT NULL,
	"organization_id" char(24),
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_postings_amount_check" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"reason" text,
	"reference" text,
	"actor_type" text NOT NULL,
	"actor_id" char(24),
	"actor_label" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_holds" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"account_id" char(24) NOT NULL,
	"organization_id" char(24) NOT NULL,
	"activation_id" char(24),
	"amount" bigint NOT NULL,
	"captured" bigint DEFAULT 0 NOT NULL,
	"released" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'HELD' NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_holds_amounts_check" CHECK ("wallet_holds"."amount" > 0 AND "wallet_holds"."captured" >= 0 AND "wallet_holds"."released" >= 0 AND "wallet_holds"."captured" + "wallet_holds"."released" <= "wallet_holds"."amount")
);
--> statement-breakpoint
ALTER TABLE "plan_blueprints" ADD CONSTRAINT "plan_blueprints_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_blueprints" ADD CONSTRAINT "plan_blueprints_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_holds" ADD CONSTRAINT "wallet_holds_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_blueprints_plan_org_idx" ON "plan_blueprints" USING btree ("plan_id","organization_id");--> statement-breakpoint
CREATE INDEX "plan_blueprints_org_idx" ON "plan_blueprints" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "plan_blueprints_parent_idx" ON "plan_blueprints" USING btree ("parent_blueprint_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_name_lower_idx" ON "plans" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "plans_created_idx" ON "plans" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_wallet_org_idx" ON "ledger_accounts" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_provider_kind_idx" ON "ledger_accounts" USING btree ("kind") WHERE "ledger_accounts"."organization_id" IS NULL;--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_transaction_idx" ON "ledger_postings" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_org_idx" ON "ledger_postings" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_idx" ON "ledger_transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "wallet_holds_account_idx" ON "wallet_holds" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_holds_activation_idx" ON "wallet_holds" USING btree ("activation_id");