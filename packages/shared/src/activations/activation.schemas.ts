import { z } from 'zod';
import { ZCursor } from '../common/api';
import { isoDateOrDateTime } from '../common/dates';
import { ZId } from '../common/text';
import { withTargetRules, ZJobStatus, ZRequestPreview, ZSimTargets } from '../requests/request.schemas';
import { ZHoldStatus } from '../wallets/wallet.schemas';

/**
 * Activations (issue 14): a plan put on SIMs. Creating one holds price × SIMs on the buyer's wallet at once, then runs
 * an ACTIVATE request. Each SIM that activates captures its part of the hold (the resellers above the buyer earn their
 * margins, the provider its price); each that fails or is cancelled releases its part. Amounts are integer paise.
 */

/** POST /activation: the blueprint (the buyer's plan at its price) and the SIMs, as POST /request takes them. */
export const ZActivationCreate = withTargetRules(ZSimTargets.extend({ blueprintId: ZId }).strict());
export type TActivationCreate = z.infer<typeof ZActivationCreate>;

export const ACTIVATION_STATUSES = ['HELD', 'RUNNING', 'COMPLETED', 'PARTIAL', 'FAILED', 'CANCELLED'] as const;

export const ZActivation = z.object({
  id: z.string(),
  organizationId: z.string(),
  organization: z.object({ id: z.string(), tradeName: z.string() }),
  blueprintId: z.string(),
  plan: z.object({ id: z.string(), name: z.string(), validityDays: z.number().int() }),
  /** The buyer's price per SIM, copied when the activation was made. */
  price: z.number().int(),
  simsCount: z.number().int(),
  amounts: z.object({ held: z.number().int(), captured: z.number().int(), released: z.number().int(), remaining: z.number().int() }),
  holdStatus: ZHoldStatus,
  /** The request's batch job's status. */
  status: ZJobStatus,
  request: z.object({ id: z.string(), batchJobId: z.string(), jobId: z.string() }),
  counts: z.object({ succeeded: z.number().int(), failed: z.number().int(), cancelled: z.number().int() }),
  scheduledAt: z.string().nullable(),
  createdBy: z.object({ id: z.string().nullable(), label: z.string() }).nullable(),
  createdAt: z.string(),
});
export type TActivation = z.infer<typeof ZActivation>;

export const ZActivationCreated = z.object({
  activation: ZActivation.nullable(),
  preview: ZRequestPreview,
  /** What it costs: price × valid SIMs, and the wallet's available balance before. */
  cost: z.object({ price: z.number().int(), sims: z.number().int(), amount: z.number().int(), available: z.number().int() }),
  replayed: z.boolean(),
});
export type TActivationCreated = z.infer<typeof ZActivationCreated>;

export const ZActivationListQuery = z
  .object({
    organizationId: ZId.optional(),
    planId: ZId.optional(),
    status: ZJobStatus.optional(),
    from: isoDateOrDateTime('from').optional(),
    to: isoDateOrDateTime('to').optional(),
    limit: z.coerce.number().int().min(1).max(500).default(25),
    cursor: ZCursor.optional(),
  })
  .strict();
export type TActivationListQuery = z.infer<typeof ZActivationListQuery>;
