/**
 * The devices section of `npm run bench` (issue 17; `--devices 1|0`, `--firmware-devices N`, `--firmware-batch N`,
 * `--device-rows N`), on the bench's throwaway database with a server of its own (the worker inside it):
 *   - a firmware job over `--firmware-devices` devices (at most 10,000, what one Update Firmware takes), each holding one
 *     ACTIVE SIM of one organisation (SIMs and devices made straight in SQL), through the device-management gateway
 *     (`DEVICES`) with its simulator at zero latency, no failures and batches of `--firmware-batch` (10,000: the whole
 *     job in one submission; the gateway's own default is 1,000): POST /device/firmware-update until the job is
 *     COMPLETED (devices/s), then checked: every device runs the new version, and the gateway's
 *     simulator installed it once per device IMEI. Beside it the bare SQL of what the job leaves written (the tasks
 *     settled, the simulator's installation rows, the devices' new version: three statements, one transaction, rolled
 *     back) and the ratio;
 *   - a device upload of `--device-rows` rows (CSV of imei, make, model, firmware_version, serial) into the provider's
 *     stock as staff: POST /device-inventory/upload (time, rows/s, the server's RSS), beside a bare COPY of the same
 *     rows into a scratch copy of `devices` (its indexes included), and beside the SIM upload's rows/s of the same run
 *     (the run's SIM upload section when it ran, else a SIM upload of as many rows made here on this server).
 * Targets (issue 17): a firmware job over 10,000 devices ≤ 60 s at zero simulated latency; a device upload of 100,000
 * rows beside the SIM upload's rows/s in the same run.
 * Answers the lines of its tables (markdown).
 */
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { newId } from '@tarang/shared/common/ids';
import { DEVICE_GATEWAY } from '@tarang/shared/requests/request.constants';
import { luhnCheckDigit } from '@tarang/shared/sims/identifiers';
import { connectDatabase, type TDb } from '../apps/server/src/db/database';
import { DEFAULT_SETTINGS, insertOrganization } from '../apps/server/src/modules/organizations/organizations.repository';
import { copySims, demoSim, nextSerial } from '../apps/server/src/modules/sims/sim-generator';
import { signInOverHttp } from '../apps/server/src/modules/wallets/wallets-test-kit';
import { copyChunks, jsonCall, measured, timedCopy } from './bench-kit';

export type TDevicesServer = { child: ChildProcess; base: string; rss: () => Promise<number> };

/** A SIM upload through POST /sim/large-data, from the POST until its operation is DONE. */
export type TSimUploadFigure = {
  rows: number;
  ms: number;
  bytes: number;
  added: number;
  rejected: number;
  startRss: number;
  peakRss: number;
};

export type TDevicesOptions = {
  databaseUrl: string;
  /** Starts the API as the rest of the bench does, these variables on top of its environment. */
  startApi: (env?: Record<string, string>) => Promise<TDevicesServer>;
  staff: { email: string; password: string };
  /** Devices the firmware job goes over (0: no firmware job; at most 10,000). */
  firmwareDevices: number;
  /** The device-management gateway's batch size for the job (tasks per submission). */
  firmwareBatch: number;
  /** Rows of the device upload (0: no upload). */
  uploadRows: number;
  /** The run's SIM upload, when its section ran. */
  simUpload: TSimUploadFigure | null;
  /** A SIM upload of `rows` rows on this section's server, when the run made none. */
  uploadSims: (server: TDevicesServer, token: string, rows: number) => Promise<TSimUploadFigure>;
  /** A scratch directory for the files sent. */
  workDir: string;
  log: (line: string) => void;
};

const fmt = (n: number) => Math.round(n).toLocaleString('en-IN');
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
/** Keeps a bench step under the access token's lifetime (15 minutes at most): it signs in again past this. */
const TOKEN_REFRESH_MS = 10 * 60_000;
/** Devices one Update Firmware takes. */
const FIRMWARE_DEVICES_MAX = 10_000;
const MAKE = 'Teltonika';
const MODEL = 'FMB920';
const FROM_VERSION = '03.27.14';
const TO_VERSION = '03.28.07';
const UPLOAD_MODELS = [
  ['Teltonika', 'FMB920'],
  ['Queclink', 'GV300'],
  ['Concox', 'AT4'],
  ['iTriangle', 'TS101'],
  ['Jimi', 'JM-VL03'],
] as const;

