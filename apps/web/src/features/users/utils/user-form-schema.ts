import { PASSWORD_MAX, PASSWORD_MIN, PHONE_DEFAULT_PREFIX } from '@tarang/shared/common/limits';
import { MESSAGES } from '@tarang/shared/common/messages';
import { ZUserCreate, ZUserStatus } from '@tarang/shared/users/user.schemas';
import { z } from 'zod';

const fields = ZUserCreate.shape;

const blankToNull = (value: string): string | null | undefined => (value.trim() === '' ? null : value);

/** Spaces and dashes are dropped; a number without +91 (the phone field adds it) gets it (spec §9 default prefix). */
export function normalizePhone(value: string): string | null | undefined {
  const compact = value.replace(/[\s-]/g, '');
  if (!compact) return null;
  if (/^\d{10}$/.test(compact) || /^\d{13}$/.test(compact)) return `${PHONE_DEFAULT_PREFIX}${compact}`;
  return compact;
}

export const CHOOSE_ROLE = 'Choose a role';

/**
 * The user form: the shared schema's own field rules (ZUserCreate), on the strings a form holds.
 * Blank optional fields become null; the initial password is checked here and sealed on submit.
 */
export const ZUserForm = z
  .object({
    firstName: fields.firstName,
    lastName: fields.lastName,
    email: z.string().transform(blankToNull).pipe(fields.email),
    phone: z.string().transform(normalizePhone).pipe(fields.phone),
    avatar: z.string().transform(blankToNull).pipe(fields.avatar),
    /** '' = no organisation (a staff user). */
    organizationId: z.string().transform(blankToNull).pipe(fields.organizationId),
    role: z.string().min(1, CHOOSE_ROLE).pipe(fields.role),
    status: ZUserStatus,
    access: z.enum(['invite', 'password']),
    password: z.string(),
  })
  .superRefine((values, ctx) => {
    if (!values.email && !values.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Give an email or a phone number' });
    if (values.access === 'password') {
      if (!values.password) ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.passwordRequired });
      else if (values.password.length < PASSWORD_MIN)
        ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.newPasswordTooShort });
      else if (values.password.length > PASSWORD_MAX)
        ctx.addIssue({ code: 'custom', path: ['password'], message: `password must be at most ${PASSWORD_MAX} characters` });
    }
  });
