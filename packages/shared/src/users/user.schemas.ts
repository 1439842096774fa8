import { z } from 'zod';
import { ZSealedPassword } from '../auth/sealed-password';
import { ZListQuery } from '../common/api';
import { EMAIL_PATTERN, INDIAN_PHONE_PATTERN } from '../format/username';

export const USER_STATUSES = ['ACTIVE', 'INVITED', 'DISABLED'] as const;
export const ZUserStatus = z.enum(USER_STATUSES);

const ZId = z.string().regex(/^[0-9a-f]{24}$/, 'must be a 24-character id');

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

const ZName = (field: string) => z.string().trim().min(1, `${field} is required`).max(100, `${field} must be at most 100 characters`);
export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(255, 'email must be at most 255 characters')
  .regex(EMAIL_PATTERN, 'Enter a valid email');
export const ZPhone = z
  .string()
  .trim()
  .regex(INDIAN_PHONE_PATTERN, 'Enter a valid phone number: +91 and 10 digits (or 13 for M2M numbers)');

export const ZUserCreate = z
  .object({
    firstName: ZName('firstName'),
    lastName: ZName('lastName'),
    avatar: z.url('avatar must be a URL').max(1024).nullish(),
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
    avatar: z.url('avatar must be a URL').max(1024).nullish(),
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
