import { z } from 'zod';
import { ZListQuery } from '../common/api';
import { multilineText, text, ZId } from '../common/text';
import { paiseAmount } from '../money/amount';
import { OPERATORS } from '../sims/identifiers';

/**
 * Plans and their sharing (issue 14, docs/decisions/025-money-ledger.md). A plan is the provider's product; a
 * blueprint shares it with one organisation at that organisation's price, in integer paise. A reseller shares a plan
 * it holds on to its own children at a price at least its own; its margin is the difference.
 */

export const OVER_LIMIT_ACTIONS = ['BAR', 'THROTTLE', 'CHARGE'] as const;
export const ZOverLimitAction = z.enum(OVER_LIMIT_ACTIONS);
export const PLAN_STATUSES = ['ACTIVE', 'RETIRED'] as const;
export const ZPlanStatus = z.enum(PLAN_STATUSES);

export const PLAN_LIMITS = { dataMb: 10_000_000, smsCount: 1_000_000, validityDays: 3650 } as const;

export const ZPlan = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  operators: z.array(z.enum(OPERATORS)),
  dataMb: z.number().int(),
  smsCount: z.number().int(),
  validityDays: z.number().int(),
  /** The provider's price per SIM (staff only; an organisation sees its own `price`). */
  basePrice: z.number().int().nullable(),
  overLimitAction: ZOverLimitAction,
  status: ZPlanStatus,
  /** The caller's price per SIM: the base price for staff, the blueprint's price for an organisation. */
  price: z.number().int(),
  /** The caller's blueprint of the plan (organisations), null for staff. */
  blueprintId: z.string().nullable(),
  /** Organisations it is shared with, below the caller. */
  sharedCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPlan = z.infer<typeof ZPlan>;

const ZName = text().trim().min(1, 'name is required').max(120, 'name must be at most 120 characters');
const count = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(0, `${field} must be 0 or more`)
    .max(max, `${field} must be at most ${max}`);

const planFields = {
  name: ZName,
  description: multilineText().trim().max(1000, 'description must be at most 1000 characters').nullish(),
  operators: z
    .array(z.enum(OPERATORS))
    .min(1, 'operators needs at least one operator')
    .refine((list) => new Set(list).size === list.length, 'operators must not repeat'),
  dataMb: count('dataMb', PLAN_LIMITS.dataMb),
  smsCount: count('smsCount', PLAN_LIMITS.smsCount),
  validityDays: count('validityDays', PLAN_LIMITS.validityDays).min(1, 'validityDays must be at least 1'),
  basePrice: paiseAmount('basePrice'),
  overLimitAction: ZOverLimitAction,
};

export const ZPlanCreate = z.object(planFields).strict();
export type TPlanCreate = z.infer<typeof ZPlanCreate>;

/**
 * An edit; a new base price applies to activations made after it. `status: 'RETIRED'` retires the plan (no new
 * shares or activations; SIMs on it keep it), `ACTIVE` brings it back.
 */
export const ZPlanUpdate = z
  .object({ ...planFields, status: ZPlanStatus })
  .partial()
  .strict();
export type TPlanUpdate = z.infer<typeof ZPlanUpdate>;

export const ZPlanListQuery = ZListQuery.extend({
  status: ZPlanStatus.optional(),
  operator: z.enum(OPERATORS).optional(),
}).strict();
export type TPlanListQuery = z.infer<typeof ZPlanListQuery>;

export const ZBlueprint = z.object({
  id: z.string(),
  planId: z.string(),
  plan: z.object({ id: z.string(), name: z.string(), status: ZPlanStatus }),
  organizationId: z.string(),
  organization: z.object({ id: z.string(), tradeName: z.string() }),
  price: z.number().int(),
  /** The sharer's blueprint (a reseller's), or null when the provider shared it. */
  parentBlueprintId: z.string().nullable(),
  /** The sharer's price: the base price, or the reseller's own price. Its margin is price − this. */
  sharerPrice: z.number().int(),
  sharedBy: z.object({ organizationId: z.string().nullable(), label: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TBlueprint = z.infer<typeof ZBlueprint>;

/** POST /plans/share: staff share to any organisation; an organisation to one of its children, at ≥ its own price. */
export const ZBlueprintCreate = z.object({ planId: ZId, organizationId: ZId, price: paiseAmount('price') }).strict();
export type TBlueprintCreate = z.infer<typeof ZBlueprintCreate>;

/** PUT /plans/share/{id}: a new price, for activations made after it. */
export const ZBlueprintUpdate = z.object({ price: paiseAmount('price') }).strict();
export type TBlueprintUpdate = z.infer<typeof ZBlueprintUpdate>;

export const ZBlueprintListQuery = ZListQuery.extend({ planId: ZId.optional(), organizationId: ZId.optional() }).strict();
export type TBlueprintListQuery = z.infer<typeof ZBlueprintListQuery>;
