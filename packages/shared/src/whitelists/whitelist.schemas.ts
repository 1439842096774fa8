import { z } from 'zod';
import { ZListQuery } from '../common/api';
import { multilineText, text, trimmedText, ZId } from '../common/text';
import { withTargetRules, ZSimTargets } from '../requests/request.schemas';
import { OPERATORS } from '../sims/identifiers';
import { IP_PROTOCOLS } from './ip-entries';

/**
 * IP groups and number groups (issue 15, docs/decisions/026-whitelisting.md). An organisation names the destinations
 * (IP groups) and numbers (number groups) its SIMs may reach; the operators enforce them once a group is applied to
 * SIMs. An IP group, and every change to one, is reviewed by staff before it can be applied.
 */

export const IP_GROUP_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const ZIpGroupStatus = z.enum(IP_GROUP_STATUSES);
/** The review of a group's newest entries: PENDING until staff approve or reject them. */
export const REVIEW_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const ZReviewStatus = z.enum(REVIEW_STATUSES);

/** Each operator's limits unless staff set others on its gateway: entries of one IP group, numbers of one group. */
export const WHITELIST_DEFAULT_LIMITS = { ipEntries: 50, numbers: 100 } as const;
/** Entries one call may name (the operator limit is checked after duplicates are merged). */
export const IP_GROUP_INPUT_MAX = 1000;
/** Numbers one call may add (a list or a file); a group holds at most the largest operator limit. */
export const NUMBERS_INPUT_MAX = 10_000;
/** The largest CSV or XLSX file of numbers (POST /whitelist/number-group/{id}/numbers/file). */
export const NUMBERS_FILE_MAX_BYTES = 1024 * 1024;
/** Refused rows of a file reported one by one (the count is complete). */
export const NUMBERS_FILE_ROWS_REPORTED_MAX = 1000;

export const ZIpEntry = z.object({
  address: z.string(),
  protocol: z.enum(IP_PROTOCOLS),
  portFrom: z.number().int(),
  portTo: z.number().int(),
});

/** A destination as typed: the server checks it (ip-entries.ts) and answers every problem by entry and field. */
export const ZIpEntryInput = z
  .object({
    address: text().max(100, 'address must be at most 100 characters'),
    protocol: z.enum(IP_PROTOCOLS).optional(),
    ports: text().max(20, 'ports must be at most 20 characters').optional(),
  })
  .strict();

const ZName = trimmedText().min(1, 'name is required').max(100, 'name must be at most 100 characters');
const ZDescription = multilineText().trim().max(500, 'description must be at most 500 characters').nullish();
const ZActor = z.object({ id: z.string().nullable(), label: z.string() }).nullable();
const ZOrganizationRef = z.object({ id: z.string(), tradeName: z.string() });

