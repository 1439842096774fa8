import { z } from 'zod';
import { ZCursor } from '../common/api';
import { isoDateOrDateTime, isoDateTime } from '../common/dates';
import { multilineText, text, trimmedText, ZId } from '../common/text';
import { OPERATORS } from '../sims/identifiers';
import { ZIccid, ZSimFilter, ZSimStatus } from '../sims/sim.schemas';
import {
  CHECKPOINT_STEPS,
  JOB_STATUS_CHANGES,
  JOB_STATUSES,
  MNO_JOB_MODES,
  MNO_JOB_STATUSES,
  REQUEST_FILE_ROWS_MAX,
  REQUEST_ICCID_LIST_MAX,
  REQUEST_TYPES,
  SIM_ACTION_TYPES,
  TASK_STATUSES,
} from './request.constants';

const ZImei = text().regex(/^\d{15}$/, 'imei must be 15 digits');

export const ZRequestType = z.enum(REQUEST_TYPES);
export const ZSimActionType = z.enum(SIM_ACTION_TYPES);
export const ZJobStatus = z.enum(JOB_STATUSES);
export const ZTaskStatus = z.enum(TASK_STATUSES);
export const ZMnoJobStatus = z.enum(MNO_JOB_STATUSES);
export const ZCheckpointStep = z.enum(CHECKPOINT_STEPS);
export const ZOperatorName = z.enum(OPERATORS);

/**
 * POST /request (and PUT /sim/bulk-action). The SIMs: an ICCID list (any profile's ICCID; rows are reported by
 * their position), a file of ICCIDs uploaded through POST /request/file (`fileId`; rows are reported by the file's
 * row numbers) or an inventory filter (optionally the first `limit` by ICCID). `dryRun` answers the per-SIM
 * preview and creates nothing. When some SIMs cannot take the change, the request is refused (422, each row named)
 * unless `proceedWithValid` says to go ahead with the others.
 */
const requestCreateShape = {
  type: ZSimActionType,
  iccids: z.array(ZIccid).min(1).max(REQUEST_ICCID_LIST_MAX).optional(),
  filter: ZSimFilter.optional(),
  fileId: ZId.optional(),
  limit: z.number().int().min(1).max(50_000_000).optional(),
  /** Start at this time instead of now. */
  scheduledAt: isoDateTime('scheduledAt').optional(),
  reason: multilineText().trim().min(1).max(500).optional(),
  /** IMEI_LOCK: lock every SIM to this IMEI; without it, each SIM's last-seen IMEI. */
  imei: ZImei.optional(),
  dryRun: z.boolean().optional(),
  proceedWithValid: z.boolean().optional(),
};
type TTargetish = { iccids?: unknown; filter?: unknown; fileId?: unknown; limit?: unknown };
const oneTarget = (v: TTargetish) => [v.iccids, v.filter, v.fileId].filter((t) => t !== undefined).length === 1;
const oneTargetIssue = { message: 'Give one of iccids, fileId or filter', path: ['iccids'] };
const limitWithFilter = (v: TTargetish) => v.limit === undefined || v.filter !== undefined;
const limitIssue = { message: 'limit goes with a filter', path: ['limit'] };

/** The SIMs of a request and when it starts, without its type: POST /activation takes them beside its blueprint. */
export const ZSimTargets = z.object({
  iccids: requestCreateShape.iccids,
  filter: requestCreateShape.filter,
  fileId: requestCreateShape.fileId,
  limit: requestCreateShape.limit,
  scheduledAt: requestCreateShape.scheduledAt,
  dryRun: requestCreateShape.dryRun,
  proceedWithValid: requestCreateShape.proceedWithValid,
});

/** The rules every body naming SIMs keeps: one of iccids, fileId or filter; limit only with a filter. */
export function withTargetRules<T extends z.ZodType<TTargetish>>(schema: T) {
  return schema.refine(oneTarget, oneTargetIssue).refine(limitWithFilter, limitIssue);
}

export const ZRequestCreate = z
  .object(requestCreateShape)
  .strict()
  .refine(oneTarget, oneTargetIssue)
  .refine(limitWithFilter, limitIssue)
  .refine((v) => v.type !== 'TERMINATE' || !!v.reason, { message: 'Give the reason for the termination', path: ['reason'] })
  .refine((v) => v.imei === undefined || v.type === 'IMEI_LOCK', { message: 'imei goes with IMEI_LOCK', path: ['imei'] });
/** POST /termination: a TERMINATE request (the reason is required; termination is final). */
export const ZTerminationCreate = z
  .object({ ...requestCreateShape, type: undefined, imei: undefined, reason: multilineText().trim().min(1).max(500) })
  .omit({ type: true, imei: true })
  .strict()
  .refine(oneTarget, oneTargetIssue)
  .refine(limitWithFilter, limitIssue);
export type TRequestCreate = z.infer<typeof ZRequestCreate>;

/** A line of an ICCID file that is not an ICCID: its row (the header is row 1), what it held and why. */
export const ZRequestFileIssue = z.object({ row: z.number().int(), value: z.string(), reason: z.string() });

