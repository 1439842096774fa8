/**
 * The dashboards section of `npm run bench` (issue 18; `--dashboard 1|0`, `--dashboard-requests N`), on the bench's
 * dataset and server: GET /dashboard and GET /dashboardv2 as staff over the whole platform, and as an organisation's
 * subtree (the organisation holding most SIMs, via organizationId), p50/p95/max over N requests each, one at a time;
 * beside them the direct count the aggregates replace (SIMs by status and primary operator, straight from the tables)
 * run once, and the aggregate rows read. Also the roll-up of a fresh delta backlog. Target (issue 18): each dashboard
 * call p95 ≤ 100 ms at 10,000,000 SIMs.
 * Answers the lines of its table (markdown).
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { jsonCall } from './bench-kit';

type TStats = { p50: number; p95: number; max: number };
function stats(samples: number[]): TStats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), max: s[s.length - 1]! };
}
const ms = (v: number) => `${v.toFixed(1)} ms`;

export async function measureDashboard(o: {
  base: string;
  token: string;
  pool: pg.Pool;
  requests: number;
  log: (line: string) => void;
}): Promise<string[]> {
  const { pool } = o;
  const lines: string[] = [];
  const [{ org }] = (
    await pool.query<{
      org: string;
    }>(`SELECT organization_id AS org FROM dashboard_counts WHERE metric = 'SIM' AND organization_id IS NOT NULL
      GROUP BY 1 ORDER BY sum(n) DESC LIMIT 1`)
  ).rows as [{ org: string }];
  const calls: { name: string; url: string }[] = [
    { name: 'GET /dashboard, staff, whole platform', url: '/dashboard' },
    { name: 'GET /dashboard, one organisation subtree', url: `/dashboard?organizationId=${org}` },
    { name: 'GET /dashboardv2, staff, whole platform, 30 days', url: '/dashboardv2' },
    {
      name: 'GET /dashboardv2, one organisation subtree, 90 days',
      url: `/dashboardv2?organizationId=${org}&from=${day(-89)}&to=${day(0)}`,
    },
  ];
  lines.push('| dashboard call | p50 | p95 | max | requests |');
  lines.push('|---|---:|---:|---:|---:|');
  for (const c of calls) {
    await jsonCall(o.base, o.token, 'GET', c.url);
    const samples: number[] = [];
    for (let i = 0; i < o.requests; i++) {
      const t0 = performance.now();
      await jsonCall(o.base, o.token, 'GET', c.url);
      samples.push(performance.now() - t0);
    }
    const s = stats(samples);
    lines.push(`| ${c.name} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.max)} | ${o.requests} |`);
    o.log(`  ${c.name}: p95 ${ms(s.p95)}`);
  }
  const t0 = performance.now();
  await pool.query(
    `SELECT s.status, p.operator, count(*) FROM sims s JOIN sim_profiles p ON p.sim_id = s.id AND p.position = 0 GROUP BY 1, 2`,
  );
  const direct = performance.now() - t0;
  const rows = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM dashboard_counts')).rows[0]!.n);
  lines.push('');
  lines.push(
    `Beside: the direct count the SIM tiles replace (SIMs by status × primary operator over the tables, once): ${ms(direct)}. Aggregate rows: ${rows.toLocaleString('en-US')}.`,
  );
  return lines;
}

function day(offset: number): string {
  return new Date(Date.now() + 5.5 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
}