export const ZIpGroup = z.object({
  id: z.string(),
  organizationId: z.string(),
  organization: ZOrganizationRef,
  name: z.string(),
  description: z.string().nullable(),
  status: ZIpGroupStatus,
  reviewStatus: ZReviewStatus,
  /** Why staff rejected the newest entries (shown to the customer). */
  reviewReason: z.string().nullable(),
  reviewedBy: ZActor,
  reviewedAt: z.string().nullable(),
  /** The approved entries, the ones applied to SIMs; empty until the first approval. */
  entries: z.array(ZIpEntry),
  /** Entries waiting for review (PENDING) or rejected (REJECTED); null when the approved ones are the newest. */
  proposedEntries: z.array(ZIpEntry).nullable(),
  createdBy: ZActor,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TIpGroup = z.infer<typeof ZIpGroup>;

/** What a save said besides the group: duplicates merged (by the index of the entry sent). */
export const ZIpGroupSaved = z.object({
  group: ZIpGroup,
  merged: z.array(z.object({ index: z.number().int(), duplicateOf: z.number().int() })),
});
export type TIpGroupSaved = z.infer<typeof ZIpGroupSaved>;

export const ZIpGroupCreate = z
  .object({
    /** Whose group: staff name the organisation; an organisation user may leave it out (their own). */
    organizationId: ZId.optional(),
    name: ZName,
    description: ZDescription,
    entries: z.array(ZIpEntryInput).max(IP_GROUP_INPUT_MAX, `entries must be at most ${IP_GROUP_INPUT_MAX}`),
  })
  .strict();
export type TIpGroupCreate = z.infer<typeof ZIpGroupCreate>;

/** A change: new entries go to review (the approved ones stay applied until then); a new name or description does not. */
export const ZIpGroupUpdate = z
  .object({
    name: ZName,
    description: ZDescription,
    entries: z.array(ZIpEntryInput).max(IP_GROUP_INPUT_MAX, `entries must be at most ${IP_GROUP_INPUT_MAX}`),
  })
  .partial()
  .strict();
export type TIpGroupUpdate = z.infer<typeof ZIpGroupUpdate>;

export const ZIpGroupReject = z
  .object({ reason: trimmedText().min(3, 'reason must be at least 3 characters').max(500, 'reason must be at most 500 characters') })
  .strict();
export const ZIpGroupStatusChange = z.object({ status: ZIpGroupStatus }).strict();

export const ZIpGroupListQuery = ZListQuery.extend({
  status: ZIpGroupStatus.optional(),
  reviewStatus: ZReviewStatus.optional(),
  organizationId: ZId.optional(),
}).strict();
export type TIpGroupListQuery = z.infer<typeof ZIpGroupListQuery>;

// ─── number groups ─────────────────────────────────────────────────────────────────────────────

export const ZNumberGroup = z.object({
  id: z.string(),
  organizationId: z.string(),
  organization: ZOrganizationRef,
  name: z.string(),
  description: z.string().nullable(),
  numbersCount: z.number().int(),
  createdBy: ZActor,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TNumberGroup = z.infer<typeof ZNumberGroup>;

const ZNumbersInput = z
  .array(text().max(40, 'a number must be at most 40 characters'))
  .max(NUMBERS_INPUT_MAX, `numbers must be at most ${NUMBERS_INPUT_MAX}`);

export const ZNumberGroupCreate = z
  .object({ organizationId: ZId.optional(), name: ZName, description: ZDescription, numbers: ZNumbersInput.optional() })
  .strict();
export type TNumberGroupCreate = z.infer<typeof ZNumberGroupCreate>;

export const ZNumberGroupUpdate = z.object({ name: ZName, description: ZDescription }).partial().strict();
export type TNumberGroupUpdate = z.infer<typeof ZNumberGroupUpdate>;

export const ZNumbersAdd = z.object({ numbers: ZNumbersInput.min(1, 'numbers needs at least one number') }).strict();
export type TNumbersAdd = z.infer<typeof ZNumbersAdd>;

export const ZWhitelistNumber = z.object({
  number: z.string(),
  createdBy: ZActor,
  createdAt: z.string(),
});
export type TWhitelistNumber = z.infer<typeof ZWhitelistNumber>;

/**
 * What adding numbers did: the ones added, the ones already in the group, and rows refused (a file's line numbers;
 * the first NUMBERS_FILE_ROWS_REPORTED_MAX of them, `rejectedCount` counting all).
 */
export const ZNumbersAdded = z.object({
  added: z.number().int(),
  alreadyThere: z.number().int(),
  rejected: z.array(z.object({ row: z.number().int(), value: z.string(), message: z.string() })),
  rejectedCount: z.number().int(),
  group: ZNumberGroup,
});
export type TNumbersAdded = z.infer<typeof ZNumbersAdded>;

export const ZNumberGroupListQuery = ZListQuery.extend({ organizationId: ZId.optional() }).strict();
export type TNumberGroupListQuery = z.infer<typeof ZNumberGroupListQuery>;

export const ZNumberListQuery = ZListQuery.pick({ page: true, limit: true, search: true }).strict();
export const ZNumberParams = z.object({ id: ZId, number: text().max(40) }).strict();

// ─── whitelists on SIMs ────────────────────────────────────────────────────────────────────────

export const WHITELIST_KINDS = ['IP', 'NUMBER'] as const;
export type TWhitelistKind = (typeof WHITELIST_KINDS)[number];
/**
 * A profile's whitelist as the operator holds it: SCHEDULED (a request waits for its time), PENDING (at the operator),
 * APPLIED, DRIFTED (a reconcile found the operator holding something else), FAILED (the operator's error), REMOVED
 * (taken off by Cancel Whitelist).
 */
export const WHITELIST_SYNC_STATES = ['SCHEDULED', 'PENDING', 'APPLIED', 'DRIFTED', 'FAILED', 'REMOVED'] as const;
export const ZWhitelistSyncState = z.enum(WHITELIST_SYNC_STATES);
export type TWhitelistSyncState = z.infer<typeof ZWhitelistSyncState>;

/** POST /whitelist/ip and /whitelist/numbers: a group onto each profile of the SIMs (replacing what they hold). */
export const ZWhitelistApply = withTargetRules(ZSimTargets.extend({ groupId: ZId }).strict());
export type TWhitelistApply = z.infer<typeof ZWhitelistApply>;
/** POST /whitelist/ip/cancel and /whitelist/numbers/cancel: Cancel Whitelist, now or at `scheduledAt`. */
export const ZWhitelistCancel = withTargetRules(ZSimTargets.strict());
export type TWhitelistCancel = z.infer<typeof ZWhitelistCancel>;
/** POST /whitelist/ip/delete and /whitelist/numbers/delete: Delete — the whitelist taken off now. */
export const ZWhitelistDelete = withTargetRules(ZSimTargets.omit({ scheduledAt: true }).strict());

/**
 * Why a profile may need its group applied again: the operator holds something else (DRIFTED), refused it (FAILED),
 * or the group's entries or numbers changed since the profile was given it (OUTDATED).
 */
export const RESYNC_REASONS = ['DRIFTED', 'FAILED', 'OUTDATED'] as const;
export type TResyncReason = (typeof RESYNC_REASONS)[number];
/**
 * POST /whitelist/ip/resync and /whitelist/numbers/resync: the group applied again, in one request, to every SIM in
 * reach with a profile holding it for one of the `reasons` (all three when left out).
 */
export const ZWhitelistResync = z
  .object({
    groupId: ZId,
    reasons: z.array(z.enum(RESYNC_REASONS)).min(1, 'reasons needs at least one reason').max(RESYNC_REASONS.length).optional(),
    dryRun: ZSimTargets.shape.dryRun,
    proceedWithValid: ZSimTargets.shape.proceedWithValid,
  })
  .strict();
export type TWhitelistResync = z.infer<typeof ZWhitelistResync>;

export const ZSimWhitelist = z.object({
  iccid: z.string(),
  simId: z.string(),
  primaryIccid: z.string(),
  organization: ZOrganizationRef.nullable(),
  operator: z.string(),
  kind: z.enum(WHITELIST_KINDS),
  group: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** How many destinations or numbers the profile should hold (0 when the whitelist is being taken off). */
  itemsCount: z.number().int(),
  state: ZWhitelistSyncState,
  /** The group's entries or numbers changed since the profile was given it: Re-sync puts the new ones on. */
  outdated: z.boolean(),
  /** The operator's error (FAILED) or what the reconcile found (DRIFTED). */
  error: z.string().nullable(),
  requestId: z.string(),
  batchJobId: z.string(),
  scheduledAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type TSimWhitelist = z.infer<typeof ZSimWhitelist>;

export const ZSimWhitelistListQuery = ZListQuery.pick({ page: true, limit: true })
  .extend({
    state: ZWhitelistSyncState.optional(),
    groupId: ZId.optional(),
    operator: z.enum(OPERATORS).optional(),
    /** The start of a profile's ICCID. */
    iccid: text()
      .regex(/^\d{1,22}$/, 'iccid must be digits')
      .optional(),
    organizationId: ZId.optional(),
    /** One SIM's profiles (its details page). */
    simId: ZId.optional(),
  })
  .strict();
export type TSimWhitelistListQuery = z.infer<typeof ZSimWhitelistListQuery>;

/** A list's meta: the page, and how many profiles are in each state (for the same filters but the state). */
export const ZSimWhitelistMeta = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  states: z.record(ZWhitelistSyncState, z.number().int()),
});

/** A pass of the whitelist reconcile: how many profiles it compared with their operators and what it found. */
export const ZReconcilePass = z.object({
  id: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  checked: z.number().int(),
  drifted: z.number().int(),
  restored: z.number().int(),
  skipped: z.number().int(),
});
export type TReconcilePass = z.infer<typeof ZReconcilePass>;

/**
 * The simulator told to drift (staff, simulator gateways only): it loses (LOSE) or alters (ALTER: one entry or number
 * dropped) the whitelist it holds on the named profiles, or on a share of the profiles it holds one of that kind on.
 */
export const ZWhitelistDrift = z
  .object({
    kind: z.enum(WHITELIST_KINDS),
    mode: z.enum(['LOSE', 'ALTER']),
    iccids: z
      .array(text().regex(/^\d{18,22}$/, 'an ICCID is 18 to 22 digits'))
      .min(1)
      .max(10_000)
      .optional(),
    share: z.number().gt(0).max(1).optional(),
  })
  .strict()
  .refine((v) => (v.iccids === undefined) !== (v.share === undefined), { message: 'Give iccids or share', path: ['iccids'] });
export type TWhitelistDrift = z.infer<typeof ZWhitelistDrift>;
