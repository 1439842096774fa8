import { createHash } from 'node:crypto';
import type { TGatewaySettings } from '@tarang/shared/requests/request.schemas';
import type { OPERATORS } from '@tarang/shared/sims/identifiers';
import type { TNetworkState } from '@tarang/shared/sims/network-state';
import type { TProfileDayUsage } from '@tarang/shared/sims/usage.schemas';
import { sql } from 'drizzle-orm';
import type { TDb, TExecutor } from '../../db/database';
import { simulatedDayUsages, simulatedProfiles, simulatedState } from './simulator-network';

/**
 * The operator gateway (docs/decisions/013): how Tarang hands work to an MNO. No operator publishes an API we can
 * call here, so the shipped adapter is a simulator; a real adapter implements the same calls.
 *
 * Every SIM goes with a task key (`<task id>-<attempt>`). An adapter must apply a key at most once however often it
 * is submitted, and `poll` must say whether a submission is known at all: after a crash or a timeout the engine
 * polls first and re-submits (with the same keys) only what the operator never received.
 */

export type TGatewaySettingsRow = TGatewaySettings;

export type TGatewayTask = {
  key: string;
  iccid: string;
  imei?: string | null;
  /** A whitelist operation: what the profile is to hold of a kind; items null takes the whitelist off. */
  whitelist?: { kind: 'IP' | 'NUMBER'; items: unknown[] | null };
  /** A replacement (SIM swap): the ICCID the profile's number and services move to; the profile itself is deactivated. */
  replaceWith?: string;
  /** A firmware update (device-management gateway): the device reached through the SIM, and what to install. */
  firmware?: { imei: string; version: string; checksum: string };
};
export type TTaskOutcome = 'DONE' | 'FAILED' | 'RETRY' | 'CANCELLED' | 'PENDING';
export type TTaskResult = { key: string; outcome: TTaskOutcome; error: string | null };

export interface TOperatorGateway {
  /** Hands a batch to the operator. Throws GatewayError when the operator cannot be reached or does not answer in time. */
  submit(submissionId: string, operation: string, tasks: TGatewayTask[]): Promise<{ accepted: number; duplicates: number }>;
  /** What became of a submission: `known: false` when the operator never received it. */
  poll(submissionId: string): Promise<{ known: boolean; results: TTaskResult[] }>;
  /** Withdraws keys of a submission the operator has not carried out yet; answers the keys withdrawn. */
  cancel(submissionId: string, keys: string[]): Promise<{ cancelled: string[] }>;
  /** The whitelists the operator holds now on these profiles (those it holds none of a kind on are left out). */
  appliedWhitelists(iccids: string[]): Promise<TAppliedWhitelist[]>;
  /** What the operator reports now about these profiles on its network (profiles it never issued are left out). */
  networkStates(iccids: string[]): Promise<TNetworkState[]>;
  /**
   * What these profiles used on one India day (YYYY-MM-DD): data and SMS. Profiles that used nothing, or that the
   * operator never issued, are left out. Asking twice about a day gives the same figures.
   */
  dayUsage(day: string, iccids: string[]): Promise<TProfileDayUsage[]>;
}

export type TAppliedWhitelist = { iccid: string; kind: 'IP' | 'NUMBER'; items: unknown[] | null };