/** An IMEI: `86`, the series digit, a block of four digits of this run, a seven-digit number, and its Luhn check digit. */
function imeiOf(series: 1 | 2, block: number, n: number): string {
  const body = `86${series}${String(block).padStart(4, '0')}${String(n).padStart(7, '0')}`;
  return body + luhnCheckDigit(body);
}

type TPool = ReturnType<typeof connectDatabase>['pool'];
type TCall = <T>(method: string, url: string, body?: unknown, headers?: Record<string, string>) => Promise<{ status: number; json: T }>;
type TCount = (text: string, values?: unknown[]) => Promise<number>;

export async function measureDevices(o: TDevicesOptions): Promise<string[]> {
  if (o.firmwareDevices > FIRMWARE_DEVICES_MAX) throw new Error(`--firmware-devices takes at most ${FIRMWARE_DEVICES_MAX}`);
  const database = connectDatabase(o.databaseUrl, 10);
  const { pool } = database;
  const lines: string[] = [];
  let server: TDevicesServer | null = null;
  let token = '';
  let signedAt = 0;
  const session = async () => {
    if (!token || performance.now() - signedAt > TOKEN_REFRESH_MS) {
      token = await signInOverHttp(server!.base, o.staff.email, o.staff.password);
      signedAt = performance.now();
    }
    return token;
  };
  const call: TCall = async <T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    jsonCall<T>(server!.base, await session(), method, url, body, headers);
  const count: TCount = async (text, values = []) => Number((await pool.query<{ n: string }>(text, values)).rows[0]!.n);
  // This run's block of IMEIs: a dataset kept from an earlier run (--attach) already holds that run's devices.
  const block = Math.floor(Date.now() / 1000) % 10_000;

  try {
    server = await o.startApi();
    await session();
    if (o.firmwareDevices > 0) lines.push(...(await measureFirmwareJob(o, database.db, pool, call, count, block)));
    if (o.uploadRows > 0) lines.push(...(await measureDeviceUpload(o, server, pool, session, count, block)));
    const [sims, devices] = await Promise.all([count('SELECT count(*) AS n FROM sims'), count('SELECT count(*) AS n FROM devices')]);
    lines.unshift(`Dataset at the end of the section: ${fmt(sims)} SIMs, ${fmt(devices)} devices.`, '');
    return lines;
  } finally {
    if (server) {
      const child = server.child;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    }
    await database.close();
  }
}

