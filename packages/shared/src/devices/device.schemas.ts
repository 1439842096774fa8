import { z } from 'zod';
import { ZListQuery } from '../common/api';
import { text, ZId } from '../common/text';
import { imeiError } from '../sims/identifiers';
import { ZIccid } from '../sims/sim.schemas';
import { ZPhone } from '../users/user.schemas';
import { KYC_ID_TYPES, kycNumberError, normaliseKycNumber } from './kyc';
import { normaliseRegistration, registrationError } from './vehicle-registration';

/**
 * Devices (issue 17, docs/decisions/031-devices.md): the tracker or module a SIM sits in — its IMEI, make and model,
 * firmware, serial — the vehicle it is fitted to, and its end user with their identity document. A device belongs to
 * an organisation (null: the provider's stock, the device inventory) and may be linked to one SIM of that organisation.
 */

export const VEHICLE_TYPES = ['TRUCK', 'BUS', 'CAR', 'VAN', 'TWO_WHEELER', 'THREE_WHEELER', 'TRACTOR', 'CONSTRUCTION', 'OTHER'] as const;
export type TVehicleType = (typeof VEHICLE_TYPES)[number];

export const ZImei = text()
  .trim()
  .superRefine((v, ctx) => {
    const error = imeiError(v);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

const name = (field: string, max = 100) => text().trim().min(1, `Give the ${field}`).max(max, `${field} must be at most ${max} characters`);

export const ZVehicleRegistration = text()
  .transform(normaliseRegistration)
  .superRefine((v, ctx) => {
    const error = registrationError(v);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

const ZVehicle = z
  .object({
    registration: ZVehicleRegistration,
    type: z.enum(VEHICLE_TYPES),
  })
  .strict();

const ZEndUser = z
  .object({
    name: name('end user’s name'),
    phone: ZPhone.nullish(),
    kycIdType: z.enum(KYC_ID_TYPES),
    kycIdNumber: text().transform(normaliseKycNumber),
  })
  .strict()
  .superRefine((v, ctx) => {
    const error = kycNumberError(v.kycIdType, v.kycIdNumber);
    if (error) ctx.addIssue({ code: 'custom', path: ['kycIdNumber'], message: error });
  });

const deviceFields = {
  imei: ZImei,
  make: name('make', 80),
  model: name('model', 80),
  firmwareVersion: text().trim().max(40).nullish(),
  serial: text().trim().max(64).nullish(),
  /** The SIM the device holds: its ICCID (any profile's), in the device's organisation. */
  simIccid: ZIccid.nullish(),
  /** Lock the SIM to the device's IMEI (an IMEI_LOCK request) when it is linked. */
  lockSimToImei: z.boolean().optional(),
  vehicle: ZVehicle.nullish(),
  endUser: ZEndUser.nullish(),
};

/** POST /device (Add Device) and POST /device-inventory (a device into stock): staff may leave organizationId out (stock). */
export const ZDeviceCreate = z.object({ ...deviceFields, organizationId: ZId.nullish() }).strict();
export type TDeviceCreate = z.infer<typeof ZDeviceCreate>;

/** PUT /device/{id} (Edit): every field but the IMEI may change; null takes a field off. */
export const ZDeviceUpdate = z
  .object({
    make: deviceFields.make.optional(),
    model: deviceFields.model.optional(),
    firmwareVersion: deviceFields.firmwareVersion,
    serial: deviceFields.serial,
    simIccid: deviceFields.simIccid,
    lockSimToImei: deviceFields.lockSimToImei,
    vehicle: deviceFields.vehicle,
    endUser: deviceFields.endUser,
  })
  .strict();
export type TDeviceUpdate = z.infer<typeof ZDeviceUpdate>;

/** DELETE /device/{id}: a device linked to an active SIM is deleted only when unlinked in the same call. */
export const ZDeviceDeleteQuery = z.object({ unlink: z.enum(['true', 'false']).optional() }).strict();

export const ZDevice = z.object({
  id: z.string(),
  imei: z.string(),
  make: z.string(),
  model: z.string(),
  firmwareVersion: z.string().nullable(),
  serial: z.string().nullable(),
  organization: z.object({ id: z.string(), tradeName: z.string() }).nullable(),
  sim: z.object({ id: z.string(), iccid: z.string(), status: z.string() }).nullable(),
  vehicle: z.object({ registration: z.string(), type: z.enum(VEHICLE_TYPES) }).nullable(),
  /** Masked (`kycMasked`) for a role without the device module's View KYC. */
  endUser: z
    .object({ name: z.string(), phone: z.string().nullable(), kycIdType: z.enum(KYC_ID_TYPES), kycIdNumber: z.string() })
    .nullable(),
  kycMasked: z.boolean(),
  /** The make and model the IMEI's TAC names, when the TAC table holds it. */
  tac: z.object({ make: z.string(), model: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TDevice = z.infer<typeof ZDevice>;

/** The vehicle with its device and SIM (Show Vehicle). */
export const ZDeviceVehicle = z.object({
  registration: z.string(),
  type: z.enum(VEHICLE_TYPES),
  device: ZDevice,
  sim: z.object({ id: z.string(), iccid: z.string(), status: z.string(), msisdn: z.string().nullable(), operators: z.string() }).nullable(),
});
export type TDeviceVehicle = z.infer<typeof ZDeviceVehicle>;

export const ZDeviceListQuery = ZListQuery.pick({ page: true, limit: true })
  .extend({
    /** The start of an IMEI, serial or vehicle registration. */
    search: text().trim().max(32).optional(),
    organizationId: ZId.optional(),
    linked: z.enum(['true', 'false']).optional(),
    make: text().trim().max(80).optional(),
  })
  .strict();
export type TDeviceListQuery = z.infer<typeof ZDeviceListQuery>;

/** PUT /device-inventory/assign: devices not holding a SIM given to an organisation in reach. */
export const ZDeviceAssign = z
  .object({
    deviceIds: z.array(ZId).min(1).max(1000),
    organizationId: ZId,
  })
  .strict();
export type TDeviceAssign = z.infer<typeof ZDeviceAssign>;
export const ZDeviceAssigned = z.object({
  assigned: z.number().int(),
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
});

/** What Add Device and Edit answer: the device, and the IMEI_LOCK request made when the SIM was locked to it. */
export const ZDeviceSaved = z.object({
  device: ZDevice,
  lockRequest: z.object({ id: z.string(), batchJobId: z.string() }).nullable(),
});

/** The most devices one inventory file may hold, and its largest size. */
export const DEVICE_UPLOAD_ROWS_MAX = 200_000;
export const DEVICE_UPLOAD_MAX_BYTES = 25 * 1024 * 1024;

/** POST /device-inventory/upload: the organisation the devices go to (staff without one: the provider's stock). */
export const ZDeviceUploadQuery = z.object({ organizationId: ZId.optional() }).strict();

/** What an inventory file added, and each row it did not with its line and why (the first 1,000; `rejectedCount` all). */
export const ZDeviceUploadResult = z.object({
  rows: z.number().int(),
  added: z.number().int(),
  rejectedCount: z.number().int(),
  rejected: z.array(z.object({ row: z.number().int(), imei: z.string(), reason: z.string() })),
});
export type TDeviceUploadResult = z.infer<typeof ZDeviceUploadResult>;

/** GET /device/export: every device the list's filters find, as CSV or XLSX (KYC masked as in the list). */
export const ZDeviceExportQuery = ZDeviceListQuery.omit({ page: true, limit: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('csv') })
  .strict();
export type TDeviceExportQuery = z.infer<typeof ZDeviceExportQuery>;
export const DEVICE_EXPORT_COLUMNS = [
  'imei',
  'make',
  'model',
  'firmware_version',
  'serial',
  'organisation',
  'sim_iccid',
  'sim_status',
  'vehicle_registration',
  'vehicle_type',
  'end_user_name',
  'end_user_phone',
  'kyc_id_type',
  'kyc_id_number',
  'added_at',
] as const;
