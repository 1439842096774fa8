import { isoDateTime } from '@tarang/shared/common/dates';
import { profileLabel, SIM_SORTS, type TSimSort } from '@tarang/shared/sims/sim.constants';
import { parseSimSearch, type TSim, type TSimFilter, type TSimProfile, ZIccid, ZSimStatus } from '@tarang/shared/sims/sim.schemas';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TExecutor } from '../../db/database';
import { whereOf } from '../../db/where';
import type { TTenantScope } from '../../http/request-context';
import {
  decodeCursor as decodeListCursor,
  encodeCursor as encodeListCursor,
  escapeLike,
  keysetAfter,
  keysetOrderBy,
  pageOfRows,
  parseSort,
  type TKeyColumn,
  withinDates,
} from '../../lib/list-query';
import { inScope } from '../../lib/tenancy';

/**
 * The only SQL for the SIM tables. Queries are written against the alias `s` (sims) and `p` (sim_profiles);
 * every one takes the caller's tenant scope (lib/tenancy.ts).
 */

/** Digits needed before a search also matches the end of ICCIDs and MSISDNs (shorter ends match too much). */
export const SUFFIX_MIN_DIGITS = 4;
/** Up to this many matching SIMs are counted exactly; above it the planner's estimate is given. */
export const EXACT_TOTAL_MAX = 500;

const orgColumn = sql`s.organization_id`;

/** A LIKE prefix pattern for digits (and a leading +): nothing to escape. */
const prefix = (text: string) => `${text}%`;

/** Conditions on profiles `p` for a search text: ICCID, IMSI or MSISDN starting with it, ICCID or MSISDN ending with it. */
export function profileSearchParts(text: string): SQL[] {
  const { digits, plus } = parseSimSearch(text);
  const reversed = [...digits].reverse().join('');
  const parts: SQL[] = [];
  if (!plus) {
    parts.push(sql`p.iccid LIKE ${prefix(digits)}`, sql`p.imsi LIKE ${prefix(digits)}`);
    // An MSISDN is stored in E.164: "9876…" is a national number, "91 9876…" one with the country code.
    parts.push(sql`p.msisdn LIKE ${prefix(`+91${digits}`)}`);
    if (digits.startsWith('91')) parts.push(sql`p.msisdn LIKE ${prefix(`+${digits}`)}`);
  } else {
    parts.push(sql`p.msisdn LIKE ${prefix(`+${digits}`)}`);
  }
  if (digits.length >= SUFFIX_MIN_DIGITS) {
    if (!plus) parts.push(sql`reverse(p.iccid) LIKE ${prefix(reversed)}`);
    parts.push(sql`reverse(p.msisdn) LIKE ${prefix(reversed)}`);
  }
  return parts;
}

export function profileSearchCondition(text: string): SQL {
  return sql.join(profileSearchParts(text), sql` OR `);
}

/** Up to this many matching SIMs, a search is resolved to their ids first (see resolveSearch). */
export const SEARCH_NARROW_MAX = 10_000;

/**
 * A search is resolved before the page is read: each identifier range is read on its own index (stopping past
 * SEARCH_NARROW_MAX), and when that few SIMs match, the page reads them by id. Left to itself, the planner
 * misjudges an OR of five ranges at 10M rows and walks the whole sort index probing every SIM (95 s); only a broad
 * text (a short prefix shared by thousands of SIMs) keeps that walk, where it finds a page quickly.
 */
export async function resolveSearch<T extends TResolvedFilter>(db: TExecutor, f: T): Promise<T> {
  if (!f.search || f.searchIds) return f;
  const branches = profileSearchParts(f.search).map(
    (c) => sql`(SELECT p.sim_id FROM sim_profiles p WHERE ${c} LIMIT ${SEARCH_NARROW_MAX + 1})`,
  );
  const result = await db.execute<{ sim_id: string }>(
    sql`SELECT sim_id FROM (${sql.join(branches, sql` UNION ALL `)}) m LIMIT ${SEARCH_NARROW_MAX + 1}`,
  );
  if (result.rows.length > SEARCH_NARROW_MAX) return f;
  return { ...f, searchIds: [...new Set(result.rows.map((r) => r.sim_id))] };
}

