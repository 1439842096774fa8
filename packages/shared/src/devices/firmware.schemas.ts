import { z } from 'zod';
import { ZListQuery } from '../common/api';
import { isoDateTime } from '../common/dates';
import { multilineText, text, ZId } from '../common/text';
import { ZRequest } from '../requests/request.schemas';

/**
 * The firmware catalogue (issue 17, docs/decisions/031-devices.md): the firmware staff publish for a make and model,
 * each version once, with its release notes and the SHA-256 of its file (the device checks it before installing).
 */

const field = (name: string, max: number) => text().trim().min(1, `Give the ${name}`).max(max, `${name} must be at most ${max} characters`);

export const ZFirmwareCreate = z
  .object({
    make: field('make', 80),
    model: field('model', 80),
    version: field('version', 40).regex(
      /^[0-9A-Za-z][0-9A-Za-z._+-]*$/,
      'A version is letters, digits, dots, dashes, plus and underscores',
    ),
    releaseNotes: multilineText().trim().max(5000).default(''),
    checksum: text()
      .trim()
      .transform((v) => v.toLowerCase())
      .pipe(z.string().regex(/^[0-9a-f]{64}$/, 'The checksum is the file’s SHA-256: 64 hexadecimal characters')),
  })
  .strict();
export type TFirmwareCreate = z.infer<typeof ZFirmwareCreate>;

export const ZFirmwareUpdate = z.object({ releaseNotes: multilineText().trim().max(5000) }).strict();

export const ZFirmware = z.object({
  id: z.string(),
  make: z.string(),
  model: z.string(),
  version: z.string(),
  releaseNotes: z.string(),
  checksum: z.string(),
  createdAt: z.string(),
});
export type TFirmware = z.infer<typeof ZFirmware>;

export const ZFirmwareListQuery = ZListQuery.pick({ page: true, limit: true })
  .extend({ make: text().trim().max(80).optional(), model: text().trim().max(80).optional() })
  .strict();
export type TFirmwareListQuery = z.infer<typeof ZFirmwareListQuery>;

/** POST /device/firmware-update (Update Firmware): a firmware version onto devices of its make and model. */
export const ZFirmwareUpdateCreate = z
  .object({
    firmwareId: ZId,
    deviceIds: z.array(ZId).min(1).max(10_000),
    scheduledAt: isoDateTime('scheduledAt').optional(),
    /** Go ahead with the devices that can take it when some cannot (otherwise the request is refused, naming them). */
    proceedWithValid: z.boolean().optional(),
    dryRun: z.boolean().optional(),
  })
  .strict();
export type TFirmwareUpdateCreate = z.infer<typeof ZFirmwareUpdateCreate>;

/** Why a device cannot take the firmware, by its id. */
export const ZFirmwareRefusal = z.object({ deviceId: z.string(), imei: z.string().nullable(), reason: z.string() });

/** What Update Firmware made: the request (null on a dry run), how many devices go, and each one that cannot, with why. */
export const ZFirmwareUpdateResult = z.object({
  request: ZRequest.nullable(),
  accepted: z.number().int(),
  refused: z.array(ZFirmwareRefusal),
  replayed: z.boolean(),
});
export type TFirmwareUpdateResult = z.infer<typeof ZFirmwareUpdateResult>;

/** What the device-management simulator is told a device does (staff, to see each outcome): online, offline, or failing to install. */
export const DEVICE_CONDITIONS = ['ONLINE', 'OFFLINE', 'INSTALL_FAILS'] as const;
export const ZDeviceConditionSet = z
  .object({
    imeis: z
      .array(text().regex(/^\d{15}$/, 'an IMEI is 15 digits'))
      .min(1)
      .max(10_000),
    condition: z.enum(DEVICE_CONDITIONS),
  })
  .strict();
export type TDeviceConditionSet = z.infer<typeof ZDeviceConditionSet>;