export class GatewayError extends Error {
  constructor(
    readonly kind: 'UNAVAILABLE' | 'TIMEOUT',
    message: string,
  ) {
    super(message);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs an adapter call under the operator's timeout: past it the caller gets a TIMEOUT and must not assume anything. */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GatewayError('TIMEOUT', `${what}: no answer within ${ms} ms`)), ms);
  });
  work.catch(() => {}); // a call that loses the race still settles; its error is not the caller's
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A number in [0, 1) from a task key: the simulator's outcome for a key is the same every time it is asked. */
function roll(key: string, salt: string): number {
  return createHash('sha256').update(`${salt}:${key}`).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * The simulated operator. Its state — the SIMs it received and what it did with them, and a log of every call —
 * lives in its own tables (simulator_sims, simulator_calls) on the same database, as if it were the operator's side.
 * Behaviour comes from operator_gateways: latency per call, processing time before results are ready, a share of
 * SIMs rejected for good (failureRate) or for now (transientFailureRate: "busy, try again"), and outages.
 */
export function simulatorGateway(db: TDb, settings: TGatewaySettingsRow): TOperatorGateway {
  const op = settings.operator;
  const log = (call: 'SUBMIT' | 'POLL' | 'CANCEL', submissionId: string, outcome: string, sims = 0, duplicates = 0) =>
    db.execute(sql`INSERT INTO simulator_calls (operator, call, submission_id, sims, duplicates, outcome)
      VALUES (${op}, ${call}, ${submissionId}, ${sims}, ${duplicates}, ${outcome})`);
  const unavailable = async (call: 'SUBMIT' | 'POLL' | 'CANCEL', submissionId: string, sims = 0) => {
    await log(call, submissionId, 'UNAVAILABLE', sims);
    await sleep(settings.latencyMs);
    throw new GatewayError('UNAVAILABLE', `${op} is not answering (outage)`);
  };
  return {
    async submit(submissionId, operation, tasks) {
      if (settings.outage) return await unavailable('SUBMIT', submissionId, tasks.length);
      const devices = await deviceConditions(db, tasks);
      const outcomes = tasks.map((t) => {
        const device = t.firmware ? devices.get(t.firmware.imei) : undefined;
        if (device === 'OFFLINE') return { result: 'RETRY', error: 'The device is offline: it gets the firmware when it next connects' };
        if (device === 'INSTALL_FAILS') {
          return { result: 'FAILED', error: `The device downloaded ${t.firmware!.version} but could not install it` };
        }
        const tooMany = whitelistOverLimit(settings, t.whitelist);
        if (tooMany) return { result: 'FAILED', error: tooMany };
        const r = roll(t.key, op);
        if (r < settings.failureRate) return { result: 'FAILED', error: `${op} rejected the SIM: not provisioned for ${operation}` };
        if (r < settings.failureRate + settings.transientFailureRate) return { result: 'RETRY', error: `${op} is busy: try again` };
        return { result: 'DONE', error: null };
      });
      // The operator receives the batch first and answers after its latency: a caller that times out has still delivered it.
      const inserted = await db.execute<{ n: number }>(sql`
        WITH ins AS (
          INSERT INTO simulator_sims (operator, task_key, submission_id, iccid, operation, result, error, ready_at)
          SELECT ${op}, k, ${submissionId}, i, ${operation}, r, e, now() + make_interval(secs => ${settings.processingMs / 1000})
          FROM unnest(${sql.param(tasks.map((t) => t.key))}::text[], ${sql.param(tasks.map((t) => t.iccid))}::text[],
            ${sql.param(outcomes.map((o) => o.result))}::text[], ${sql.param(outcomes.map((o) => o.error))}::text[]) AS x(k, i, r, e)
          ON CONFLICT (operator, task_key) DO NOTHING
          RETURNING 1)
        SELECT count(*)::int AS n FROM ins`);
      const accepted = inserted.rows[0]?.n ?? 0;
      // Whitelists the operator will hold once it has processed them (a key it already had is not applied again).
      const applied = tasks.filter((t, i) => t.whitelist && outcomes[i]!.result === 'DONE');
      if (applied.length) {
        await db.execute(sql`
          INSERT INTO simulator_whitelists (operator, iccid, kind, items, effective_at, task_key)
          SELECT ${op}, x.i, x.k, x.w::jsonb, now() + make_interval(secs => ${settings.processingMs / 1000}), x.key
          FROM unnest(${sql.param(applied.map((t) => t.iccid))}::text[], ${sql.param(applied.map((t) => t.whitelist!.kind))}::text[],
            ${sql.param(applied.map((t) => (t.whitelist!.items === null ? null : JSON.stringify(t.whitelist!.items))))}::text[],
            ${sql.param(applied.map((t) => t.key))}::text[]) AS x(i, k, w, key)
          WHERE NOT EXISTS (SELECT 1 FROM simulator_whitelists s WHERE s.operator = ${op} AND s.task_key = x.key)`);
      }
      // A swap carried out: the new ICCID is active with the old one's number and whitelists; the old one is deactivated.
      const swapped = tasks.filter((t, i) => t.replaceWith && outcomes[i]!.result === 'DONE');
      if (swapped.length) {
        const keys = sql.param(swapped.map((t) => t.key));
        const news = sql.param(swapped.map((t) => t.replaceWith!));
        await db.execute(sql`
          INSERT INTO simulator_sims (operator, task_key, submission_id, iccid, operation, result, error, ready_at)
          SELECT ${op}, x.k || '>new', ${submissionId}, x.n, 'ACTIVATE', 'DONE', NULL, now() + make_interval(secs => ${settings.processingMs / 1000})
          FROM unnest(${keys}::text[], ${news}::text[]) AS x(k, n)
          ON CONFLICT (operator, task_key) DO NOTHING`);
        await db.execute(sql`
          INSERT INTO simulator_whitelists (operator, iccid, kind, items, effective_at, task_key)
          SELECT DISTINCT ON (w.iccid, w.kind) ${op}, x.n, w.kind, w.items, now() + make_interval(secs => ${settings.processingMs / 1000}), x.k || '>new'
          FROM unnest(${sql.param(swapped.map((t) => t.iccid))}::text[], ${news}::text[], ${keys}::text[]) AS x(o, n, k)
          JOIN simulator_whitelists w ON w.operator = ${op} AND w.iccid = x.o AND NOT w.withdrawn
          WHERE NOT EXISTS (SELECT 1 FROM simulator_whitelists s WHERE s.operator = ${op} AND s.task_key = x.k || '>new')
          ORDER BY w.iccid, w.kind, w.seq DESC`);
      }
      // Firmware installed: the device reports its new version (a key it had already applied is not applied again).
      const installed = tasks.filter((t, i) => t.firmware && outcomes[i]!.result === 'DONE');
      if (installed.length) {
        await db.execute(sql`
          INSERT INTO simulator_device_firmware (task_key, imei, version, checksum, installed_at)
          SELECT x.k, x.i, x.v, x.c, now() + make_interval(secs => ${settings.processingMs / 1000})
          FROM unnest(${sql.param(installed.map((t) => t.key))}::text[], ${sql.param(installed.map((t) => t.firmware!.imei))}::text[],
            ${sql.param(installed.map((t) => t.firmware!.version))}::text[], ${sql.param(installed.map((t) => t.firmware!.checksum))}::text[])
            AS x(k, i, v, c)
          ON CONFLICT (task_key) DO NOTHING`);
      }
      await log('SUBMIT', submissionId, 'ACCEPTED', tasks.length, tasks.length - accepted);
      await sleep(settings.latencyMs);
      return { accepted, duplicates: tasks.length - accepted };
    },
    async poll(submissionId) {
      if (settings.outage) return await unavailable('POLL', submissionId);
      const { rows } = await db.execute<{ task_key: string; result: string; error: string | null; ready: boolean }>(sql`
        SELECT task_key, result, error, ready_at <= now() AS ready FROM simulator_sims
        WHERE operator = ${op} AND submission_id = ${submissionId}`);
      await log('POLL', submissionId, rows.length ? 'ANSWERED' : 'UNKNOWN', rows.length);
      await sleep(settings.latencyMs);
      return {
        known: rows.length > 0,
        results: rows.map((r) => ({
          key: r.task_key,
          outcome: r.result === 'CANCELLED' ? 'CANCELLED' : r.ready ? (r.result as TTaskOutcome) : 'PENDING',
          error: r.result === 'CANCELLED' ? 'Withdrawn before the operator carried it out' : r.ready ? r.error : null,
        })),
      };
    },
    async cancel(submissionId, keys) {
      if (settings.outage) return await unavailable('CANCEL', submissionId, keys.length);
      const { rows } = await db.execute<{ task_key: string }>(sql`
        UPDATE simulator_sims SET result = 'CANCELLED', error = NULL
        WHERE operator = ${op} AND submission_id = ${submissionId} AND task_key = ANY(${sql.param(keys)}::text[])
          AND ready_at > now() AND result <> 'CANCELLED'
        RETURNING task_key`);
      if (rows.length) {
        await db.execute(sql`UPDATE simulator_whitelists SET withdrawn = true
          WHERE operator = ${op} AND task_key = ANY(${sql.param(rows.map((r) => r.task_key))}::text[])`);
      }
      await log('CANCEL', submissionId, 'ANSWERED', keys.length);
      await sleep(settings.latencyMs);
      return { cancelled: rows.map((r) => r.task_key) };
    },
    async appliedWhitelists(iccids) {
      if (settings.outage) return await unavailable('POLL', 'whitelists', iccids.length);
      const { rows } = await db.execute<TAppliedWhitelist>(sql`
        SELECT DISTINCT ON (iccid, kind) iccid, kind, items FROM simulator_whitelists
        WHERE operator = ${op} AND iccid = ANY(${sql.param(iccids)}::text[]) AND effective_at <= now() AND NOT withdrawn
        ORDER BY iccid, kind, seq DESC`);
      await sleep(settings.latencyMs);
      return rows;
    },
    async networkStates(iccids) {
      if (settings.outage) return await unavailable('POLL', 'network', iccids.length);
      const profiles = await simulatedProfiles(db, op, iccids);
      await log('POLL', 'network', 'ANSWERED', profiles.length);
      await sleep(settings.latencyMs);
      const now = new Date();
      return profiles.map((p) => simulatedState(op as (typeof OPERATORS)[number], p, now));
    },
    async dayUsage(day, iccids) {
      if (settings.outage) return await unavailable('POLL', 'usage', iccids.length);
      const profiles = await simulatedProfiles(db, op, iccids);
      await log('POLL', 'usage', 'ANSWERED', profiles.length);
      await sleep(settings.latencyMs);
      return simulatedDayUsages(profiles, day);
    },
  };
}

/** What staff told the device-management simulator about the devices of these tasks (ONLINE when nothing). */
async function deviceConditions(db: TDb, tasks: TGatewayTask[]): Promise<Map<string, string>> {
  const imeis = tasks.filter((t) => t.firmware).map((t) => t.firmware!.imei);
  if (imeis.length === 0) return new Map();
  const { rows } = await db.execute<{ imei: string; condition: string }>(
    sql`SELECT imei, condition FROM simulator_device_conditions WHERE imei = ANY(${sql.param(imeis)}::text[])`,
  );
  return new Map(rows.map((r) => [r.imei, r.condition]));
}

/** The operator's refusal of a whitelist longer than it takes on one SIM, or null. */
function whitelistOverLimit(settings: TGatewaySettingsRow, whitelist: TGatewayTask['whitelist']): string | null {
  if (!whitelist?.items) return null;
  const limit = whitelist.kind === 'IP' ? settings.whitelistIpLimit : settings.whitelistNumberLimit;
  if (whitelist.items.length <= limit) return null;
  const what = whitelist.kind === 'IP' ? 'IP entries' : 'numbers';
  return `${settings.operator} takes at most ${limit} ${what} on a SIM; this whitelist has ${whitelist.items.length}`;
}

/** The adapter configured for an operator. 'manual': no adapter, staff work the MNO jobs at the operator's portal. */
export function gatewayFor(db: TDb, settings: TGatewaySettingsRow): TOperatorGateway | null {
  if (settings.adapter === 'simulator') return simulatorGateway(db, settings);
  return null;
}

/**
 * Waits for the operator's rate limit before sending `sims` SIMs: the slot is taken on the shared row, so the limit
 * holds across every worker process.
 */
export async function takeRateSlot(db: TExecutor, settings: TGatewaySettings, sims: number, signal?: AbortSignal): Promise<void> {
  if (settings.ratePerSecond <= 0) return;
  const { rows } = await db.execute<{ wait_ms: number }>(sql`
    WITH old AS (SELECT greatest(next_slot_at, now()) AS slot FROM operator_gateways WHERE operator = ${settings.operator} FOR UPDATE)
    UPDATE operator_gateways g SET next_slot_at = old.slot + make_interval(secs => ${sims / settings.ratePerSecond})
    FROM old WHERE g.operator = ${settings.operator}
    RETURNING greatest(0, extract(epoch FROM old.slot - now()) * 1000)::float8 AS wait_ms`);
  const wait = rows[0]?.wait_ms ?? 0;
  if (wait > 0 && !signal?.aborted) await sleep(wait);
}
