/**
 * The anonymous flood scenario of `npm run bench -- --flood SECONDS`: while a second process sends 100 requests a
 * second from one address (loopback) to the unauthenticated endpoints — forgot-password, sign-in with a sealed
 * wrong password, reset codes, refresh tokens, login keys — for SECONDS, GET /sim is timed one request at a time,
 * and beside it the same requests without the flood (before and after). The ratio of the medians is the figure.
 *
 * Run alone as the flooding process: `node --import tsx bench/anonymous-flood.ts BASE RATE SECONDS`; it prints one
 * JSON line with the count of answers per status.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { TLoginKey } from '@tarang/shared/auth/auth.schemas';
import { sealPassword } from '@tarang/shared/auth/seal-password';

type TStats = { p50: number; p95: number };

function stats(samples: number[]): TStats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
}

async function timeSimList(base: string, token: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/sim?limit=50&sort=iccid`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    if (!res.ok) throw new Error(`GET /sim: ${res.status}`);
  }
  return times;
}

/** Times GET /sim `requests` times before, during and after a flood of `seconds`; answers the table rows. */
export async function measureAnonymousFlood(base: string, token: string, seconds: number, requests: number): Promise<string[]> {
  const rate = 100;
  await timeSimList(base, token, 20);
  const before = await timeSimList(base, token, requests);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'anonymous-flood.ts'), base, String(rate), String(seconds)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Let the flood reach its rate, then time GET /sim until it ends.
  await new Promise((r) => setTimeout(r, 2000));
  const during: number[] = [];
  const floodEnds = Date.now() + (seconds - 3) * 1000;
  while (Date.now() < floodEnds) during.push(...(await timeSimList(base, token, 10)));
  await exited;
  const counts = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Record<string, number>;
  const after = await timeSimList(base, token, requests);
  const quiet = stats([...before, ...after]);
  const flooded = stats(during);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const sent = Object.values(counts).reduce((a, b) => a + b, 0);
  const answered = Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status}: ${n.toLocaleString('en-US')}`)
    .join(', ');
  return [
    `| GET /sim (first page), one at a time | requests | p50 | p95 |`,
    '|---|---:|---:|---:|',
    `| quiet (before and after the flood) | ${before.length + after.length} | ${ms(quiet.p50)} | ${ms(quiet.p95)} |`,
    `| during a flood of ${rate} anonymous requests/s from one address for ${seconds} s | ${during.length} | ${ms(flooded.p50)} | ${ms(flooded.p95)} |`,
    `| ratio during / quiet | | ${(flooded.p50 / quiet.p50).toFixed(2)}× | ${(flooded.p95 / quiet.p95).toFixed(2)}× |`,
    '',
    `Flood: ${sent.toLocaleString('en-US')} requests sent (${(sent / seconds).toFixed(0)}/s) by a second process over loopback; answers ${answered}. Load average at the end: ${os.loadavg()[0]!.toFixed(1)} (${os.cpus().length} cores).`,
    'Target (issue 12): GET /sim p50 during the flood at most 1.20× the quiet p50.',
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// The flooding process

async function flood(base: string, rate: number, seconds: number): Promise<void> {
  const counts: Record<string, number> = {};
  let key: TLoginKey | null = null;
  const post = (url: string, body: unknown) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const kinds: (() => Promise<Response>)[] = [
    () => post('/auth/forgot-password', { username: `flood.${randomBytes(4).toString('hex')}@example.in` }),
    async () => {
      const res = await fetch(`${base}/auth/login-key`);
      if (res.ok) key = ((await res.clone().json()) as { data: TLoginKey }).data;
      return res;
    },
    async () => {
      const password = key ? await sealPassword(key, 'Flood-Guess-2026') : 'not-sealed';
      key = null;
      return await post('/auth/login', { username: 'flood.target@example.in', password });
    },
    () => post('/auth/reset-password?otp=123456', { otpToken: randomBytes(16).toString('hex'), password: 'not-sealed' }),
    () => post('/auth/refresh-tokens', { refreshToken: randomBytes(32).toString('base64url') }),
  ];
  const inFlight = new Set<Promise<void>>();
  const ends = Date.now() + seconds * 1000;
  const started = performance.now();
  for (let i = 0; Date.now() < ends; i++) {
    const job = kinds[i % kinds.length]!()
      .then(async (res) => {
        await res.arrayBuffer();
        counts[res.status] = (counts[res.status] ?? 0) + 1;
      })
      .catch(() => {
        counts.error = (counts.error ?? 0) + 1;
      })
      .finally(() => inFlight.delete(job));
    inFlight.add(job);
    const due = started + ((i + 1) * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  await Promise.all(inFlight);
  process.stdout.write(`${JSON.stringify(counts)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [base, rate, seconds] = process.argv.slice(2);
  flood(base!, Number(rate), Number(seconds)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
