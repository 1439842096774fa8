import { performance } from 'node:perf_hooks';
import { measured } from './bench-kit';

/**
 * Report exports (issue 18): each large declared report exported whole through GET /report/{id}/export, as CSV and as
 * XLSX, on the bench's dataset — time, rows, rows/s and the server's RSS (start → peak) — beside the bare SQL that
 * reads the same rows (a COPY of the report's own columns to nowhere). Targets: 1,000,000 rows ≤ 30 s at ≤ 300 MB RSS.
 */

type TServer = { base: string; rss: () => Promise<number> };
type TPool = { query: <R>(text: string) => Promise<{ rows: R[] }> };

/** Rows of a CSV report: its lines after the empty one that ends the description. */
async function countCsvRows(body: AsyncIterable<Uint8Array>): Promise<{ bytes: number; rows: number }> {
  let bytes = 0;
  let lines = 0;
  let blankAt = -1;
  let previous = -1;
  for await (const chunk of body) {
    for (let i = 0; i < chunk.length; i++) {
      if (chunk[i] !== 10) continue;
      const at = bytes + i;
      // "\r\n\r\n": the empty line after the description.
      if (blankAt < 0 && previous >= 0 && at - previous === 2) blankAt = lines;
      previous = at;
      lines += 1;
    }
    bytes += chunk.length;
  }
  // After the empty line: the header, then the rows.
  return { bytes, rows: lines - blankAt - 2 };
}

async function drain(body: AsyncIterable<Uint8Array>): Promise<{ bytes: number }> {
  let bytes = 0;
  for await (const chunk of body) bytes += chunk.length;
  return { bytes };
}

/** The CSV's row count of a report, for its XLSX line (the workbook is not unpacked to count). */
const lastCsvRows = new Map<string, number>();

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const fmt = (n: number) => n.toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/** The bare read of each report's rows: the same tables and joins, every row, to nowhere. */
const BARE: Record<string, string> = {
  'atomic-sims': `COPY (SELECT p.iccid, p.imsi, p.msisdn, p.operator, p.position, s.primary_iccid, s.status, o.trade_name, s.organization_id,
      s.plan_id, s.activated_at, s.expires_at, s.apn, s.static_ip, s.imei_lock, s.locked_imei, s.last_imei, s.label, s.tags, s.created_at
    FROM sims s JOIN sim_profiles p ON p.sim_id = s.id LEFT JOIN organizations o ON o.id = s.organization_id ORDER BY s.primary_iccid, p.position) TO '/dev/null'`,
  'expiry-sims': `COPY (SELECT s.primary_iccid, s.status, o.trade_name, s.expires_at, s.label FROM sims s LEFT JOIN organizations o ON o.id = s.organization_id
    WHERE s.expires_at BETWEEN now() AND now() + interval '365 days' ORDER BY s.expires_at, s.primary_iccid) TO '/dev/null'`,
};

export async function measureReportExports(options: {
  server: TServer;
  token: string;
  pool: TPool;
  settle: () => Promise<void>;
  log: (line: string) => void;
}): Promise<string[]> {
  const { server, token, pool } = options;
  const out = [
    '| report export | rows | time | rows/s | server RSS (start → peak) | bare SQL | ratio |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  const cases: { report: string; query: string; format: 'csv' | 'xlsx' }[] = [
    { report: 'atomic-sims', query: '', format: 'csv' },
    { report: 'atomic-sims', query: '', format: 'xlsx' },
    { report: 'expiry-sims', query: 'days=365', format: 'csv' },
  ];
  const bare = new Map<string, number>();
  for (const c of cases) {
    await options.settle();
    options.log(`report export: ${c.report} ${c.format}`);
    const run = await measured(server, async () => {
      const res = await fetch(`${server.base}/report/${c.report}/export?format=${c.format}${c.query ? `&${c.query}` : ''}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!res.ok || !res.body) throw new Error(`export ${c.report}: ${res.status} ${await res.text()}`);
      const body = res.body as unknown as AsyncIterable<Uint8Array>;
      return c.format === 'csv' ? await countCsvRows(body) : { ...(await drain(body)), rows: -1 };
    });
    if (!bare.has(c.report)) {
      const started = performance.now();
      await pool.query(BARE[c.report]!);
      bare.set(c.report, performance.now() - started);
    }
    const rows = run.result.rows >= 0 ? run.result.rows : (lastCsvRows.get(c.report) ?? 0);
    if (c.format === 'csv') lastCsvRows.set(c.report, rows);
    const bareMs = bare.get(c.report)!;
    out.push(
      `| ${c.report} ${c.format.toUpperCase()} (${mb(run.result.bytes)}) | ${fmt(rows)} | ${secs(run.ms)} | ${fmt(Math.round(rows / (run.ms / 1000)))} | ${mb(run.startRss)} → ${mb(run.peakRss)} | ${secs(bareMs)} | ${(run.ms / bareMs).toFixed(1)}× |`,
    );
  }
  return out;
}

export const ISSUE_18_EXPORT_TARGETS =
  'Targets (issue 18): an export of 1,000,000 rows of each large report in at most 30 s at no more than 300 MB of server RSS.';
