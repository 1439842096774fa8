import { luhnCheckDigit, type OPERATORS } from '@tarang/shared/sims/identifiers';
import {
  NETWORK_CONDITIONS,
  type TNetworkCondition,
  type TNetworkState,
  type TOperatorProvisioning,
  type TRat,
} from '@tarang/shared/sims/network-state';
import type { TProfileDayUsage } from '@tarang/shared/sims/usage.schemas';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';

/**
 * The simulated operator's network (issue 16, docs/decisions/028-sim-network-state.md): what it reports about each
 * profile it issued — its provisioning, registration, last session, SMS and the IMEI seen — computed, not stored, from
 * a hash of the operator and ICCID, the day, and the operations it carried out, so a million SIMs cost no memory and
 * the same question gets the same answer. Most SIMs behave; a seeded share never attach, roam, use far more than any
 * plan, or turn up in another device; staff can set a SIM's condition (`simulator_network_conditions`) to see each
 * case on purpose.
 */

type TOperator = (typeof OPERATORS)[number];

/** Mobile network codes (MCC 404) the simulated networks broadcast. */
const HOME_NETWORK: Record<TOperator, string> = { AIRTEL: 'AIRTEL (404-45)', BSNL: 'BSNL (404-71)', VI: 'VI (404-20)' };
/** Where a roaming SIM of each operator registers (national roaming). */
const ROAMING_ON: Record<TOperator, TOperator> = { AIRTEL: 'VI', BSNL: 'AIRTEL', VI: 'BSNL' };
/** Type allocation codes of the simulated devices (first 8 digits of their IMEIs). */
export const SIMULATED_TACS = ['86716905', '86435806', '35316811', '86839805', '35473610'] as const;

/** The seeded share of SIMs in each condition; the rest are NORMAL. */
const CONDITION_SHARES: [TNetworkCondition, number][] = [
  ['NEVER_ATTACHES', 0.03],
  ['ROAMING', 0.03],
  ['HEAVY', 0.02],
  ['IMEI_MISMATCH', 0.01],
];

/** The condition a SIM is in by the seed alone (r in [0, 1)). */
export function seededCondition(r: number): TNetworkCondition {
  let edge = 0;
  for (const [condition, share] of CONDITION_SHARES) {
    edge += share;
    if (r < edge) return condition;
  }
  return 'NORMAL';
}

export const isNetworkCondition = (v: string): v is TNetworkCondition => (NETWORK_CONDITIONS as readonly string[]).includes(v);

/** A 32-bit mix of two numbers (deterministic, well spread): the day's figures of a SIM. */
function mix(a: number, b: number): number {
  let h = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b, 0xc2b2ae35)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d) >>> 0;
  h ^= h >>> 15;
  return h >>> 0;
}

