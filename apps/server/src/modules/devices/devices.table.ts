import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idPk, idRef, textC, updatedAt } from '../../db/columns';
import { organizations } from '../organizations/organizations.table';
import { sims } from '../sims/sims.table';

/**
 * Devices (issue 17, docs/decisions/031-devices.md): one row per device, its IMEI unique. `organization_id` null is the
 * provider's stock (the device inventory); `sim_id` is the one SIM it holds, of the same organisation. The vehicle and
 * the end user are the device's own fields: a vehicle is known by its registration, and the end user's identity
 * document is kept as the DoT's M2M KYC asks.
 */
export const devices = pgTable(
  'devices',
  {
    id: idPk(),
    imei: textC('imei').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    firmwareVersion: text('firmware_version'),
    serial: text('serial'),
    organizationId: idRef('organization_id').references(() => organizations.id),
    simId: idRef('sim_id').references(() => sims.id),
    vehicleRegistration: textC('vehicle_registration'),
    vehicleType: text('vehicle_type'),
    endUserName: text('end_user_name'),
    endUserPhone: text('end_user_phone'),
    kycIdType: text('kyc_id_type'),
    kycIdNumber: text('kyc_id_number'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('devices_imei_uq').on(t.imei),
    uniqueIndex('devices_sim_uq').on(t.simId).where(sql`${t.simId} IS NOT NULL`),
    index('devices_org_imei_idx').on(t.organizationId, t.imei),
    index('devices_vehicle_idx').on(t.vehicleRegistration).where(sql`${t.vehicleRegistration} IS NOT NULL`),
    index('devices_serial_idx').on(t.serial).where(sql`${t.serial} IS NOT NULL`),
  ],
);
