import { z } from 'zod';
import { ZListQuery } from '../common/api';
import { multilineText, text } from '../common/text';
import { ZRequest } from '../requests/request.schemas';
import { ZIccid } from './sim.schemas';

/**
 * SIM replacement (issue 16, docs/decisions/030-sim-replacement.md): a REPLACE request moves a SIM's number at its
 * operator to a new SIM of the same organisation and operator, then moves the plan and its expiry, whitelists, IMEI lock,
 * APN and static IP, label and tags to it; the old SIM ends REPLACED. One pair, or many from a CSV or XLSX file.
 */

/** Pairs one file may hold. */
export const REPLACE_FILE_PAIRS_MAX = 50_000;
export const REPLACE_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** Refused rows an answer lists (it counts them all). */
export const REPLACE_ROWS_REPORTED_MAX = 1000;

/** SIM statuses that can be replaced, and those a SIM taking over may have. */
export const REPLACEABLE_STATUSES = ['ACTIVE', 'SUSPENDED', 'BARRED'] as const;
export const REPLACEMENT_STATUSES = ['IN_STOCK', 'ALLOCATED'] as const;

const reason = multilineText().trim().min(1, 'Give the reason for the replacement').max(500);

/** POST /sim/replace: one pair. */
export const ZSimReplace = z
  .object({
    oldIccid: ZIccid,
    newIccid: ZIccid,
    reason,
    /** Check the pair and make nothing. */
    dryRun: z.boolean().optional(),
  })
  .strict()
  .refine((v) => v.oldIccid !== v.newIccid, { message: 'The new SIM must be another SIM', path: ['newIccid'] });
export type TSimReplace = z.infer<typeof ZSimReplace>;

/** POST /sim/replace/file: the file is the body (multipart `file`, columns oldIccid, newIccid and optionally reason). */
export const ZReplaceFileQuery = z
  .object({
    /** The reason of rows that give none (one line). */
    reason: text().trim().min(1).max(500).optional(),
    dryRun: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
  })
  .strict();
export type TReplaceFileQuery = z.infer<typeof ZReplaceFileQuery>;

/** A pair not taken: its line in the file (1 for a single pair), the ICCIDs it named, and why. */
export const ZReplaceRefusal = z.object({
  row: z.number().int(),
  oldIccid: z.string(),
  newIccid: z.string(),
  /** The field the reason is about. */
  field: z.enum(['oldIccid', 'newIccid', 'reason']),
  reason: z.string(),
});
export type TReplaceRefusal = z.infer<typeof ZReplaceRefusal>;

/** What a replacement (one pair, or a file) made: the request, or with `dryRun` only the check. */
export const ZReplaceResult = z.object({
  request: ZRequest.nullable(),
  /** Pairs that go (or would go, on a dry run). */
  accepted: z.number().int(),
  rejectedCount: z.number().int(),
  /** The first REPLACE_ROWS_REPORTED_MAX pairs not taken. */
  rejected: z.array(ZReplaceRefusal),
  replayed: z.boolean(),
});
export type TReplaceResult = z.infer<typeof ZReplaceResult>;

/**
 * Where a replacement stands: WAITING (not at the operator yet), AT_OPERATOR, DONE (the number moved and everything
 * with it), FAILED (nothing moved: both SIMs as they were; Retry sends it again), CANCELLED.
 */
export const REPLACEMENT_STATES = ['WAITING', 'AT_OPERATOR', 'DONE', 'FAILED', 'CANCELLED'] as const;
export type TReplacementState = (typeof REPLACEMENT_STATES)[number];

const ZReplacedSim = z.object({ id: z.string(), iccid: z.string(), status: z.string() });

export const ZReplacement = z.object({
  id: z.string(),
  old: ZReplacedSim,
  new: ZReplacedSim,
  operator: z.string(),
  organization: z.object({ id: z.string(), tradeName: z.string() }).nullable(),
  reason: z.string(),
  state: z.enum(REPLACEMENT_STATES),
  /** The operator's refusal or why the pair could not be sent. */
  error: z.string().nullable(),
  requestId: z.string(),
  batchJobId: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** What moved to the new SIM (once DONE). */
  moved: z
    .object({
      msisdns: z.array(z.object({ operator: z.string(), msisdn: z.string().nullable() })),
      planId: z.string().nullable(),
      expiresAt: z.string().nullable(),
      whitelists: z.number().int(),
      imeiLock: z.boolean(),
      staticIp: z.string().nullable(),
      label: z.string().nullable(),
      tags: z.array(z.string()),
    })
    .nullable(),
});
export type TReplacement = z.infer<typeof ZReplacement>;

/** GET /sim/replacements: newest first, optionally those of a SIM (old or new) or in a state. */
export const ZReplacementListQuery = ZListQuery.pick({ page: true, limit: true })
  .extend({
    iccid: ZIccid.optional(),
    state: z.enum(REPLACEMENT_STATES).optional(),
  })
  .strict();
export const ZReplacementListMeta = z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() });
export type TReplacementListQuery = z.infer<typeof ZReplacementListQuery>;
