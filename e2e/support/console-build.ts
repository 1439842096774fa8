import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The production build of the console and the system Chromium, for the browser tests (global-setup.ts) and the
 * console scenario of `npm run bench` (bench/console.ts).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const WEB = path.join(ROOT, 'apps/web');

/** The system Chromium: CHROME_PATH or /usr/bin/chromium; installed with apt-get when we are root on Debian. */
export function findChromium(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((c): c is string => Boolean(c));
  for (const candidate of candidates) if (existsSync(candidate)) return candidate;
  if (process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
    console.log('[console] Chromium not found: installing it with apt-get');
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error('Chromium was not found. Install it with: sudo apt-get update && sudo apt-get install -y chromium (or set CHROME_PATH)');
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Builds the console when its sources (or the shared package) are newer than the build, or when E2E_BUILD=1. */
export function buildConsoleIfNeeded() {
  const built = path.join(WEB, 'dist/index.html');
  const sources = [
    path.join(WEB, 'src'),
    path.join(WEB, 'index.html'),
    path.join(WEB, 'vite.config.ts'),
    path.join(WEB, 'public'),
    path.join(ROOT, 'packages/shared/src'),
  ];
  const stale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
  if (!stale && process.env.E2E_BUILD !== '1') return;
  const started = Date.now();
  // A production build whatever NODE_ENV the test runner set (Vite follows NODE_ENV).
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: WEB,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  console.log(`[console] built the console in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
