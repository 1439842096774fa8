import type { TSimStatus } from '../sims/sim.constants';

/**
 * Requests, jobs and MNO jobs (product.md "Requests, jobs and MNO jobs"; docs/decisions/013).
 * A request's type is stored as text: a new type is a new entry here and a handler, never a schema change.
 */
/** What POST /request (Sim Actions) makes: a change of the SIMs themselves. */
export const SIM_ACTION_TYPES = ['ACTIVATE', 'SUSPEND', 'RESUME', 'TERMINATE', 'IMEI_LOCK', 'IMEI_UNLOCK'] as const;
export type TSimActionType = (typeof SIM_ACTION_TYPES)[number];
/**
 * Whitelists at the operators (issue 15, docs/decisions/026-whitelisting.md): a group applied to each profile of the
 * SIMs, or the whitelist of that kind taken off (Cancel Whitelist). Made by POST /whitelist/ip and /whitelist/numbers.
 */
export const WHITELIST_REQUEST_TYPES = ['WHITELIST_IP', 'WHITELIST_IP_CANCEL', 'WHITELIST_NUMBER', 'WHITELIST_NUMBER_CANCEL'] as const;
export type TWhitelistRequestType = (typeof WHITELIST_REQUEST_TYPES)[number];
/** A SIM's number and everything with it moved to another SIM (issue 16): made by POST /sim/replace, one task per pair. */
export const REPLACE_REQUEST_TYPE = 'REPLACE' as const;
/**
 * The provider's state sent to the operators again, when an operator holds a SIM otherwise (issue 16, the diagnosis's
 * provisioning mismatch): made by POST /sim/sim-diagnosis/sync, one task per profile, the operation by the SIM's status.
 */
export const SYNC_STATE_REQUEST_TYPE = 'SYNC_STATE' as const;
/**
 * Firmware installed on devices over the air (issue 17): one task per device, through the device-management gateway
 * (DEVICE_GATEWAY) instead of an operator; the device is reached through its SIM, which must be ACTIVE.
 */
export const FIRMWARE_REQUEST_TYPE = 'FIRMWARE_UPDATE' as const;
/** The gateway firmware jobs go through, in the place of an operator's. */
export const DEVICE_GATEWAY = 'DEVICES' as const;
export const REQUEST_TYPES = [
  ...SIM_ACTION_TYPES,
  ...WHITELIST_REQUEST_TYPES,
  REPLACE_REQUEST_TYPE,
  SYNC_STATE_REQUEST_TYPE,
  FIRMWARE_REQUEST_TYPE,
] as const;
export type TRequestType = (typeof REQUEST_TYPES)[number];
export const isWhitelistRequest = (type: string): type is TWhitelistRequestType =>
  (WHITELIST_REQUEST_TYPES as readonly string[]).includes(type);

export type TRequestTransition = {
  /** SIM statuses the request may start from. */
  from: readonly TSimStatus[];
  /** Status while the task runs (PENDING_<TARGET>); null when the status does not change (IMEI lock). */
  pending: TSimStatus | null;
  /** Status on success; null when the status does not change. */
  to: TSimStatus | null;
  /** Label of the change, as the console shows it. */
  label: string;
};

/** What each request type does to a SIM (product.md, SIM lifecycle). */
export const REQUEST_TRANSITIONS: Record<TRequestType, TRequestTransition> = {
  ACTIVATE: { from: ['ALLOCATED'], pending: 'PENDING_ACTIVE', to: 'ACTIVE', label: 'Activate' },
  SUSPEND: { from: ['ACTIVE'], pending: 'PENDING_SUSPENDED', to: 'SUSPENDED', label: 'Suspend' },
  RESUME: { from: ['SUSPENDED'], pending: 'PENDING_ACTIVE', to: 'ACTIVE', label: 'Resume' },
  TERMINATE: { from: ['ACTIVE', 'SUSPENDED'], pending: 'PENDING_TERMINATED', to: 'TERMINATED', label: 'Terminate' },
  IMEI_LOCK: { from: ['ALLOCATED', 'ACTIVE', 'SUSPENDED', 'BARRED'], pending: null, to: null, label: 'IMEI lock' },
  IMEI_UNLOCK: { from: ['ALLOCATED', 'ACTIVE', 'SUSPENDED', 'BARRED'], pending: null, to: null, label: 'IMEI unlock' },
  WHITELIST_IP: { from: ['ALLOCATED', 'ACTIVE', 'SUSPENDED', 'BARRED'], pending: null, to: null, label: 'Whitelist IP' },
  WHITELIST_IP_CANCEL: { from: ['ALLOCATED', 'ACTIVE', 'SUSPENDED', 'BARRED'], pending: null, to: null, label: 'Cancel IP whitelist' },
  WHITELIST_NUMBER: { from: ['ALLOCATED', 'ACTIVE', 'SUSPENDED', 'BARRED'], pending: null, to: null, label: 'Whitelist numbers' },
  WHITELIST_NUMBER_CANCEL: {
    from: ['ALLOCATED', 'ACTIVE', 'SUSPENDED', 'BARRED'],
    pending: null,
    to: null,
    label: 'Cancel number whitelist',
  },
  // The old SIM keeps its status while the operator moves its number; the new SIM shows PENDING_ACTIVE meanwhile.
  REPLACE: { from: ['ACTIVE', 'SUSPENDED', 'BARRED'], pending: null, to: 'REPLACED', label: 'Replace' },
  SYNC_STATE: { from: ['ACTIVE', 'SUSPENDED', 'BARRED', 'TERMINATED', 'REPLACED'], pending: null, to: null, label: 'Send our state' },
  FIRMWARE_UPDATE: { from: ['ACTIVE'], pending: null, to: null, label: 'Update firmware' },
};