/**
 * POST /request/file: a CSV or XLSX file of ICCIDs (a column `iccid`, or the first column), kept for the uploader to
 * name in POST /request as `fileId`. Lines that hold no valid ICCID are left out and reported (up to 1,000).
 */
export const ZRequestFile = z.object({
  id: z.string(),
  fileName: z.string(),
  /** The ICCIDs kept, in file order (at most REQUEST_FILE_ROWS_MAX). */
  count: z.number().int().max(REQUEST_FILE_ROWS_MAX),
  /** Lines left out. */
  rejected: z.number().int(),
  rows: z.array(ZRequestFileIssue),
  createdAt: z.string(),
});
export type TRequestFile = z.infer<typeof ZRequestFile>;

export const ZRequestRowIssue = z.object({ row: z.number().int().nullable(), iccid: z.string(), reason: z.string() });

/** The per-SIM validation of a request: counts, and the rows left out (up to 1,000) with why. */
export const ZRequestPreview = z.object({
  type: ZRequestType,
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Valid SIMs per operator of their primary profile. */
  operators: z.record(z.string(), z.number().int()),
  profile: z.string(),
  rows: z.array(ZRequestRowIssue),
  /** For a filter: invalid SIMs per reason. */
  reasons: z.record(z.string(), z.number().int()),
});
export type TRequestPreview = z.infer<typeof ZRequestPreview>;

export const ZTaskCounts = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  inFlight: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
});
export type TTaskCounts = z.infer<typeof ZTaskCounts>;

const ZWho = z.object({ id: z.string().nullable(), label: z.string() });

