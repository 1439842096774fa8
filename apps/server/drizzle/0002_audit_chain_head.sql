-- The head of the audit hash chain, one row. Writers lock it, so the chain cannot fork: under READ COMMITTED a
-- writer waits and then sees the newest head; under REPEATABLE READ or SERIALIZABLE a head moved by a transaction
-- the writer cannot see is a serialisation failure (the transaction retries), never a second branch.
-- The advisory lock of 0001 did not cover snapshot isolation: the last event was read from the transaction's
-- snapshot, so two repeatable-read writers could both chain onto the same event.
CREATE TABLE audit_chain_head (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  seq bigint NOT NULL,
  hash text NOT NULL
);
--> statement-breakpoint
INSERT INTO audit_chain_head (id, seq, hash)
  SELECT true, coalesce(max(seq), 0), coalesce((SELECT hash FROM audit_events ORDER BY seq DESC LIMIT 1), '') FROM audit_events;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head_seq bigint;
  head_hash text;
BEGIN
  SELECT seq, hash INTO STRICT head_seq, head_hash FROM audit_chain_head WHERE id FOR UPDATE;
  -- seq was drawn before the lock; if a later writer got the lock first, draw again so seq follows the chain.
  IF NEW.seq IS NULL OR NEW.seq <= head_seq THEN
    NEW.seq := nextval(pg_get_serial_sequence('audit_events', 'seq'));
  END IF;
  NEW.prev_hash := head_hash;
  NEW.occurred_at := date_trunc('milliseconds', NEW.occurred_at);
  NEW.hash := audit_event_hash(NEW.prev_hash, NEW.id, NEW.occurred_at, NEW.actor_type, NEW.actor_id, NEW.actor_label,
    NEW.organization_id, NEW.action, NEW.entity_type, NEW.entity_id, NEW.before, NEW.after, NEW.ip, NEW.user_agent, NEW.request_id);
  UPDATE audit_chain_head SET seq = NEW.seq, hash = NEW.hash WHERE id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_chain_head_no_delete BEFORE DELETE ON audit_chain_head FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_chain_head_no_truncate BEFORE TRUNCATE ON audit_chain_head FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
