import { z } from 'zod';
import { ZListQuery } from '../common/api';
import { multilineText, text } from '../common/text';

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
