import { ZOrganizationCreate } from '@tarang/shared/organizations/organization.schemas';
import { z } from 'zod';

const fields = ZOrganizationCreate.shape;
const blankToNull = (value: string): string | null | undefined => (value.trim() === '' ? null : value.trim());

/** The organisation form: the shared schema's field rules on the strings a form holds; blanks become null. */
export const ZOrganizationForm = z.object({
  tradeName: fields.tradeName,
  brandName: z.string().transform(blankToNull).pipe(fields.brandName),
  email: z.string().transform(blankToNull).pipe(fields.email),
  /** '' = no parent (a top-level organisation). */
  parentId: z.string().transform(blankToNull).pipe(fields.parentId),
  status: z.enum(['ACTIVE', 'DISABLED']),
});
export type TOrganizationFormInput = z.input<typeof ZOrganizationForm>;
export type TOrganizationFormOutput = z.output<typeof ZOrganizationForm>;
export const ORGANIZATION_FORM_FIELDS = ['tradeName', 'brandName', 'email', 'parentId', 'status'] as const;

export const AMOUNT_INVALID = 'Enter an amount in rupees with at most two decimals';
const RUPEES = /^\d{1,11}(\.\d{1,2})?$/;

/** Rupees typed with up to two decimals become whole paise; blank = no alert. */
export function rupeesToPaise(value: string): number | null {
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function paiseToRupees(paise: number | null): string {
  if (paise === null) return '';
  const whole = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

const ZId = z.string().regex(/^[0-9a-f]{24}$/, 'must be a 24-character id');

/** The settings form: the low-balance alert in rupees (stored in paise), the default plan id, API access. */
export const ZSettingsForm = z.object({
  lowBalanceAlert: z
    .string()
    .refine((v) => v.trim() === '' || RUPEES.test(v.trim()), AMOUNT_INVALID)
    .transform((v) => (v.trim() === '' ? null : rupeesToPaise(v))),
  defaultPlanId: z.string().transform(blankToNull).pipe(ZId.nullable()),
  apiAccess: z.boolean(),
});
export type TSettingsFormInput = z.input<typeof ZSettingsForm>;
export type TSettingsFormOutput = z.output<typeof ZSettingsForm>;
