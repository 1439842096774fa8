import { z } from 'zod';
import { ZListQuery } from '../common/api';
import { text, ZId } from '../common/text';
import { ZEmail } from '../users/user.schemas';

const settingsFields = {
  /** Alert when the wallet's available balance falls below this many paise. */
  lowBalanceAlertPaise: z.number().int('must be whole paise').min(0).max(1e13).nullable(),
  defaultPlanId: ZId.nullable(),
  apiAccess: z.boolean(),
};

export const ZOrganizationSettings = z
  .object({
    lowBalanceAlertPaise: settingsFields.lowBalanceAlertPaise.default(null),
    defaultPlanId: settingsFields.defaultPlanId.default(null),
    apiAccess: settingsFields.apiAccess.default(false),
  })
  .strict();
export type TOrganizationSettings = z.infer<typeof ZOrganizationSettings>;

export const ZOrganization = z.object({
  id: z.string(),
  tradeName: z.string(),
  brandName: z.string().nullable(),
  email: z.string().nullable(),
  parentId: z.string().nullable(),
  status: z.enum(['ACTIVE', 'DISABLED']),
  settings: ZOrganizationSettings,
  childrenCount: z.number().int().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TOrganization = z.infer<typeof ZOrganization>;

const ZTradeName = text().trim().min(1, 'tradeName is required').max(200, 'tradeName must be at most 200 characters');

export const ZOrganizationCreate = z
  .object({
    tradeName: ZTradeName,
    brandName: text().trim().max(200, 'brandName must be at most 200 characters').nullish(),
    email: ZEmail.nullish(),
    parentId: ZId.nullish(),
  })
  .strict();
export type TOrganizationCreate = z.infer<typeof ZOrganizationCreate>;

export const ZOrganizationUpdate = z
  .object({
    tradeName: ZTradeName.optional(),
    brandName: text().trim().max(200).nullish(),
    email: ZEmail.nullish(),
    parentId: ZId.nullish(),
    status: z.enum(['ACTIVE', 'DISABLED']).optional(),
  })
  .strict();
export type TOrganizationUpdate = z.infer<typeof ZOrganizationUpdate>;

/** Keys left out keep their saved value: no defaults here (zod 4 fills defaults even inside partial(), which overwrote them). */
export const ZOrganizationSettingsUpdate = z.object(settingsFields).partial().strict();

export const ZOrganizationListQuery = ZListQuery.extend({ parentId: ZId.optional() }).strict();
