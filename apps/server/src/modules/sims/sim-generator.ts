import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { newId } from '@tarang/shared/common/ids';
import { generatedIccid, generatedIccidPrefix, generatedImei, simIdentity } from '@tarang/shared/sims/generated-identifiers';
import type { TOperator } from '@tarang/shared/sims/identifiers';
import type { TSimStatus } from '@tarang/shared/sims/sim.constants';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * Made-up SIMs (demo data, tests, the benchmark) with the identities of @tarang/shared/sims/generated-identifiers: a
 * believable mix of statuses, organisations and profiles, loaded through COPY, which scales to tens of millions.
 */

export const GENERATED_OPERATORS: TOperator[] = ['AIRTEL', 'BSNL', 'VI'];

/** The next free serial: past every ICCID this generator made. */
export async function nextSerial(client: pg.Pool | pg.Client): Promise<number> {
  let max = 0;
  for (const op of GENERATED_OPERATORS) {
    const { rows } = await client.query<{ iccid: string | null }>(
      `SELECT max(iccid) AS iccid FROM sim_profiles WHERE iccid LIKE $1 AND length(iccid) = 19`,
      [`${generatedIccidPrefix(op)}%`],
    );
    if (rows[0]?.iccid) max = Math.max(max, Number(rows[0].iccid.slice(6, 18)));
  }
  return max + 1;
}

export type TGeneratedSim = {
  organizationId: string | null;
  status: TSimStatus;
  operators: TOperator[];
  label: string | null;
  tags: string[];
  expiresAt: Date | null;
  activatedAt: Date | null;
  imeiLock: boolean;
  createdAt: Date;
  apn: string | null;
};

/** Deterministic pseudo-random numbers (mulberry32). */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STATUS_WEIGHTS: [TSimStatus, number][] = [
  ['IN_STOCK', 20],
  ['ALLOCATED', 15],
  ['ACTIVE', 45],
  ['SUSPENDED', 7],
  ['BARRED', 3],
  ['TERMINATED', 5],
  ['REPLACED', 1],
  ['PENDING_ACTIVE', 3],
  ['PENDING_SUSPENDED', 1],
];
const LABELS = ['Truck', 'Meter', 'Bin', 'Bus', 'Tractor', 'Gateway'];
const TAGS = ['fleet', 'metering', 'pilot', 'north', 'south', 'priority'];

/** A believable mix: statuses, organisations, one or two profiles (30% dual), expiries, labels, tags and IMEI locks. */
export function demoSim(i: number, orgIds: string[], now: number): TGeneratedSim {
  const r = random(i * 7919 + 17);
  let pick = r() * 100;
  let status: TSimStatus = 'ACTIVE';
  for (const [s, w] of STATUS_WEIGHTS) {
    if (pick < w) {
      status = s;
      break;
    }
    pick -= w;
  }
  const inStock = status === 'IN_STOCK';
  const primary = GENERATED_OPERATORS[Math.floor(r() * 3)]!;
  const operators: TOperator[] = [primary];
  if (r() < 0.3) operators.push(GENERATED_OPERATORS[(GENERATED_OPERATORS.indexOf(primary) + 1 + Math.floor(r() * 2)) % 3]!);
  const live = !inStock && status !== 'ALLOCATED';
  const expiresAt = live ? new Date(now + Math.floor((r() * 395 - 30) * 86_400_000)) : null;
  return {
    organizationId: inStock ? null : orgIds[Math.floor(r() * orgIds.length)]!,
    status,
    operators,
    label: r() < 0.4 ? `${LABELS[Math.floor(r() * LABELS.length)]} ${1 + Math.floor(r() * 9999)}` : null,
    tags: r() < 0.3 ? [TAGS[Math.floor(r() * TAGS.length)]!] : [],
    expiresAt,
    activatedAt: expiresAt ? new Date(expiresAt.getTime() - 365 * 86_400_000) : null,
    imeiLock: live && r() < 0.15,
    createdAt: new Date(now - Math.floor(r() * 730 * 86_400_000)),
    apn: live ? 'm2m.tarang.in' : null,
  };
}

const copyText = (v: string | null) => (v === null ? '\\N' : v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n'));

/**
 * Loads `count` SIMs through COPY, starting at serial `start`; `make(i)` decides each one. Returns the serial after
 * the last one used. Two passes over the same deterministic rows: SIMs, then their profiles (the foreign key).
 */
export async function copySims(
  pool: pg.Pool,
  options: { start: number; count: number; make: (i: number) => TGeneratedSim; chunk?: number },
): Promise<number> {
  const { start, count, make } = options;
  const chunk = options.chunk ?? 2000;
  const ids: string[] = new Array(count);
  const serialOf = new Array<number>(count);
  let serial = start;
  for (let i = 0; i < count; i++) {
    ids[i] = newId();
    serialOf[i] = serial;
    serial += make(i).operators.length;
  }
  async function* simLines() {
    let buf = '';
    for (let i = 0; i < count; i++) {
      const s = make(i);
      const iccid = generatedIccid(serialOf[i]!, s.operators[0]!);
      const lockedImei = s.imeiLock ? generatedImei(serialOf[i]!) : null;
      buf += `${[
        ids[i]!,
        iccid,
        copyText(s.organizationId),
        s.status,
        copyText(s.activatedAt?.toISOString() ?? null),
        copyText(s.expiresAt?.toISOString() ?? null),
        copyText(s.apn),
        s.imeiLock ? 't' : 'f',
        copyText(lockedImei),
        copyText(lockedImei),
        copyText(s.label),
        `{${s.tags.join(',')}}`,
        s.createdAt.toISOString(),
        s.createdAt.toISOString(),
      ].join('\t')}\n`;
      if ((i + 1) % chunk === 0) {
        yield buf;
        buf = '';
      }
    }
    if (buf) yield buf;
  }
  async function* profileLines() {
    let buf = '';
    for (let i = 0; i < count; i++) {
      const s = make(i);
      s.operators.forEach((op, position) => {
        const id = simIdentity(serialOf[i]! + position, op);
        buf += `${ids[i]}\t${position}\t${id.iccid}\t${id.imsi}\t${id.msisdn}\t${op}\n`;
      });
      if ((i + 1) % chunk === 0) {
        yield buf;
        buf = '';
      }
    }
    if (buf) yield buf;
  }
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await pipeline(
      Readable.from(simLines()),
      client.query(
        copyFrom(`COPY sims (id, primary_iccid, organization_id, status, activated_at, expires_at, apn, imei_lock, locked_imei,
          last_imei, label, tags, created_at, updated_at) FROM STDIN`),
      ),
    );
    await pipeline(
      Readable.from(profileLines()),
      client.query(copyFrom('COPY sim_profiles (sim_id, position, iccid, imsi, msisdn, operator) FROM STDIN')),
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  return serial;
}