export type TResolvedFilter = TSimFilter & {
  /** The path of `organizationId`, checked to be in reach by the service. */
  organizationPath?: string;
  /** The SIMs a narrow search matches (resolveSearch). */
  searchIds?: string[];
};

/** Conditions on `s` for a filter, inside the caller's reach. */
export function simConditions(scope: TTenantScope, f: TResolvedFilter): SQL[] {
  const out: SQL[] = [];
  const reach = inScope(scope, orgColumn);
  if (reach) out.push(reach);
  if (f.status?.length)
    out.push(
      sql`s.status IN (${sql.join(
        f.status.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
  if (f.operator?.length) {
    out.push(
      sql`EXISTS (SELECT 1 FROM sim_profiles po WHERE po.sim_id = s.id AND po.operator IN (${sql.join(
        f.operator.map((v) => sql`${v}`),
        sql`, `,
      )}))`,
    );
  }
  if (f.organizationPath) {
    out.push(sql`s.organization_id IN (SELECT o.id FROM organizations o WHERE o.path LIKE ${`${f.organizationPath}%`})`);
  }
  if (f.inStock === true) out.push(sql`s.organization_id IS NULL`);
  if (f.inStock === false) out.push(sql`s.organization_id IS NOT NULL`);
  if (f.planId) out.push(sql`s.plan_id = ${f.planId}`);
  out.push(...withinDates(sql`s.expires_at`, f.expiresFrom, f.expiresTo));
  if (f.imeiLock !== undefined) out.push(sql`s.imei_lock = ${f.imeiLock}`);
  if (f.tag) out.push(sql`s.tags @> ARRAY[${f.tag}]::text[]`);
  if (f.label) {
    const pattern = `${escapeLike(f.label.toLowerCase())}%`;
    out.push(sql`lower(s.label) LIKE ${pattern}`);
  }
  if (f.searchIds) out.push(sql`s.id = ANY(${sql.param(f.searchIds)}::char(24)[])`);
  else if (f.search) out.push(sql`s.id IN (SELECT p.sim_id FROM sim_profiles p WHERE ${profileSearchCondition(f.search)})`);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Keyset pagination

/** A position in a SIM list: the sort it was issued for and the last row's (sort value, primary ICCID). */
export type TSimPosition = (string | null)[];

/** The first value of a position, per sort; the second is always the page's last primary ICCID (it breaks ties). */
const POSITION_FIRST = {
  iccid: z.null(),
  status: ZSimStatus,
  createdAt: isoDateTime('cursor'),
  // SIMs without an expiry follow the dated ones: null marks a position among them.
  expiresAt: isoDateTime('cursor').nullable(),
} satisfies Record<TSimSort, z.ZodType>;

const ICCID_ORDER: TKeyColumn[] = [sql`s.primary_iccid`];

/** The order of each sort; the primary ICCID last makes every order total. */
const SORT_ORDER: Record<TSimSort, TKeyColumn[]> = {
  iccid: ICCID_ORDER,
  status: [sql`s.status`, ...ICCID_ORDER],
  createdAt: [{ column: sql`s.created_at`, cast: 'timestamptz' }, ...ICCID_ORDER],
  expiresAt: [{ column: sql`s.expires_at`, cast: 'timestamptz' }, ...ICCID_ORDER],
};

const parseSimSort = (sort: string) => parseSort(sort, SIM_SORTS);

export function encodeCursor(sort: string, values: TSimPosition): string {
  return encodeListCursor({ k: sort, v: values });
}

/** The position of a cursor issued for this sort; anything else (another sort's, a crafted one) is a 400. */
export function decodeCursor(cursor: string, sort: string): TSimPosition {
  const { key } = parseSimSort(sort);
  const shape = z.object({ k: z.literal(sort), v: z.tuple([POSITION_FIRST[key], ZIccid]) }).strict();
  return decodeListCursor(cursor, shape).v;
}

/** ORDER BY and the "after the cursor" condition for a sort (for an expiry, among the dated SIMs only). */
export function keyset(sort: string, position: TSimPosition | null): { orderBy: SQL; after: SQL | null } {
  const { key, descending } = parseSimSort(sort);
  const columns = SORT_ORDER[key];
  const values = key === 'iccid' ? position?.slice(1) : position;
  // The dated SIMs only; those without an expiry follow them (see simPageQueries).
  const after = values && (key !== 'expiresAt' || values[0]) ? keysetAfter(columns, values, descending) : null;
  return { orderBy: keysetOrderBy(columns, descending), after };
}

/** The cursor values of a row for a sort. */
function cursorValues(sort: string, row: TSimRow): TSimPosition {
  const first = { iccid: null, status: row.status, createdAt: row.created_at, expiresAt: row.expires_at };
  return [first[parseSimSort(sort).key], row.primary_iccid];
}

// ---------------------------------------------------------------------------------------------------------------
// Reading SIMs

export type TSimRow = {
  id: string;
  primary_iccid: string;
  organization_id: string | null;
  org_trade_name: string | null;
  status: string;
  intended_status: string | null;
  status_reason: string | null;
  plan_id: string | null;
  activated_at: string | null;
  expires_at: string | null;
  apn: string | null;
  static_ip: string | null;
  imei_lock: boolean;
  locked_imei: string | null;
  last_imei: string | null;
  label: string | null;
  tags: string[];
  version: number;
  upload_id: string | null;
  created_at: string;
  updated_at: string;
  profiles: { i: string; m: string; n: string | null; o: string }[];
};

/** A timestamp as ISO 8601 text with microseconds: exact, so it can go into a cursor and come back. */
const isoText = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/** The columns of a SIM for a client, from a sub-select aliased `s` (profiles in position order). */
const simColumns = sql`s.id, s.primary_iccid, s.organization_id, o.trade_name AS org_trade_name, s.status, s.intended_status,
  s.status_reason, s.plan_id, ${isoText('s.activated_at')} AS activated_at, ${isoText('s.expires_at')} AS expires_at,
  s.apn, s.static_ip, s.imei_lock, s.locked_imei, s.last_imei, s.label, s.tags, s.version, s.upload_id,
  ${isoText('s.created_at')} AS created_at, ${isoText('s.updated_at')} AS updated_at,
  (SELECT json_agg(json_build_object('i', p.iccid, 'm', p.imsi, 'n', p.msisdn, 'o', p.operator) ORDER BY p.position)
     FROM sim_profiles p WHERE p.sim_id = s.id) AS profiles`;

/** Microsecond ISO text as JavaScript's millisecond ISO form. */
const iso = (text: string | null) => (text ? `${text.slice(0, 23)}Z` : null);

export function toSim(row: TSimRow): TSim {
  const profiles: TSimProfile[] = (row.profiles ?? []).map((p) => ({
    ICCID: p.i,
    IMSI: p.m,
    MSISDN: p.n,
    operator: p.o as TSimProfile['operator'],
  }));
  const [primary, ...provisioned] = profiles;
  return {
    id: row.id,
    iccid: row.primary_iccid,
    primary: primary ?? { ICCID: row.primary_iccid, IMSI: '', MSISDN: null, operator: 'AIRTEL' },
    provisioned,
    profile: profileLabel(profiles.map((p) => p.operator)),
    status: row.status as TSim['status'],
    intendedStatus: row.intended_status as TSim['intendedStatus'],
    statusReason: row.status_reason,
    organization: row.organization_id ? { id: row.organization_id, tradeName: row.org_trade_name ?? '' } : null,
    planId: row.plan_id,
    activatedAt: iso(row.activated_at),
    expiresAt: iso(row.expires_at),
    apn: row.apn,
    staticIp: row.static_ip,
    imeiLock: row.imei_lock,
    lockedImei: row.locked_imei,
    lastImei: row.last_imei,
    label: row.label,
    tags: row.tags ?? [],
    version: row.version,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

/** One page of SIMs after the cursor; `limit + 1` rows are read to know whether a next page exists. */
function pageQuery(conditions: (SQL | null)[], orderBy: SQL, limit: number): SQL {
  return sql`SELECT ${simColumns}
    FROM (SELECT * FROM sims s ${whereOf(conditions)} ORDER BY ${orderBy} LIMIT ${limit}) s
    LEFT JOIN organizations o ON o.id = s.organization_id
    ORDER BY ${orderBy}`;
}

/**
 * The statements of one page after the cursor (`limit + 1` rows, to know whether a next page exists). Sorted by
 * expiry, SIMs with an expiry come first in either direction and those without follow, ordered by ICCID: two
 * ranges of the (expires_at, primary_iccid) index, the second read only when the first runs out.
 */
export function simPageQueries(
  scope: TTenantScope,
  f: TResolvedFilter,
  sort: string,
  cursor: TSimPosition | null,
  limit: number,
): { first: SQL; rest: ((remaining: number) => SQL) | null } {
  const { key, descending } = parseSimSort(sort);
  if (key !== 'expiresAt') {
    const { orderBy, after } = keyset(sort, cursor);
    return { first: pageQuery([...simConditions(scope, f), after], orderBy, limit + 1), rest: null };
  }
  const undated = (remaining: number, afterIccid: string | null) => {
    const conditions = [...simConditions(scope, f), sql`s.expires_at IS NULL`];
    if (afterIccid) conditions.push(keysetAfter(ICCID_ORDER, [afterIccid], descending));
    return pageQuery(conditions, keysetOrderBy(ICCID_ORDER, descending), remaining);
  };
  if (cursor && cursor[0] === null) return { first: undated(limit + 1, cursor[1]!), rest: null };
  const { orderBy, after } = keyset(sort, cursor);
  const conditions = [...simConditions(scope, f), sql`s.expires_at IS NOT NULL`, after];
  return { first: pageQuery(conditions, orderBy, limit + 1), rest: (remaining) => undated(remaining, null) };
}

export async function listSimPage(
  db: TExecutor,
  scope: TTenantScope,
  f: TResolvedFilter,
  sort: string,
  cursor: TSimPosition | null,
  limit: number,
): Promise<{ rows: TSimRow[]; nextCursor: string | null; next: TSimPosition | null }> {
  const queries = simPageQueries(scope, f, sort, cursor, limit);
  const rows = (await db.execute<TSimRow>(queries.first)).rows;
  if (queries.rest && rows.length < limit + 1) rows.push(...(await db.execute<TSimRow>(queries.rest(limit + 1 - rows.length))).rows);
  const page = pageOfRows(rows, limit);
  const next = page.last ? cursorValues(sort, page.last) : null;
  return { rows: page.rows, nextCursor: next ? encodeCursor(sort, next) : null, next };
}

/**
 * The planner's estimate at or above which the total is not counted at all: counting even the first
 * EXACT_TOTAL_MAX + 1 SIMs of a broad filter that needs a join (an operator) read thousands of rows and took longer
 * than the page. Twenty times the exact limit leaves room for the estimate to be wrong.
 */
export const COUNT_SKIP_ESTIMATE = EXACT_TOTAL_MAX * 20;

/**
 * Exact up to EXACT_TOTAL_MAX; above that the planner's row estimate (never below the exact floor). The estimate
 * comes first: when it is at least COUNT_SKIP_ESTIMATE nothing is counted.
 */
export async function countSims(db: TExecutor, scope: TTenantScope, f: TResolvedFilter): Promise<{ total: number; estimate: boolean }> {
  const where = whereOf(simConditions(scope, f));
  const plan = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM sims s ${where}`,
  );
  const estimated = Math.round(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  if (estimated >= COUNT_SKIP_ESTIMATE) return { total: estimated, estimate: true };
  const capped = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM sims s ${where} LIMIT ${EXACT_TOTAL_MAX + 1}) x`,
  );
  const n = capped.rows[0]?.n ?? 0;
  if (n <= EXACT_TOTAL_MAX) return { total: n, estimate: false };
  return { total: Math.max(estimated, EXACT_TOTAL_MAX + 1), estimate: true };
}

/** Exact count of a filter (for batch operations, which must know how much work they take on). */
export async function countSimsExact(db: TExecutor, conditions: SQL[]): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sims s ${whereOf(conditions)}`);
  return result.rows[0]?.n ?? 0;
}

