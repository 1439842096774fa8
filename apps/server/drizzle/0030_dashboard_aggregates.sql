CREATE TABLE "dashboard_counts" (
	"metric" text NOT NULL,
	"organization_id" char(24),
	"k1" text DEFAULT '' NOT NULL,
	"k2" text DEFAULT '' NOT NULL,
	"day" date,
	"n" bigint NOT NULL,
	CONSTRAINT "dashboard_counts_key" UNIQUE NULLS NOT DISTINCT("metric","organization_id","k1","k2","day")
);
--> statement-breakpoint
CREATE TABLE "dashboard_deltas" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"metric" text NOT NULL,
	"organization_id" char(24),
	"k1" text DEFAULT '' NOT NULL,
	"k2" text DEFAULT '' NOT NULL,
	"day" date,
	"n" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The dashboards' aggregates (docs/decisions/034-dashboard-aggregates.md). Statement-level triggers with transition
-- tables append one signed delta per group a statement changed; the roll-up folds them into dashboard_counts.
-- A SIM counts under SIM (status × primary operator) while both its row and its position-0 profile exist: an upload
-- inserts the SIM before its profiles, so the profile's insert adds it; an update of either side moves it between
-- groups using the other side as it stands; a deleted SIM is taken off before its profiles are cascaded away.
CREATE FUNCTION dashboard_sims_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_deltas (metric, organization_id, day, n)
  SELECT 'EXPIRY', organization_id, (expires_at AT TIME ZONE 'Asia/Kolkata')::date, count(*) FROM new_rows
  WHERE expires_at IS NOT NULL AND status NOT IN ('TERMINATED', 'REPLACED') GROUP BY 2, 3
  UNION ALL
  SELECT 'ACTIVATED', organization_id, (activated_at AT TIME ZONE 'Asia/Kolkata')::date, count(*) FROM new_rows
  WHERE activated_at IS NOT NULL GROUP BY 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION dashboard_sims_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_deltas (metric, organization_id, k1, k2, day, n)
  WITH changed AS (
    SELECT o.id, o.organization_id AS o_org, o.status AS o_status, o.expires_at AS o_exp, o.activated_at AS o_act,
      n.organization_id AS n_org, n.status AS n_status, n.expires_at AS n_exp, n.activated_at AS n_act
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.organization_id, o.status, o.expires_at, o.activated_at) IS DISTINCT FROM (n.organization_id, n.status, n.expires_at, n.activated_at)
  ), parts AS (
    SELECT 'SIM' AS metric, c.o_org AS org, c.o_status AS k1, p.operator AS k2, NULL::date AS day, -1 AS n
    FROM changed c JOIN sim_profiles p ON p.sim_id = c.id AND p.position = 0
    WHERE (c.o_org, c.o_status) IS DISTINCT FROM (c.n_org, c.n_status)
    UNION ALL
    SELECT 'SIM', c.n_org, c.n_status, p.operator, NULL, 1
    FROM changed c JOIN sim_profiles p ON p.sim_id = c.id AND p.position = 0
    WHERE (c.o_org, c.o_status) IS DISTINCT FROM (c.n_org, c.n_status)
    UNION ALL
    SELECT 'EXPIRY', o_org, '', '', (o_exp AT TIME ZONE 'Asia/Kolkata')::date, -1 FROM changed
    WHERE o_exp IS NOT NULL AND o_status NOT IN ('TERMINATED', 'REPLACED')
    UNION ALL
    SELECT 'EXPIRY', n_org, '', '', (n_exp AT TIME ZONE 'Asia/Kolkata')::date, 1 FROM changed
    WHERE n_exp IS NOT NULL AND n_status NOT IN ('TERMINATED', 'REPLACED')
    UNION ALL
    SELECT 'ACTIVATED', o_org, '', '', (o_act AT TIME ZONE 'Asia/Kolkata')::date, -1 FROM changed WHERE o_act IS NOT NULL
    UNION ALL
    SELECT 'ACTIVATED', n_org, '', '', (n_act AT TIME ZONE 'Asia/Kolkata')::date, 1 FROM changed WHERE n_act IS NOT NULL
    UNION ALL
    SELECT 'TERMINATED', n_org, '', '', (now() AT TIME ZONE 'Asia/Kolkata')::date, 1 FROM changed
    WHERE n_status = 'TERMINATED' AND o_status <> 'TERMINATED'
  )
  SELECT metric, org, k1, k2, day, sum(n) FROM parts GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION dashboard_sims_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_deltas (metric, organization_id, day, n)
  SELECT 'EXPIRY', organization_id, (expires_at AT TIME ZONE 'Asia/Kolkata')::date, -count(*) FROM old_rows
  WHERE expires_at IS NOT NULL AND status NOT IN ('TERMINATED', 'REPLACED') GROUP BY 2, 3
  UNION ALL
  SELECT 'ACTIVATED', organization_id, (activated_at AT TIME ZONE 'Asia/Kolkata')::date, -count(*) FROM old_rows
  WHERE activated_at IS NOT NULL GROUP BY 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Before the row goes: its primary profile is still there (the cascade removes it after the row is deleted).