async function measureFirmwareJob(o: TDevicesOptions, db: TDb, pool: TPool, call: TCall, count: TCount, block: number): Promise<string[]> {
  const n = o.firmwareDevices;
  o.log(`Devices: an organisation with ${fmt(n)} ACTIVE SIMs and a ${MAKE} ${MODEL} in each …`);
  const orgId = newId();
  await insertOrganization(db, {
    id: orgId,
    tradeName: `Bench Device Fleet ${Date.now().toString(36)}`,
    brandName: null,
    email: null,
    parentId: null,
    path: `/${orgId}/`,
    settings: { ...DEFAULT_SETTINGS },
  });
  const now = Date.now();
  const start = await nextSerial(pool);
  await copySims(pool, {
    start,
    count: n,
    make: (i) => ({
      ...demoSim(start + i, [orgId], now),
      organizationId: orgId,
      status: 'ACTIVE',
      expiresAt: new Date(now + (30 + (i % 300)) * 86_400_000),
      activatedAt: new Date(now - 100 * 86_400_000),
      apn: 'm2m.tarang.in',
      tags: ['bench-firmware'],
    }),
  });
  // The devices in one statement: the i-th ACTIVE SIM of the organisation holds the i-th device.
  const deviceIds = Array.from({ length: n }, () => newId());
  const imeis = Array.from({ length: n }, (_, i) => imeiOf(1, block, i));
  const made = await pool.query(
    `INSERT INTO devices (id, imei, make, model, firmware_version, serial, organization_id, sim_id)
     SELECT ($1::char(24)[])[g.n], ($2::text[])[g.n], $3, $4, $5, 'FW' || lpad(g.n::text, 8, '0'), $6, s.id
     FROM generate_series(1, $7::int) AS g(n)
     JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM sims WHERE organization_id = $6 AND status = 'ACTIVE') s ON s.n = g.n`,
    [deviceIds, imeis, MAKE, MODEL, FROM_VERSION, orgId, n],
  );
  if (made.rowCount !== n) throw new Error(`devices: ${made.rowCount} made of ${n}`);
  await pool.query('VACUUM ANALYZE sims');
  await pool.query('VACUUM ANALYZE sim_profiles');
  await pool.query('VACUUM ANALYZE devices');

  // The version published as staff; the device-management gateway at zero latency, no failures, one batch for the job.
  const checksum = createHash('sha256').update(`${MAKE} ${MODEL} ${TO_VERSION} ${block}`).digest('hex');
  const fw = (
    await call<{ data: { id: string } }>('POST', '/firmware', {
      make: MAKE,
      model: MODEL,
      version: TO_VERSION,
      checksum,
      releaseNotes: 'Bench release',
    })
  ).json.data;
  await pool.query(
    `INSERT INTO operator_gateways (operator, adapter, batch_size, latency_ms, processing_ms, failure_rate, transient_failure_rate, outage)
     VALUES ($1, 'simulator', $2, 0, 0, 0, 0, false)
     ON CONFLICT (operator) DO UPDATE SET adapter = 'simulator', batch_size = EXCLUDED.batch_size, latency_ms = 0, processing_ms = 0,
       failure_rate = 0, transient_failure_rate = 0, outage = false, updated_at = now()`,
    [DEVICE_GATEWAY, o.firmwareBatch],
  );
  const callsBefore = await count(`SELECT coalesce(max(seq), 0) AS n FROM simulator_calls`);
  await pool.query('CHECKPOINT');

  o.log(`Devices: POST /device/firmware-update for ${fmt(n)} devices …`);
  type TAnswer = { data: { request: { jobId: string; batchJobId: string } | null; accepted: number; refused: unknown[] } };
  type TProgress = { data: { status: string; counts: Record<string, number> } };
  const t0 = performance.now();
  const answer = (
    await call<TAnswer>(
      'POST',
      '/device/firmware-update',
      { firmwareId: fw.id, deviceIds },
      { 'idempotency-key': `bench-firmware-${orgId}` },
    )
  ).json.data;
  const postMs = performance.now() - t0;
  if (!answer.request) throw new Error(`POST /device/firmware-update made no request: ${JSON.stringify(answer).slice(0, 500)}`);
  let progress: TProgress['data'];
  for (;;) {
    progress = (await call<TProgress>('GET', `/job-batch/${answer.request.jobId}/progress`)).json.data;
    if (['COMPLETED', 'PARTIAL', 'FAILED', 'CANCELLED'].includes(progress.status) || performance.now() - t0 > 900_000) break;
    await sleep(100);
  }
  const totalMs = performance.now() - t0;

  // The checks: every device on the new version; the simulator installed it once per device IMEI.
  const updated = await count(`SELECT count(*) AS n FROM devices WHERE id = ANY($1::char(24)[]) AND firmware_version = $2`, [
    deviceIds,
    TO_VERSION,
  ]);
  const { rows: installs } = await pool.query<{ rows: string; imeis: string; once: string; more: string; right: string }>(
    `SELECT coalesce(sum(c), 0) AS rows, count(*) AS imeis, count(*) FILTER (WHERE c = 1) AS once, count(*) FILTER (WHERE c > 1) AS more,
       coalesce(sum(ok), 0) AS right
     FROM (SELECT imei, count(*) AS c, count(*) FILTER (WHERE version = $2 AND checksum = $3) AS ok
       FROM simulator_device_firmware WHERE imei = ANY($1::text[]) GROUP BY imei) x`,
    [imeis, TO_VERSION, checksum],
  );
  const inst = installs[0]!;
  const { rows: calls } = await pool.query<{ call: string; n: string }>(
    `SELECT call, count(*) AS n FROM simulator_calls WHERE seq > $1 AND operator = $2 GROUP BY call ORDER BY call`,
    [callsBefore, DEVICE_GATEWAY],
  );
  const gatewayCalls = calls.map((c) => `${c.n} ${c.call}`).join(', ') || 'none';

  // Bare: what the job leaves written, in one transaction rolled back: the tasks settled, the simulator's rows, the version.
  const client = await pool.connect();
  let bareMs: number;
  let bareRows = 0;
  try {
    await client.query('BEGIN');
    const jobId = newId();
    const b0 = performance.now();
    const tasks = await client.query(
      `INSERT INTO job_tasks (job_id, mno_job_id, sim_id, iccid, operator, status, tries, done_by)
       SELECT $1, $2, d.sim_id, s.primary_iccid, $3, 'SUCCEEDED', 1, 'OPERATOR'
       FROM devices d JOIN sims s ON s.id = d.sim_id WHERE d.id = ANY($4::char(24)[])`,
      [jobId, newId(), DEVICE_GATEWAY, deviceIds],
    );
    const installed = await client.query(
      `INSERT INTO simulator_device_firmware (task_key, imei, version, checksum, installed_at)
       SELECT 'bare:' || d.id, d.imei, $2, $3, now() FROM devices d WHERE d.id = ANY($1::char(24)[])`,
      [deviceIds, `${TO_VERSION}-bare`, checksum],
    );
    const versions = await client.query(
      `UPDATE devices SET firmware_version = $2, version = version + 1, updated_at = now() WHERE id = ANY($1::char(24)[])`,
      [deviceIds, `${TO_VERSION}-bare`],
    );
    bareMs = performance.now() - b0;
    bareRows = (tasks.rowCount ?? 0) + (installed.rowCount ?? 0) + (versions.rowCount ?? 0);
    await client.query('ROLLBACK');
  } finally {
    client.release();
  }

  const done = progress.counts.succeeded ?? 0;
  const lines: string[] = [];
  lines.push(
    `| firmware job, device-management gateway at zero latency (batches of ${fmt(o.firmwareBatch)}), worker inside the server | devices | POST /device/firmware-update | until COMPLETED | devices/s | checks | beside |`,
  );
  lines.push('|---|---:|---:|---:|---:|---|---|');
  lines.push(
    `| Update Firmware ${MAKE} ${MODEL} ${FROM_VERSION} → ${TO_VERSION}, each device holding one ACTIVE SIM of one organisation (${fmt(answer.accepted)} accepted, ${fmt(answer.refused.length)} refused; job ${progress.status}: ${fmt(done)} succeeded, ${fmt(progress.counts.failed ?? 0)} failed; gateway calls ${gatewayCalls}) | ${fmt(n)} | ${secs(postMs)} | ${secs(totalMs)} | ${fmt(done / (totalMs / 1000))} | devices on ${TO_VERSION}: ${fmt(updated)} of ${fmt(n)}; simulator_device_firmware: ${fmt(Number(inst.rows))} rows for ${fmt(Number(inst.imeis))} IMEIs, ${fmt(Number(inst.once))} exactly once, ${fmt(Number(inst.more))} more than once, ${fmt(Number(inst.right))} with the version and checksum | bare SQL of what the job leaves written (${fmt(bareRows)} rows: the tasks SUCCEEDED, the simulator's installations, the devices' version; 3 statements, one transaction, rolled back) ${secs(bareMs)}: ${(totalMs / bareMs).toFixed(0)}× |`,
  );
  lines.push('');
  return lines;
}