/** What the operators are asked to do to hold a SIM as the provider's status says (SYNC_STATE). */
export const STATE_SYNC_OPERATION: Partial<Record<TSimStatus, 'RESUME' | 'SUSPEND' | 'TERMINATE'>> = {
  ACTIVE: 'RESUME',
  BARRED: 'RESUME',
  SUSPENDED: 'SUSPEND',
  TERMINATED: 'TERMINATE',
  REPLACED: 'TERMINATE',
};

/** Batch job statuses (the request shows its job's status). */
export const JOB_STATUSES = ['QUEUED', 'RUNNING', 'WAITING_OPERATOR', 'COMPLETED', 'PARTIAL', 'FAILED', 'CANCELLED'] as const;
export type TJobStatus = (typeof JOB_STATUSES)[number];
export const FINAL_JOB_STATUSES: readonly TJobStatus[] = ['COMPLETED', 'PARTIAL', 'FAILED', 'CANCELLED'];
/** Statuses staff may set with Change Status: both stop what has not reached an operator. */
export const JOB_STATUS_CHANGES = ['CANCELLED', 'FAILED'] as const;

/**
 * One task per SIM: QUEUED (waiting) → PENDING (SIM held, PENDING_<TARGET>) → SUBMITTING (sent, answer not yet
 * recorded) → SUBMITTED (the operator has it) → SUCCEEDED | FAILED; CANCELLED before anything reached an operator.
 */
export const TASK_STATUSES = ['QUEUED', 'PENDING', 'SUBMITTING', 'SUBMITTED', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;
export type TTaskStatus = (typeof TASK_STATUSES)[number];

/** MNO jobs: one per operator and operation of a batch job. */
export const MNO_JOB_STATUSES = ['QUEUED', 'RUNNING', 'WAITING_OPERATOR', 'COMPLETED', 'PARTIAL', 'FAILED', 'CANCELLED'] as const;
export type TMnoJobStatus = (typeof MNO_JOB_STATUSES)[number];
/** AUTO: the gateway works it; MANUAL: staff work it at the operator's portal (after a download or Mark As Done). */
export const MNO_JOB_MODES = ['AUTO', 'MANUAL'] as const;

/** The request's workflow steps, in order, with their labels. */
export const REQUEST_CHECKPOINTS = [
  { step: 'RECEIVED', label: 'Received' },
  { step: 'VALIDATED', label: 'Validated' },
  { step: 'SENT_TO_OPERATOR', label: 'Sent to operator' },
  { step: 'OPERATOR_CONFIRMED', label: 'Operator confirmed' },
  { step: 'CUSTOMER_INFORMED', label: 'Customer informed' },
] as const;
export type TCheckpointStep = (typeof REQUEST_CHECKPOINTS)[number]['step'];
export const CHECKPOINT_STEPS = REQUEST_CHECKPOINTS.map((c) => c.step) as [TCheckpointStep, ...TCheckpointStep[]];

/** Largest ICCID list one request names; larger sets go by filter. */
export const REQUEST_ICCID_LIST_MAX = 10_000;
/** Most ICCIDs one uploaded file (POST /request/file) names; larger sets go by filter. */
export const REQUEST_FILE_ROWS_MAX = 100_000;
/** Largest ICCID file accepted (a CSV of 100,000 ICCIDs is about 2 MB; an XLSX with other columns more). */
export const REQUEST_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** Invalid rows reported in one answer (the counts are always complete). */
export const REQUEST_ROWS_REPORTED_MAX = 1000;
/** The header that makes POST /request safe to repeat. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The reasons a SIM is left out of a request, word for word as the preview shows them. */
export const REQUEST_ROW_REASONS = {
  notFound: 'Not found',
  listedTwice: (row: number) => `Listed twice (first at row ${row})`,
  busy: 'Another request is working on this SIM',
  noImei: 'Give the IMEI: the SIM has not been seen in a device yet',
  notLocked: 'The SIM is not IMEI-locked',
  wrongStatus: (status: string, type: TRequestType) =>
    `Status ${status}: ${REQUEST_TRANSITIONS[type].label} needs ${REQUEST_TRANSITIONS[type].from.join(' or ')}`,
} as const;

/** Operators in label order ("AIRTEL+BSNL"). */
export function jobProfileLabel(operators: readonly string[]): string {
  const order = ['AIRTEL', 'BSNL', 'VI'];
  return [...new Set(operators)].sort((a, b) => order.indexOf(a) - order.indexOf(b)).join('+');
}
