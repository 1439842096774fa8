CREATE TABLE "gateway_payments" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"txnid" text NOT NULL,
	"account_id" char(24) NOT NULL,
	"organization_id" char(24) NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'INITIATED' NOT NULL,
	"gateway_payment_id" text,
	"ledger_transaction_id" char(24),
	"created_by" char(24),
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_payments_amount_check" CHECK ("gateway_payments"."amount" > 0 AND "gateway_payments"."amount" <= 1000000000000)
);
--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_payments_txnid_idx" ON "gateway_payments" USING btree ("txnid");--> statement-breakpoint
CREATE INDEX "gateway_payments_account_idx" ON "gateway_payments" USING btree ("account_id","created_at");