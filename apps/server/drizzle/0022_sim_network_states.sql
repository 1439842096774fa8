CREATE TABLE "simulator_network_conditions" (
	"operator" text NOT NULL,
	"iccid" text COLLATE "C" NOT NULL,
	"condition" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulator_network_conditions_operator_iccid_pk" PRIMARY KEY("operator","iccid")
);
--> statement-breakpoint
CREATE TABLE "sim_network_states" (
	"iccid" text COLLATE "C" PRIMARY KEY NOT NULL,
	"sim_id" text NOT NULL,
	"operator" text NOT NULL,
	"state" jsonb NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sim_network_states" ADD CONSTRAINT "sim_network_states_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sim_network_states_sim_idx" ON "sim_network_states" USING btree ("sim_id");