/** An IMEI of a simulated device: a TAC, six serial digits and the Luhn check digit. */
export function simulatedImei(seed: number): string {
  const body = `${SIMULATED_TACS[seed % SIMULATED_TACS.length]}${String(Math.floor(seed / SIMULATED_TACS.length) % 1_000_000).padStart(6, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

/** India days since the epoch (a day's figures change at India's midnight). */
export const indiaDayNumber = (at: Date) => Math.floor((at.getTime() + 5.5 * 3_600_000) / 86_400_000);

/** What the provider's status says the operator holds, when the operator carried out nothing on the SIM itself. */
function provisioningOf(status: string): TOperatorProvisioning {
  if (status === 'ACTIVE' || status === 'BARRED' || status === 'PENDING_SUSPENDED' || status === 'PENDING_TERMINATED') return 'ACTIVE';
  if (status === 'SUSPENDED') return 'SUSPENDED';
  if (status === 'TERMINATED' || status === 'REPLACED') return 'DEACTIVATED';
  return 'NOT_PROVISIONED';
}

const AFTER_OPERATION: Record<string, TOperatorProvisioning> = {
  ACTIVATE: 'ACTIVE',
  RESUME: 'ACTIVE',
  SUSPEND: 'SUSPENDED',
  TERMINATE: 'DEACTIVATED',
  REPLACE: 'DEACTIVATED',
};

/** One profile as the simulated operator sees it: its seeds, the SIM's settings, its last operation and condition. */
export type TSimulatedProfile = {
  iccid: string;
  status: string;
  apn: string | null;
  static_ip: string | null;
  r: number;
  h2: number;
  h3: number;
  condition: string | null;
  /** When staff set the condition (an operation carried out since overrides a provisioning it forced). */
  condition_at?: Date | null;
  operation: string | null;
  operated_at: Date | null;
};

/** A SIM's usage on one India day, by its seeds and condition. */
export function simulatedDayUsage(p: Pick<TSimulatedProfile, 'h2' | 'h3'>, condition: TNetworkCondition, day: number) {
  const a = mix(p.h2, day);
  const b = mix(p.h3, day);
  // A telemetry device: 20 KB to 3 MB a day; a heavy one 300 to 800 MB.
  const bytes = condition === 'HEAVY' ? 300_000_000 + (a % 500_000_000) : 20_000 + (a % 3_000_000);
  const up = Math.floor((bytes * (55 + (b % 30))) / 100);
  return { bytesUp: up, bytesDown: bytes - up, smsMo: b % 4, smsMt: (b >>> 8) % 3, sessions: 1 + ((a >>> 8) % 24) };
}

/**
 * What the profiles used on one India day (YYYY-MM-DD): nothing for one not provisioned, never attached, or brought
 * onto the network only after that day; the seeded day's figures for the rest.
 */
export function simulatedDayUsages(profiles: TSimulatedProfile[], day: string): TProfileDayUsage[] {
  const dayNumber = Date.parse(`${day}T00:00:00Z`) / 86_400_000;
  const dayEnds = (dayNumber + 1) * 86_400_000 - 5.5 * 3_600_000;
  const used: TProfileDayUsage[] = [];
  for (const p of profiles) {
    const { condition, provisioning } = profileCondition(p);
    if (provisioning !== 'ACTIVE' || condition === 'NEVER_ATTACHES') continue;
    if (p.operated_at && p.operated_at.getTime() >= dayEnds) continue;
    const u = simulatedDayUsage(p, condition, dayNumber);
    used.push({ iccid: p.iccid, bytesUp: u.bytesUp, bytesDown: u.bytesDown, smsMo: u.smsMo, smsMt: u.smsMt });
  }
  return used;
}

/** Whether the profile is on a network on that day at all (provisioned, and not one that never attaches). */
export function profileCondition(p: TSimulatedProfile): { condition: TNetworkCondition; provisioning: TOperatorProvisioning } {
  const condition = p.condition && isNetworkCondition(p.condition) ? p.condition : seededCondition(p.r);
  const operatedSince = !!p.operated_at && !!p.condition_at && p.operated_at > p.condition_at;
  const provisioning =
    condition === 'SUSPENDED_AT_OPERATOR' && !operatedSince
      ? 'SUSPENDED'
      : ((p.operation ? AFTER_OPERATION[p.operation] : undefined) ?? provisioningOf(p.status));
  return { condition, provisioning };
}

/** What the operator reports about one profile now. */
export function simulatedState(operator: TOperator, p: TSimulatedProfile, now: Date): TNetworkState {
  const { condition, provisioning } = profileCondition(p);
  const base = {
    iccid: p.iccid,
    operator,
    provisioning,
    checkedAt: now.toISOString(),
  };
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
  if (provisioning !== 'ACTIVE' || condition === 'NEVER_ATTACHES') {
    // Off the network: a SIM suspended or deactivated was last seen when that happened; one never attached, never.
    const seen = condition !== 'NEVER_ATTACHES' && provisioning !== 'NOT_PROVISIONED' && p.operated_at ? p.operated_at.toISOString() : null;
    return {
      ...base,
      attached: false,
      rat: null,
      network: null,
      roaming: false,
      cellId: null,
      lac: null,
      lastSeenAt: seen,
      lastSession: null,
      smsMo: 0,
      smsMt: 0,
      imeiSeen: seen ? simulatedImei(p.h2) : null,
    };
  }
  const day = indiaDayNumber(now);
  const usage = simulatedDayUsage(p, condition, day);
  const rats: TRat[] = ['4G', 'NB-IoT', 'LTE-M', '4G', '2G'];
  const roaming = condition === 'ROAMING';
  const sessionStart = 600 + (p.h2 % 7200);
  const open = p.h3 % 3 === 0;
  return {
    ...base,
    attached: true,
    rat: rats[p.h2 % rats.length]!,
    network: HOME_NETWORK[roaming ? ROAMING_ON[operator] : operator],
    roaming,
    cellId: String(1_000_000 + (mix(p.h3, 7) % 9_000_000)),
    lac: String(1000 + (p.h2 % 60_000)),
    lastSeenAt: ago(p.h3 % 1800),
    lastSession: {
      startedAt: ago(sessionStart),
      endedAt: open ? null : ago(Math.min(sessionStart - 60, p.h3 % 600)),
      bytesUp: Math.floor(usage.bytesUp / usage.sessions),
      bytesDown: Math.floor(usage.bytesDown / usage.sessions),
      apn: p.apn ?? `${operator.toLowerCase()}.m2m`,
      ip: p.static_ip ?? `10.${(p.h2 >>> 8) & 255}.${p.h2 & 255}.${1 + (p.h3 % 253)}`,
    },
    smsMo: usage.smsMo,
    smsMt: usage.smsMt,
    // The same device day after day; one whose SIM moved to another device, a different one each day.
    imeiSeen: simulatedImei(condition === 'IMEI_MISMATCH' ? mix(p.h3, day) : p.h2),
  };
}

/** The seeds of an operator's profile, in SQL: three 32-bit numbers from md5(operator:iccid). */
const seeds = (operator: string) => sql`
  ('x' || substr(md5(${operator} || ':' || sp.iccid), 1, 8))::bit(32)::bigint::float8 / 4294967296 AS r,
  ('x' || substr(md5(${operator} || ':' || sp.iccid), 9, 8))::bit(32)::bigint AS h2,
  ('x' || substr(md5(${operator} || ':' || sp.iccid), 17, 8))::bit(32)::bigint AS h3`;

/** The profiles of these ICCIDs the operator issued, with what it needs to answer about them. */
export async function simulatedProfiles(db: TExecutor, operator: string, iccids: string[]): Promise<TSimulatedProfile[]> {
  if (iccids.length === 0) return [];
  const { rows } = await db.execute<TSimulatedProfile & { h2: string | number; h3: string | number }>(sql`
    SELECT sp.iccid, s.status, s.apn, s.static_ip, ${seeds(operator)}, c.condition, c.set_at AS condition_at, o.operation,
      o.ready_at AS operated_at
    FROM sim_profiles sp JOIN sims s ON s.id = sp.sim_id
    LEFT JOIN simulator_network_conditions c ON c.operator = ${operator} AND c.iccid = sp.iccid
    LEFT JOIN LATERAL (
      SELECT m.operation, m.ready_at FROM simulator_sims m
      WHERE m.iccid = sp.iccid AND m.operator = ${operator} AND m.result = 'DONE' AND m.ready_at <= now()
        AND m.operation IN ('ACTIVATE', 'RESUME', 'SUSPEND', 'TERMINATE', 'REPLACE')
      ORDER BY m.ready_at DESC LIMIT 1) o ON true
    WHERE sp.iccid = ANY(${sql.param(iccids)}::text[]) AND sp.operator = ${operator}`);
  return rows.map((r) => ({
    ...r,
    h2: Number(r.h2),
    h3: Number(r.h3),
    operated_at: r.operated_at ? new Date(r.operated_at) : null,
    condition_at: r.condition_at ? new Date(r.condition_at) : null,
  }));
}