CREATE FUNCTION dashboard_sim_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_deltas (metric, organization_id, k1, k2, n)
  SELECT 'SIM', OLD.organization_id, OLD.status, p.operator, -1 FROM sim_profiles p WHERE p.sim_id = OLD.id AND p.position = 0;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE FUNCTION dashboard_profiles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_deltas (metric, organization_id, k1, k2, n)
    SELECT 'SIM', s.organization_id, s.status, r.operator, count(*) FROM new_rows r JOIN sims s ON s.id = r.sim_id
    WHERE r.position = 0 GROUP BY 2, 3, 4;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO dashboard_deltas (metric, organization_id, k1, k2, n)
    SELECT 'SIM', org, status, operator, sum(n) FROM (
      SELECT s.organization_id AS org, s.status, r.operator, -1 AS n FROM old_rows r JOIN sims s ON s.id = r.sim_id WHERE r.position = 0
      UNION ALL
      SELECT s.organization_id, s.status, r.operator, 1 FROM new_rows r JOIN sims s ON s.id = r.sim_id WHERE r.position = 0
    ) x GROUP BY 2, 3, 4 HAVING sum(n) <> 0;
  ELSE
    INSERT INTO dashboard_deltas (metric, organization_id, k1, k2, n)
    SELECT 'SIM', s.organization_id, s.status, r.operator, -count(*) FROM old_rows r JOIN sims s ON s.id = r.sim_id
    WHERE r.position = 0 GROUP BY 2, 3, 4;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION dashboard_postings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_deltas (metric, organization_id, k1, day, n)
  SELECT 'SPENT', organization_id, type, (created_at AT TIME ZONE 'Asia/Kolkata')::date, sum(amount) FROM new_rows
  WHERE organization_id IS NOT NULL GROUP BY 2, 3, 4;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dashboard_sims_inserted AFTER INSERT ON sims REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_sims_inserted();
--> statement-breakpoint
CREATE TRIGGER dashboard_sims_updated AFTER UPDATE ON sims REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_sims_updated();
--> statement-breakpoint
CREATE TRIGGER dashboard_sims_deleted AFTER DELETE ON sims REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_sims_deleted();
--> statement-breakpoint
CREATE TRIGGER dashboard_sim_deleting BEFORE DELETE ON sims FOR EACH ROW EXECUTE FUNCTION dashboard_sim_deleting();
--> statement-breakpoint
CREATE TRIGGER dashboard_profiles_inserted AFTER INSERT ON sim_profiles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_profiles_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_profiles_updated AFTER UPDATE ON sim_profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_profiles_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_profiles_deleted AFTER DELETE ON sim_profiles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_profiles_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_postings_inserted AFTER INSERT ON ledger_postings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_postings_inserted();
--> statement-breakpoint
-- Backfill: the figures of the rows already there (terminations dated by the SIM's last change, the best record kept).
INSERT INTO dashboard_counts (metric, organization_id, k1, k2, day, n)
SELECT 'SIM', s.organization_id, s.status, p.operator, NULL::date, count(*) FROM sims s JOIN sim_profiles p ON p.sim_id = s.id AND p.position = 0
GROUP BY 2, 3, 4
UNION ALL
SELECT 'EXPIRY', organization_id, '', '', (expires_at AT TIME ZONE 'Asia/Kolkata')::date, count(*) FROM sims
WHERE expires_at IS NOT NULL AND status NOT IN ('TERMINATED', 'REPLACED') GROUP BY 2, 5
UNION ALL
SELECT 'ACTIVATED', organization_id, '', '', (activated_at AT TIME ZONE 'Asia/Kolkata')::date, count(*) FROM sims
WHERE activated_at IS NOT NULL GROUP BY 2, 5
UNION ALL
SELECT 'TERMINATED', organization_id, '', '', (updated_at AT TIME ZONE 'Asia/Kolkata')::date, count(*) FROM sims
WHERE status = 'TERMINATED' GROUP BY 2, 5
UNION ALL
SELECT 'SPENT', organization_id, type, '', (created_at AT TIME ZONE 'Asia/Kolkata')::date, sum(amount) FROM ledger_postings
WHERE organization_id IS NOT NULL GROUP BY 2, 3, 5;
