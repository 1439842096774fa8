CREATE TABLE "device_tacs" (
	"tac" text COLLATE "C" PRIMARY KEY NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"kind" text,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The simulated operators' devices (operators/simulator-network.ts SIMULATED_TACS): the only codes the product ships.
INSERT INTO "device_tacs" ("tac", "make", "model", "kind", "source") VALUES
  ('86716905', 'Tarang simulator', 'Simulated NB-IoT module', 'module', 'simulator'),
  ('86435806', 'Tarang simulator', 'Simulated LTE-M module', 'module', 'simulator'),
  ('35316811', 'Tarang simulator', 'Simulated 4G router', 'router', 'simulator'),
  ('86839805', 'Tarang simulator', 'Simulated GPS tracker', 'tracker', 'simulator'),
  ('35473610', 'Tarang simulator', 'Simulated smart meter', 'meter', 'simulator')
ON CONFLICT ("tac") DO NOTHING;
