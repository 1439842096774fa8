import type { TOperator } from '@tarang/shared/sims/identifiers';
import { SIM_OPERATORS, SIM_SORTS, SIM_STATUSES, type TSimStatus } from '@tarang/shared/sims/sim.constants';
import type { TSimFilter } from '@tarang/shared/sims/sim.schemas';
import type { TQueryParams } from '@/lib/api-client';

/** The list's filters as they sit in the address bar. */
export const SIM_FILTER_KEYS = [
  'status',
  'operator',
  'organizationId',
  'inStock',
  'planId',
  'expiresFrom',
  'expiresTo',
  'imeiLock',
  'tag',
  'label',
] as const;
export type TSimFilterKey = (typeof SIM_FILTER_KEYS)[number];

export const SIM_DEFAULT_SORT = 'iccid';
export const SIM_SORTABLE = SIM_SORTS;
/** The inventory's sort in its address (`useListController`, `readListParams`); its filters are declared in `useSimFilters`. */
export const SIM_LIST_OPTIONS = { defaultSort: SIM_DEFAULT_SORT, sortable: SIM_SORTABLE };

/** What the list shows: every filter of `GET /sim`, already checked. */
export type TSimFilterValues = {
  status: TSimStatus[];
  operator: TOperator[];
  organizationId?: string;
  /** Only provider stock (SIMs with no organisation). */
  inStock?: boolean;
  planId?: string;
  /** YYYY-MM-DD, a day in Asia/Kolkata (the API reads it so). */
  expiresFrom?: string;
  expiresTo?: string;
  imeiLock?: boolean;
  tag?: string;
  label?: string;
  search?: string;
};

const ID = /^[0-9a-f]{24}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Digits of an ICCID, IMSI or MSISDN, with a leading + for an MSISDN (as the API accepts them). */
const SEARCH = /^\+?\d{1,24}$/;

export function isSimSearchText(text: string): boolean {
  return SEARCH.test(text);
}

function list<T extends string>(raw: string | undefined, allowed: readonly T[]): T[] {
  if (!raw) return [];
  return raw.split(',').filter((v): v is T => (allowed as readonly string[]).includes(v));
}

const bool = (raw: string | undefined) => (raw === 'true' ? true : raw === 'false' ? false : undefined);
const text = (raw: string | undefined, max: number) => (raw?.trim() ? raw.trim().slice(0, max) : undefined);

/** The address bar's filters, with anything the API would refuse left out. */
export function parseSimFilters(raw: Record<TSimFilterKey, string | undefined>, search: string): TSimFilterValues {
  return {
    status: list(raw.status, SIM_STATUSES),
    operator: list(raw.operator, SIM_OPERATORS),
    organizationId: raw.organizationId && ID.test(raw.organizationId) ? raw.organizationId : undefined,
    inStock: raw.inStock === 'true' ? true : undefined,
    planId: raw.planId && ID.test(raw.planId) ? raw.planId : undefined,
    expiresFrom: raw.expiresFrom && DAY.test(raw.expiresFrom) ? raw.expiresFrom : undefined,
    expiresTo: raw.expiresTo && DAY.test(raw.expiresTo) ? raw.expiresTo : undefined,
    imeiLock: bool(raw.imeiLock),
    tag: text(raw.tag, 50),
    label: text(raw.label, 100),
    search: isSimSearchText(search) ? search : undefined,
  };
}

/** The filters as `GET /sim` and `GET /sim/export` take them (comma lists, true/false). */
export function simFilterQuery(f: TSimFilterValues): TQueryParams {
  return {
    status: f.status.length ? f.status.join(',') : undefined,
    operator: f.operator.length ? f.operator.join(',') : undefined,
    organizationId: f.organizationId,
    inStock: f.inStock === undefined ? undefined : String(f.inStock),
    planId: f.planId,
    expiresFrom: f.expiresFrom,
    expiresTo: f.expiresTo,
    imeiLock: f.imeiLock === undefined ? undefined : String(f.imeiLock),
    tag: f.tag,
    label: f.label,
    search: f.search,
  };
}

/** The filters as the body of an allocation or roll-back "of every SIM matching" takes them. */
export function simFilterBody(f: TSimFilterValues): TSimFilter {
  const body: TSimFilter = {};
  if (f.status.length) body.status = f.status;
  if (f.operator.length) body.operator = f.operator;
  if (f.organizationId) body.organizationId = f.organizationId;
  if (f.inStock !== undefined) body.inStock = f.inStock;
  if (f.planId) body.planId = f.planId;
  if (f.expiresFrom) body.expiresFrom = f.expiresFrom;
  if (f.expiresTo) body.expiresTo = f.expiresTo;
  if (f.imeiLock !== undefined) body.imeiLock = f.imeiLock;
  if (f.tag) body.tag = f.tag;
  if (f.label) body.label = f.label;
  if (f.search) body.search = f.search;
  return body;
}

/** How many filters narrow the list (the search box not counted). */
export function activeFilterCount(f: TSimFilterValues): number {
  return Object.entries(simFilterBody({ ...f, search: undefined })).length;
}
