-- The ledger's rules, kept by the database itself (issue 14, docs/decisions/025-money-ledger.md).

-- Postings are append-only: a correction is a new transaction, never an edit.
CREATE FUNCTION ledger_postings_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_postings is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_update BEFORE UPDATE OR DELETE ON ledger_postings FOR EACH ROW EXECUTE FUNCTION ledger_postings_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_postings_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_update BEFORE UPDATE OR DELETE ON ledger_transactions FOR EACH ROW EXECUTE FUNCTION ledger_postings_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions FOR EACH STATEMENT EXECUTE FUNCTION ledger_postings_refuse_change();
--> statement-breakpoint
-- Every transaction's postings sum to zero and are at least two: checked at commit, once per transaction.
CREATE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  n integer;
BEGIN
  SELECT coalesce(sum(amount), 0), count(*) INTO total, n FROM ledger_postings WHERE transaction_id = NEW.id;
  IF n < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: % postings summing to %', NEW.id, n, total USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transactions_balanced AFTER INSERT ON ledger_transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balanced();
--> statement-breakpoint
-- The provider's accounts.
INSERT INTO ledger_accounts (id, kind)
  SELECT substr(md5(kind), 1, 24), kind FROM unnest(ARRAY['PROVIDER_REVENUE', 'PROVIDER_FUNDING', 'GATEWAY_CLEARING', 'ADJUSTMENTS']) AS kind;
--> statement-breakpoint
-- A wallet for every organisation there is; new organisations get theirs when they are created.
INSERT INTO ledger_accounts (id, kind, organization_id)
  SELECT substr(md5('wallet:' || id), 1, 24), 'WALLET', id FROM organizations;
--> statement-breakpoint
-- Every organisation has its wallet from the moment it exists, however it is created.
CREATE FUNCTION organizations_open_wallet() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_accounts (id, kind, organization_id) VALUES (substr(md5('wallet:' || NEW.id), 1, 24), 'WALLET', NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER organizations_open_wallet AFTER INSERT ON organizations FOR EACH ROW EXECUTE FUNCTION organizations_open_wallet();
--> statement-breakpoint
-- A posting joins a ledger transaction only in the database transaction that made it, so a transaction that
-- balanced at its commit stays balanced.
CREATE FUNCTION ledger_posting_same_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger_transactions WHERE id = NEW.transaction_id AND xmin = pg_current_xact_id()::xid) THEN
    RAISE EXCEPTION 'posting for ledger transaction % outside the transaction that made it', NEW.transaction_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_same_transaction BEFORE INSERT ON ledger_postings FOR EACH ROW EXECUTE FUNCTION ledger_posting_same_transaction();
