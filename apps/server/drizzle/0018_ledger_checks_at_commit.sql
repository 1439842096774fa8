-- A posting still joins a ledger transaction only in the database transaction that made it, but the check runs at
-- commit (with the balance check) instead of before each insert: a money call then writes its transaction, postings
-- and balances in one statement (issue 14, docs/decisions/025-money-ledger.md).
DROP TRIGGER ledger_postings_same_transaction ON ledger_postings;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_posting_same_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger_transactions WHERE id = NEW.transaction_id AND xmin = pg_current_xact_id()::xid) THEN
    RAISE EXCEPTION 'posting for ledger transaction % outside the transaction that made it', NEW.transaction_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_same_transaction AFTER INSERT ON ledger_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_posting_same_transaction();