export const ZJob = z.object({
  id: z.string(),
  batchJobId: z.string(),
  requestId: z.string(),
  type: z.string(),
  status: ZJobStatus,
  statusReason: z.string().nullable(),
  simsCount: z.number().int(),
  profile: z.string(),
  organization: z.object({ id: z.string(), tradeName: z.string() }).nullable(),
  counts: ZTaskCounts,
  scheduledAt: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TJob = z.infer<typeof ZJob>;

export const ZRequest = z.object({
  id: z.string(),
  type: z.string(),
  status: ZJobStatus,
  batchJobId: z.string(),
  jobId: z.string(),
  simsCount: z.number().int(),
  profile: z.string(),
  reason: z.string().nullable(),
  organization: z.object({ id: z.string(), tradeName: z.string() }).nullable(),
  createdBy: ZWho,
  counts: ZTaskCounts,
  scheduledAt: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** What was asked: the ICCIDs (first 20, of a list or a file) or the filter. */
  target: z.object({
    iccids: z.array(z.string()).optional(),
    iccidCount: z.number().int().optional(),
    fileId: z.string().optional(),
    fileName: z.string().optional(),
    filter: z.unknown().optional(),
    limit: z.number().int().optional(),
  }),
});
export type TRequest = z.infer<typeof ZRequest>;

/** The answer of POST /request: the request (null for a dry run), the per-SIM preview, and whether an Idempotency-Key replayed it. */
export const ZRequestCreated = z.object({ request: ZRequest.nullable(), preview: ZRequestPreview, replayed: z.boolean() });

export const ZListMetaCursor = z.object({ limit: z.number(), nextCursor: z.string().nullable() });

export const ZRequestListQuery = z
  .object({
    type: ZRequestType.optional(),
    status: ZJobStatus.optional(),
    organizationId: ZId.optional(),
    batchJobId: trimmedText().min(1).max(40).optional(),
    from: isoDateOrDateTime('from').optional(),
    to: isoDateOrDateTime('to').optional(),
    limit: z.coerce.number().int().min(1).max(500).default(25),
    cursor: ZCursor.optional(),
  })
  .strict();
export type TRequestListQuery = z.infer<typeof ZRequestListQuery>;

export const ZJobListQuery = ZRequestListQuery;

export const ZJobCounts = z.object({ total: z.number().int(), byStatus: z.record(z.string(), z.number().int()) });

export const ZJobTask = z.object({
  id: z.string(),
  iccid: z.string(),
  operator: z.string(),
  status: ZTaskStatus,
  fromStatus: ZSimStatus.nullable(),
  targetStatus: ZSimStatus.nullable(),
  tries: z.number().int(),
  error: z.string().nullable(),
  doneBy: z.enum(['OPERATOR', 'MANUAL']).nullable(),
  mnoJobId: z.string(),
  updatedAt: z.string(),
});

export const ZJobTasksQuery = z
  .object({
    status: ZTaskStatus.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
    cursor: text()
      .regex(/^\d{1,18}$/, 'cursor must be the nextCursor of an earlier page')
      .optional(),
  })
  .strict();

export const ZJobStatusChange = z.object({ status: z.enum(JOB_STATUS_CHANGES), reason: multilineText().trim().min(1).max(500) }).strict();

export const ZProgress = z.object({ status: ZJobStatus, counts: ZTaskCounts, percent: z.number(), finishedAt: z.string().nullable() });

export const ZMnoJob = z.object({
  id: z.string(),
  jobId: z.string(),
  batchJobId: z.string(),
  requestId: z.string(),
  operator: z.string(),
  operation: z.string(),
  status: ZMnoJobStatus,
  mode: z.enum(MNO_JOB_MODES),
  counts: ZTaskCounts,
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const ZMnoJobListQuery = z
  .object({
    operator: ZOperatorName.optional(),
    status: ZMnoJobStatus.optional(),
    batchJobId: trimmedText().min(1).max(40).optional(),
    from: isoDateOrDateTime('from').optional(),
    to: isoDateOrDateTime('to').optional(),
    limit: z.coerce.number().int().min(1).max(500).default(25),
    cursor: ZCursor.optional(),
  })
  .strict();

/** Mark As Done: the named SIMs of the MNO job, or every task not yet done. */
export const ZMnoMarkDone = z
  .object({ iccids: z.array(ZIccid).min(1).max(REQUEST_ICCID_LIST_MAX).optional(), note: multilineText().trim().max(500).optional() })
  .strict();

export const ZMnoActionResult = z.object({
  updated: z.number().int(),
  skipped: z.array(z.object({ iccid: z.string(), reason: z.string() })),
  mnoJob: ZMnoJob,
});

export const ZCheckpoint = z.object({
  step: ZCheckpointStep,
  label: z.string(),
  doneAt: z.string().nullable(),
  doneBy: ZWho.nullable(),
  automatic: z.boolean(),
  note: z.string().nullable(),
});

export const ZCheckpointUpdate = z
  .object({ step: ZCheckpointStep, done: z.boolean(), note: multilineText().trim().max(500).optional() })
  .strict();

export const ZRequestMessage = z.object({
  id: z.string(),
  author: ZWho,
  fromStaff: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
});
export const ZRespond = z.object({ body: multilineText().trim().min(1).max(4000) }).strict();
export const ZClose = z.object({ note: multilineText().trim().max(500).optional() }).strict();

export const ZInsights = z.object({
  tasks: z.object({ total: z.number().int(), byOperator: z.number().int(), byHand: z.number().int(), automaticPercent: z.number() }),
  checkpoints: z.object({ automatic: z.number().int(), manual: z.number().int(), open: z.number().int() }),
  retries: z.object({ tasksRetried: z.number().int(), extraTries: z.number().int() }),
  /** Time between consecutive checkpoints that are done, in milliseconds. */
  stages: z.array(z.object({ from: ZCheckpointStep, to: ZCheckpointStep, ms: z.number().int() })),
  totalMs: z.number().int().nullable(),
});

/** Operator gateway limits and the simulator's behaviour, per operator; staff change them at run time. */
export const ZGatewaySettings = z.object({
  operator: ZOperatorName,
  adapter: z.string(),
  batchSize: z.number().int(),
  ratePerSecond: z.number().int(),
  timeoutMs: z.number().int(),
  maxAttempts: z.number().int(),
  latencyMs: z.number().int(),
  processingMs: z.number().int(),
  failureRate: z.number(),
  transientFailureRate: z.number(),
  outage: z.boolean(),
  /** Most entries of one IP group, and numbers of one number group, the operator takes on a SIM (issue 15). */
  whitelistIpLimit: z.number().int(),
  whitelistNumberLimit: z.number().int(),
  updatedAt: z.string(),
});
export type TGatewaySettings = z.infer<typeof ZGatewaySettings>;
/** simulator: the shipped adapter; manual: MNO jobs wait for staff to work them at the operator's portal. */
export const GATEWAY_ADAPTERS = ['simulator', 'manual'] as const;
export const ZGatewaySettingsUpdate = z
  .object({
    adapter: z.enum(GATEWAY_ADAPTERS).optional(),
    batchSize: z.number().int().min(1).max(10_000).optional(),
    /** SIMs per second sent to this operator, across every worker; 0 = no limit. */
    ratePerSecond: z.number().int().min(0).max(1_000_000).optional(),
    timeoutMs: z.number().int().min(10).max(600_000).optional(),
    maxAttempts: z.number().int().min(1).max(20).optional(),
    latencyMs: z.number().int().min(0).max(600_000).optional(),
    processingMs: z.number().int().min(0).max(86_400_000).optional(),
    failureRate: z.number().min(0).max(1).optional(),
    transientFailureRate: z.number().min(0).max(1).optional(),
    outage: z.boolean().optional(),
    whitelistIpLimit: z.number().int().min(1).max(10_000).optional(),
    whitelistNumberLimit: z.number().int().min(1).max(100_000).optional(),
  })
  .strict();
export const ZOperatorParams = z.object({ operator: ZOperatorName }).strict();

export const ZMnoReportQuery = z
  .object({ from: isoDateOrDateTime('from').optional(), to: isoDateOrDateTime('to').optional(), operator: ZOperatorName.optional() })
  .strict();
export const ZMnoReportRow = z.object({
  operator: z.string(),
  operation: z.string(),
  mnoJobs: z.number().int(),
  tasks: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  pending: z.number().int(),
  byHand: z.number().int(),
  successPercent: z.number(),
  avgMs: z.number().int().nullable(),
});
