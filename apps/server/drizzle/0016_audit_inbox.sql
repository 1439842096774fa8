CREATE TABLE "audit_inbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Waiting events are not edited either: they leave only by being sealed into audit_events.
CREATE TRIGGER audit_inbox_no_update BEFORE UPDATE ON audit_inbox FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();
