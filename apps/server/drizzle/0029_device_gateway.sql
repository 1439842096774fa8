CREATE TABLE "simulator_device_conditions" (
	"imei" text COLLATE "C" PRIMARY KEY NOT NULL,
	"condition" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulator_device_firmware" (
	"task_key" text PRIMARY KEY NOT NULL,
	"imei" text COLLATE "C" NOT NULL,
	"version" text NOT NULL,
	"checksum" text NOT NULL,
	"installed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "simulator_device_firmware_imei_idx" ON "simulator_device_firmware" USING btree ("imei");