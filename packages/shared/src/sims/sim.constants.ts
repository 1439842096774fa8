import { OPERATORS } from './identifiers';

/**
 * SIM lifecycle (product.md). Transitions that touch the network pass through PENDING_<TARGET> and an MNO job;
 * allocation, roll-back and clearing a system bar are local and immediate.
 */
export const SIM_STATUSES = [
  'IN_STOCK',
  'ALLOCATED',
  'ACTIVE',
  'SUSPENDED',
  'BARRED',
  'TERMINATED',
  'REPLACED',
  'PENDING_ACTIVE',
  'PENDING_SUSPENDED',
  'PENDING_TERMINATED',
] as const;
export type TSimStatus = (typeof SIM_STATUSES)[number];

export { OPERATORS as SIM_OPERATORS };

/** Sort keys of the SIM list; prefix `-` for descending. */
export const SIM_SORTS = ['iccid', 'createdAt', 'expiresAt', 'status'] as const;
export type TSimSort = (typeof SIM_SORTS)[number];

/** Largest page of the SIM list. */
export const SIM_PAGE_MAX = 500;
/** Largest ICCID list one allocate, roll-back or update request may name; bigger sets go by filter. */
export const SIM_ICCID_LIST_MAX = 10_000;
/** Sets larger than this run in the background as an operation with progress. */
export const SIM_INLINE_MAX = 10_000;

/** Columns of the bulk-upload template, in order. */
export const SIM_UPLOAD_COLUMNS = [
  'iccid',
  'imsi',
  'msisdn',
  'operator',
  'provisioned_iccid',
  'provisioned_imsi',
  'provisioned_msisdn',
  'provisioned_operator',
  'label',
] as const;
export type TSimUploadColumn = (typeof SIM_UPLOAD_COLUMNS)[number];

/** Columns of the SIM export: the upload columns first (an export can be uploaded again elsewhere), then the rest. */
export const SIM_EXPORT_COLUMNS = [
  ...SIM_UPLOAD_COLUMNS,
  'status',
  'organization',
  'plan_id',
  'activated_at',
  'expires_at',
  'apn',
  'static_ip',
  'imei_lock',
  'locked_imei',
  'tags',
  'created_at',
] as const;

/** Label shown for a SIM's operators: the primary first, then the provisioned ones, joined by + (spec §3). */
export function profileLabel(operators: readonly string[]): string {
  return operators.join('+');
}
