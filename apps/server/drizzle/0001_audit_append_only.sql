-- The audit trail is append-only and tamper-evident.
-- Each event stores the hash of the previous event and its own hash over its content;
-- inserts are serialised by an advisory lock so the chain has no forks.
CREATE FUNCTION audit_event_hash(prev text, id text, occurred_at timestamptz, actor_type text, actor_id text, actor_label text,
  organization_id text, action text, entity_type text, entity_id text, before jsonb, after jsonb, ip text, user_agent text, request_id text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(prev, id, to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    actor_type, actor_id, actor_label, organization_id, action, entity_type, entity_id, before, after, ip, user_agent, request_id)::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
CREATE FUNCTION audit_events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(7238461);
  SELECT hash INTO last_hash FROM audit_events ORDER BY seq DESC LIMIT 1;
  NEW.prev_hash := coalesce(last_hash, '');
  NEW.occurred_at := date_trunc('milliseconds', NEW.occurred_at);
  NEW.hash := audit_event_hash(NEW.prev_hash, NEW.id, NEW.occurred_at, NEW.actor_type, NEW.actor_id, NEW.actor_label,
    NEW.organization_id, NEW.action, NEW.entity_type, NEW.entity_id, NEW.before, NEW.after, NEW.ip, NEW.user_agent, NEW.request_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_chain BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_chain();
--> statement-breakpoint
CREATE FUNCTION audit_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_update BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