/** A SIM by any of its profiles' ICCIDs, inside the caller's reach. */
export async function findSimByIccid(db: TExecutor, scope: TTenantScope, iccid: string): Promise<TSimRow | null> {
  const conditions = [sql`s.id = (SELECT p.sim_id FROM sim_profiles p WHERE p.iccid = ${iccid})`];
  const reach = inScope(scope, orgColumn);
  if (reach) conditions.push(reach);
  const result = await db.execute<TSimRow>(sql`SELECT ${simColumns}
    FROM (SELECT * FROM sims s ${whereOf(conditions)}) s LEFT JOIN organizations o ON o.id = s.organization_id`);
  return result.rows[0] ?? null;
}

/** SIMs named by ICCIDs (any profile's), locked for a change; ICCIDs not found are left out. */
export async function lockSimsByIccids(db: TExecutor, iccids: string[]) {
  const result = await db.execute<{
    requested: string;
    id: string;
    primary_iccid: string;
    status: string;
    intended_status: string | null;
    organization_id: string | null;
    org_path: string | null;
    imei_lock: boolean;
    locked_imei: string | null;
    last_imei: string | null;
    label: string | null;
    tags: string[];
    apn: string | null;
    static_ip: string | null;
  }>(sql`SELECT r.iccid AS requested, s.id, s.primary_iccid, s.status, s.intended_status, s.organization_id, o.path AS org_path,
      s.imei_lock, s.locked_imei, s.last_imei, s.label, s.tags, s.apn, s.static_ip
    FROM unnest(${sql.param(iccids)}::text[]) AS r(iccid)
    JOIN sim_profiles p ON p.iccid = r.iccid
    JOIN sims s ON s.id = p.sim_id
    LEFT JOIN organizations o ON o.id = s.organization_id
    ORDER BY s.primary_iccid
    FOR UPDATE OF s`);
  return result.rows;
}

