import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * The product as an operator runs it, for tests that need a real server process (the browser tests' global setup,
 * the server's file-bomb test): `npm start` at the repository's root, which builds what changed and runs the
 * supervisor (the embedded PostgreSQL unless DATABASE_URL is set, and the API process); stopped with SIGTERM.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUTPUT_KEPT = 20_000;
/** The API may take 30 s to drain after SIGTERM (decision 018); past this the whole process group is killed. */
const STOP_TIMEOUT_MS = 45_000;

export type TRunningProduct = {
  /** `http://127.0.0.1:<port>`, answering /api/v1/health. */
  baseUrl: string;
  /** The `npm start` process; the supervisor and the API process run under it. */
  process: ChildProcess;
  /** The end of what it printed. */
  output(): string;
  /** SIGTERM, as an operator stops it: the API drains, then the supervisor stops its database and exits. */
  stop(): Promise<void>;
};

/** A TCP port of 127.0.0.1 that nothing listens on. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const killer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* gone */
    }
  }, STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(killer);
}

/**
 * Runs `npm start` on a free port of 127.0.0.1 with this process's environment and `env` over it (a key set to
 * undefined is removed), and waits until /api/v1/health answers. A start that fails or does not answer within
 * `timeoutMs` (building the console takes a while) is stopped and reported with what it printed.
 */
export async function npmStart(env: Record<string, string | undefined>, timeoutMs = 240_000): Promise<TRunningProduct> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', TARANG_PUBLIC_URL: baseUrl };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[key];
    else childEnv[key] = value;
  }
  // Its own process group, so that a start that will not stop can be killed with everything under it.
  const child = spawn('npm', ['start'], { cwd: ROOT, env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let spawnError: Error | null = null;
  child.once('error', (error) => {
    spawnError = error;
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const product: TRunningProduct = { baseUrl, process: child, output: () => output, stop: () => stop(child) };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (spawnError) throw new Error(`npm start could not be run: ${(spawnError as Error).message}`);
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`npm start stopped while starting (${child.signalCode ?? `exit ${child.exitCode}`}):\n${output}`);
    }
    const res = await fetch(`${baseUrl}/api/v1/health`).catch(() => null);
    if (res?.ok) return product;
    await new Promise((r) => setTimeout(r, 250));
  }
  await product.stop();
  throw new Error(`npm start did not answer /api/v1/health within ${timeoutMs / 1000} s:\n${output}`);
}
