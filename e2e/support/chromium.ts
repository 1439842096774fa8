import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The system Chromium, for the browser tests (global-setup.ts) and the console scenario of `npm run bench` (bench/console.ts). */

/** CHROME_PATH or /usr/bin/chromium; installed with apt-get when we are root on Debian. */
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
