import { z } from 'zod';
import { ZCursor } from '../common/api';
import { commaList } from '../common/comma-list';
import { isoDateOrDateTime } from '../common/dates';
import { singleLine, text, trimmedText, ZId } from '../common/text';
import { imeiError, OPERATORS } from './identifiers';
import { SIM_ICCID_LIST_MAX, SIM_PAGE_MAX, SIM_SORTS, SIM_STATUSES } from './sim.constants';

/** An ICCID as a path or list entry: 19 or 20 digits. Unknown ones are 404 (or reported as not found in a batch). */
export const ZIccid = text().regex(/^\d{19,20}$/, 'must be an ICCID of 19 or 20 digits');
export const ZIccidParams = z.object({ iccid: ZIccid }).strict();

export const ZSimStatus = z.enum(SIM_STATUSES);
export const ZOperator = z.enum(OPERATORS);

export const ZSimProfile = z.object({
  ICCID: z.string(),
  IMSI: z.string(),
  MSISDN: z.string().nullable(),
  operator: ZOperator,
});
export type TSimProfile = z.infer<typeof ZSimProfile>;

export const ZSim = z.object({
  id: z.string(),
  /** The primary profile's ICCID: how the SIM is known (`/sim-details?number={ICCID}`). */
  iccid: z.string(),
  primary: ZSimProfile,
  provisioned: z.array(ZSimProfile),
  /** Operators of the profiles, primary first, joined by + ("AIRTEL+BSNL"); derived, never stored. */
  profile: z.string(),
  status: ZSimStatus,
  intendedStatus: ZSimStatus.nullable(),
  statusReason: z.string().nullable(),
  organization: z.object({ id: z.string(), tradeName: z.string() }).nullable(),
  planId: z.string().nullable(),
  activatedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  apn: z.string().nullable(),
  staticIp: z.string().nullable(),
  imeiLock: z.boolean(),
  lockedImei: z.string().nullable(),
  lastImei: z.string().nullable(),
  label: z.string().nullable(),
  tags: z.array(z.string()),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSim = z.infer<typeof ZSim>;

export const ZSimHistoryEvent = z.object({
  id: z.string(),
  occurredAt: z.string(),
  action: z.string(),
  actorLabel: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export const ZSimDetail = ZSim.extend({ history: z.array(ZSimHistoryEvent) });
export type TSimDetail = z.infer<typeof ZSimDetail>;

const ZSearchText = trimmedText()
  .max(24)
  .regex(/^\+?\d+$/, 'search must be digits of an ICCID, IMSI or MSISDN (a leading + for an MSISDN)');

/** The filters every SIM list, export, allocation and roll-back understands. */
export const ZSimFilter = z
  .object({
    status: z.array(ZSimStatus).max(SIM_STATUSES.length).optional(),
    operator: z.array(ZOperator).max(OPERATORS.length).optional(),
    /** An organisation and its descendants. */
    organizationId: ZId.optional(),
    /** true: only provider stock (no organisation). */
    inStock: z.boolean().optional(),
    planId: ZId.optional(),
    expiresFrom: isoDateOrDateTime('expiresFrom').optional(),
    expiresTo: isoDateOrDateTime('expiresTo').optional(),
    imeiLock: z.boolean().optional(),
    tag: trimmedText().min(1).max(50).optional(),
    /** Label prefix, case-insensitive. */
    label: trimmedText().min(1).max(100).optional(),
    /** Digits matched against every profile's ICCID, IMSI and MSISDN by prefix, and ICCID and MSISDN by suffix. */
    search: ZSearchText.optional(),
  })
  .strict();
export type TSimFilter = z.infer<typeof ZSimFilter>;

const ZBoolText = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Query-string form of the filters (comma lists, true/false). */
const filterQueryShape = {
  status: commaList(ZSimStatus, 'status').optional(),
  operator: commaList(ZOperator, 'operator').optional(),
  organizationId: ZId.optional(),
  inStock: ZBoolText.optional(),
  planId: ZId.optional(),
  expiresFrom: isoDateOrDateTime('expiresFrom').optional(),
  expiresTo: isoDateOrDateTime('expiresTo').optional(),
  imeiLock: ZBoolText.optional(),
  tag: trimmedText().min(1).max(50).optional(),
  label: trimmedText().min(1).max(100).optional(),
  search: ZSearchText.optional(),
};

const sortPattern = new RegExp(`^-?(${SIM_SORTS.join('|')})$`);
export const ZSimSortParam = text()
  .regex(sortPattern, `sort must be one of ${SIM_SORTS.join(', ')} (prefix - for descending)`)
  .default('iccid');

export const ZSimListQuery = z
  .object({
    ...filterQueryShape,
    limit: z.coerce.number().int().min(1).max(SIM_PAGE_MAX).default(25),
    cursor: ZCursor.optional(),
    sort: ZSimSortParam,
  })
  .strict();
export type TSimListQuery = z.infer<typeof ZSimListQuery>;

export const ZSimListMeta = z.object({
  limit: z.number(),
  /** Matching SIMs: exact up to 500, above that the planner's estimate (`totalIsEstimate`). */
  total: z.number(),
  totalIsEstimate: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type TSimListMeta = z.infer<typeof ZSimListMeta>;

export const ZSimExportQuery = z
  .object({ ...filterQueryShape, sort: ZSimSortParam, format: z.enum(['csv', 'xlsx']).default('csv') })
  .strict();

export const ZSimExpiringQuery = z
  .object({
    days: z.coerce.number().int().min(1).max(365).default(30),
    limit: z.coerce.number().int().min(1).max(SIM_PAGE_MAX).default(25),
    cursor: ZCursor.optional(),
  })
  .strict();

const ZIccidList = z.array(ZIccid).min(1).max(SIM_ICCID_LIST_MAX);

/** Which SIMs a batch names: a list of ICCIDs (any profile's) or a filter, optionally capped to the first `limit` by ICCID. */
const batchTarget = {
  iccids: ZIccidList.optional(),
  filter: ZSimFilter.optional(),
  limit: z.number().int().min(1).max(50_000_000).optional(),
};
const oneTarget = (v: { iccids?: unknown; filter?: unknown }) => (v.iccids === undefined) !== (v.filter === undefined);
const oneTargetIssue = { message: 'Give either iccids or filter', path: ['iccids'] };

export const ZSimAllocate = z
  .object({ ...batchTarget, organizationId: ZId })
  .strict()
  .refine(oneTarget, oneTargetIssue);
export type TSimAllocate = z.infer<typeof ZSimAllocate>;

export const ZSimRollback = z.object(batchTarget).strict().refine(oneTarget, oneTargetIssue);
export type TSimRollback = z.infer<typeof ZSimRollback>;

const ZTag = text()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[\p{L}\p{N} _.:/-]+$/u, 'tags hold letters, digits, spaces and _ . : / -');

export const ZSimUpdate = z
  .object({
    iccids: ZIccidList,
    label: text().trim().max(100).nullable().optional(),
    /** Replaces the tags. */
    tags: z.array(ZTag).max(20).optional(),
    addTags: z.array(ZTag).max(20).optional(),
    removeTags: z.array(ZTag).max(20).optional(),
    apn: text()
      .trim()
      .max(100)
      .regex(/^[A-Za-z0-9.-]+$/, 'apn holds letters, digits, . and -')
      .nullable()
      .optional(),
    /** One SIM at a time: an address belongs to one SIM. */
    staticIp: z
      .union([singleLine(z.ipv4()), singleLine(z.ipv6())], { error: 'staticIp must be an IPv4 or IPv6 address' })
      .nullable()
      .optional(),
  })
  .strict()
  .refine((v) => ['label', 'tags', 'addTags', 'removeTags', 'apn', 'staticIp'].some((k) => k in v), {
    message: 'Give at least one of label, tags, addTags, removeTags, apn, staticIp',
    path: ['label'],
  })
  .refine((v) => !(v.tags && (v.addTags || v.removeTags)), { message: 'Give tags, or addTags/removeTags, not both', path: ['tags'] })
  .refine((v) => v.staticIp === undefined || v.staticIp === null || v.iccids.length === 1, {
    message: 'A static IP is set on one SIM at a time',
    path: ['staticIp'],
  });
export type TSimUpdate = z.infer<typeof ZSimUpdate>;

export const ZSimStatusQuery = z.object({ iccid: ZIccid }).strict();
export const ZSimStatusView = z.object({
  iccid: z.string(),
  status: ZSimStatus,
  intendedStatus: ZSimStatus.nullable(),
  statusReason: z.string().nullable(),
  /** Statuses this endpoint can move the SIM to now (local transitions only). */
  allowed: z.array(ZSimStatus),
});
export const ZSimStatusChange = z.object({ iccid: ZIccid, status: ZSimStatus, reason: text().trim().min(1).max(200).optional() }).strict();
export type TSimStatusChange = z.infer<typeof ZSimStatusChange>;

const ZImei = text().superRefine((v, ctx) => {
  const error = imeiError(v);
  if (error) ctx.addIssue({ code: 'custom', message: error });
});

export const ZSimImeiLock = z
  .object({
    lock: z.boolean(),
    /** Each SIM with the IMEI to lock to; without one, a lock uses the IMEI the SIM was last seen in. */
    sims: z
      .array(z.object({ iccid: ZIccid, imei: ZImei.optional() }).strict())
      .min(1)
      .max(1000),
  })
  .strict();
export type TSimImeiLock = z.infer<typeof ZSimImeiLock>;

/** The most ICCID–IMEI pairs one file may hold (POST /sim/imeis/file). */
export const IMEI_FILE_PAIRS_MAX = 50_000;
/** The largest file of pairs (about 40 bytes a pair). */
export const IMEI_FILE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * POST /sim/imeis/file: how many SIMs were locked, and each row that was not — malformed, listed twice, not found or
 * not lockable — by its line in the file (the first 1,000; `rejected` counts them all).
 */
export const ZImeiFileResult = z.object({
  updated: z.number().int(),
  rejected: z.number().int(),
  rows: z.array(z.object({ row: z.number().int(), iccid: z.string(), reason: z.string() })),
});
export type TImeiFileResult = z.infer<typeof ZImeiFileResult>;

export const OPERATION_KINDS = ['ALLOCATE', 'ROLLBACK', 'UPLOAD'] as const;
export const OPERATION_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;

export const ZSimOperation = z.object({
  id: z.string(),
  kind: z.enum(OPERATION_KINDS),
  status: z.enum(OPERATION_STATUSES),
  /** SIMs (or rows of a file) to go through; for a file, an estimate until it is read to the end. */
  total: z.number().int(),
  totalIsEstimate: z.boolean(),
  processed: z.number().int(),
  /** SIMs moved, or rows added. */
  succeeded: z.number().int(),
  /** SIMs not moved (status, reach), or rows rejected (format, duplicates, already present). */
  skipped: z.number().int(),
  /** Rows of a file whose SIM was already present (a part of `skipped`). */
  alreadyPresent: z.number().int(),
  error: z.string().nullable(),
  fileName: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TSimOperation = z.infer<typeof ZSimOperation>;

export const ZSimBatchResult = z.object({
  operation: ZSimOperation,
  /** Up to 100 ICCIDs that were not moved, with why. */
  skipped: z.array(z.object({ iccid: z.string(), reason: z.string() })),
});
export type TSimBatchResult = z.infer<typeof ZSimBatchResult>;

export const ZSimUpdateResult = z.object({
  updated: z.number().int(),
  notFound: z.array(z.string()),
});

export const ZTemplateQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }).strict();

/** What a search text means: digits, and whether it was written with a leading + (an MSISDN). */
export function parseSimSearch(text: string): { digits: string; plus: boolean } {
  const trimmed = text.trim();
  return { digits: trimmed.replace(/^\+/, ''), plus: trimmed.startsWith('+') };
}
