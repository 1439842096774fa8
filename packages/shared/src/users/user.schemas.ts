import { z } from 'zod';
import { ZSealedPassword } from '../auth/sealed-password';
import { ZListQuery } from '../common/api';
import { text, ZId } from '../common/text';
import { EMAIL_PATTERN, INDIAN_PHONE_PATTERN } from '../format/username';

export const USER_STATUSES = ['ACTIVE', 'INVITED', 'DISABLED'] as const;
export const ZUserStatus = z.enum(USER_STATUSES);

export const ZOrganizationRef = z.object({
  id: z.string(),
  tradeName: z.string(),
  brandName: z.string().nullable(),
  email: z.string().nullable(),
});

export const ZUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.object({ id: z.string(), name: z.string() }),
  organization: ZOrganizationRef.nullable(),
  status: ZUserStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

const ZName = (field: string) => text().trim().min(1, `${field} is required`).max(100, `${field} must be at most 100 characters`);
export const ZEmail = text()
  .trim()
  .toLowerCase()
  .max(255, 'email must be at most 255 characters')
  .regex(EMAIL_PATTERN, 'Enter a valid email');
export const ZPhone = text().trim().regex(INDIAN_PHONE_PATTERN, 'Enter a valid phone number: +91 and 10 digits (or 13 for M2M numbers)');

export const AVATAR_URL_MESSAGE = 'avatar must be an https URL';

/**
 * A user's photo: an https address on a named host, stored in its parsed form. Nothing else is shown as an image
 * source (no javascript:, data: or plain http: links). The platform stores no images of its own, so there is no
 * other kind of photo address to accept.
 */
const ZHttpsUrl = z.url({ protocol: /^https$/i, hostname: z.regexes.domain });
export const ZAvatarUrl = text()
  .max(1024, 'avatar must be at most 1024 characters')
  .refine((value) => ZHttpsUrl.safeParse(value).success, AVATAR_URL_MESSAGE)
  .transform((value) => new URL(value).href);

export const ZUserCreate = z
  .object({
    firstName: ZName('firstName'),
    lastName: ZName('lastName'),
    avatar: ZAvatarUrl.nullish(),
    email: ZEmail.nullish(),
    phone: ZPhone.nullish(),
    role: ZId,
    organizationId: ZId.nullish(),
    /** Initial password, sealed with the login key. Without it the user is invited by mail. */
    password: ZSealedPassword.optional(),
  })
  .strict()
  .refine((u) => Boolean(u.email) || Boolean(u.phone), { path: ['email'], message: 'Give an email or a phone number' });
export type TUserCreate = z.infer<typeof ZUserCreate>;

export const ZUserUpdate = z
  .object({
    firstName: ZName('firstName').optional(),
    lastName: ZName('lastName').optional(),
    avatar: ZAvatarUrl.nullish(),
    email: ZEmail.nullish(),
    phone: ZPhone.nullish(),
    role: ZId.optional(),
    organizationId: ZId.nullish(),
    status: ZUserStatus.optional(),
  })
  .strict();
export type TUserUpdate = z.infer<typeof ZUserUpdate>;

export const ZUserListQuery = ZListQuery.extend({
  organizationId: ZId.optional(),
  status: ZUserStatus.optional(),
}).strict();
