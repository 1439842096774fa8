import { ZOrganizationCreate } from '@tarang/shared/organizations/organization.schemas';
import { z } from 'zod';
import { ZPaiseInput } from '@/components/form/fields/money';

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

const ZId = z.string().regex(/^[0-9a-f]{24}$/, 'must be a 24-character id');

/** The settings form: the low-balance alert (paise, typed in rupees), the default plan id, API access. */
export const ZSettingsForm = z.object({
  lowBalanceAlertPaise: ZPaiseInput,
  defaultPlanId: z.string().transform(blankToNull).pipe(ZId.nullable()),
  apiAccess: z.boolean(),
});