async function measureDeviceUpload(
  o: TDevicesOptions,
  server: TDevicesServer,
  pool: TPool,
  session: () => Promise<string>,
  count: TCount,
  block: number,
): Promise<string[]> {
  const rows = o.uploadRows;
  const file = path.join(o.workDir, 'devices-upload.csv');
  const records: string[][] = [];
  let csv = 'imei,make,model,firmware_version,serial\n';
  for (let i = 0; i < rows; i++) {
    const [make, model] = UPLOAD_MODELS[i % UPLOAD_MODELS.length]!;
    const record = [imeiOf(2, block, i), make, model, `${1 + (i % 4)}.${i % 10}.${i % 7}`, `SN${block}${String(i).padStart(8, '0')}`];
    records.push(record);
    csv += `${record.join(',')}\n`;
  }
  await writeFile(file, csv);
  const bytes = (await stat(file)).size;
  const stockBefore = await count('SELECT count(*) AS n FROM devices WHERE organization_id IS NULL');
  await pool.query('CHECKPOINT');

  o.log(`Devices: POST /device-inventory/upload of ${fmt(rows)} rows (${mb(bytes)}) …`);
  type TUpload = { data: { rows: number; added: number; rejectedCount: number } };
  const up = await measured(server, async () => {
    const form = new FormData();
    form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'bench-devices.csv');
    const res = await fetch(`${server.base}/device-inventory/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await session()}` },
      body: form,
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`POST /device-inventory/upload: ${res.status} ${text.slice(0, 500)}`);
    return (JSON.parse(text) as TUpload).data;
  });
  await unlink(file).catch(() => {});
  const stockAdded = (await count('SELECT count(*) AS n FROM devices WHERE organization_id IS NULL')) - stockBefore;

  // Bare: COPY of the same rows into a scratch copy of the devices table, its indexes included.
  o.log(`Devices: a bare COPY of the same ${fmt(rows)} rows …`);
  await pool.query('DROP TABLE IF EXISTS bench_devices_copy');
  await pool.query('CREATE TABLE bench_devices_copy (LIKE devices INCLUDING ALL)');
  await pool.query('CHECKPOINT');
  const copyMs = await timedCopy(
    pool,
    'COPY bench_devices_copy (id, imei, make, model, firmware_version, serial) FROM STDIN',
    copyChunks(records.length, (i) => `${newId()}\t${records[i]!.join('\t')}\n`),
  );
  await pool.query('DROP TABLE bench_devices_copy');

  // The SIM upload of the same run: its own section's, or one made here on this server.
  let sims = o.simUpload;
  let simsHere = false;
  if (!sims) {
    await pool.query('CHECKPOINT');
    o.log(`Devices: a SIM upload of ${fmt(rows)} rows beside it …`);
    sims = await o.uploadSims(server, await session(), rows);
    simsHere = true;
  }

  const upRate = up.result.rows / (up.ms / 1000);
  const copyRate = rows / (copyMs / 1000);
  const simRate = sims.rows / (sims.ms / 1000);
  const lines: string[] = [];
  lines.push('| uploads, as staff | rows | file | time | rows/s | server RSS (start → peak) | beside |');
  lines.push('|---|---:|---:|---:|---:|---:|---|');
  lines.push(
    `| POST /device-inventory/upload, CSV of imei, make, model, firmware_version, serial into the provider's stock (answered when written; ${fmt(up.result.added)} added, ${fmt(up.result.rejectedCount)} not added; ${fmt(stockAdded)} more devices in stock) | ${fmt(up.result.rows)} | ${mb(bytes)} | ${secs(up.ms)} | ${fmt(upRate)} | ${mb(up.startRss)} → ${mb(up.peakRss)} | bare COPY of the same rows into a scratch copy of devices (indexes included) ${secs(copyMs)}, ${fmt(copyRate)} rows/s: upload at ${((100 * upRate) / copyRate).toFixed(0)}% of COPY; ${((100 * upRate) / simRate).toFixed(0)}% of the SIM upload's rows/s |`,
  );
  lines.push(
    `| POST /sim/large-data, CSV of SIMs (30% with a second profile) until its operation is DONE (${simsHere ? "made by this section on this section's server" : "the run's upload section, on the run's first server"}; ${fmt(sims.added)} added, ${fmt(sims.rejected)} rejected) | ${fmt(sims.rows)} | ${mb(sims.bytes)} | ${secs(sims.ms)} | ${fmt(simRate)} | ${mb(sims.startRss)} → ${mb(sims.peakRss)} | device upload ${(upRate / simRate).toFixed(2)}× its rows/s |`,
  );
  lines.push('');
  return lines;
}