export type TSimHistoryRow = {
  id: string;
  occurred_at: string;
  action: string;
  actor_label: string | null;
  before: unknown;
  after: unknown;
};

/** The SIM's audit events: its own, the batches that touched it, and the upload that added it. Newest first. */
export async function simHistoryEvents(db: TExecutor, simId: string, uploadId: string | null, limit = 100) {
  const result = await db.execute<TSimHistoryRow>(sql`
    SELECT id, ${isoText('occurred_at')} AS occurred_at, action, actor_label, before, after FROM (
      SELECT * FROM audit_events WHERE entity_type = 'sim' AND entity_id = ${simId}
      UNION
      SELECT * FROM audit_events WHERE entity_type = 'sim_batch'
        AND entity_id IN (SELECT h.operation_id FROM sim_history h WHERE h.sim_id = ${simId}
          ${uploadId ? sql`UNION SELECT ${uploadId}::char(24)` : sql``})
    ) e ORDER BY seq DESC LIMIT ${limit}`);
  return result.rows;
}

export async function insertSimHistory(db: TExecutor, simIds: string[], batchId: string): Promise<void> {
  if (simIds.length === 0) return;
  await db.execute(sql`INSERT INTO sim_history (sim_id, operation_id) SELECT unnest(${sql.param(simIds)}::char(24)[]), ${batchId}`);
}

/**
 * Global search: SIMs whose profiles match an identifier (digits, or + and digits), in ICCID order, shaped as the
 * console's search results (spec §3). Other text finds no SIM.
 */
export async function searchSimsByIdentifier(db: TExecutor, scope: TTenantScope, term: string, limit: number) {
  const text = term.replace(/[\s-]/g, '');
  if (!/^\+?\d{1,24}$/.test(text)) return [];
  const { rows } = await listSimPage(db, scope, await resolveSearch(db, { search: text }), 'iccid', null, limit);
  return rows.map((r) => {
    const sim = toSim(r);
    return {
      id: sim.id,
      primary: { ICCID: sim.primary.ICCID },
      provisioned: sim.provisioned.map((p) => ({ ICCID: p.ICCID })),
      profile: sim.profile,
      organization: sim.organization ? { tradeName: sim.organization.tradeName } : null,
    };
  });
}
