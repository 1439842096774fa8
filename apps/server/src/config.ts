import path from 'node:path';

/** Server configuration, read once from the environment. */
export type TConfig = {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  adminEmail: string | null;
  adminPassword: string | null;
  accessTokenTtlSeconds: number;
  sessionAbsoluteTtlSeconds: number;
  sessionIdleTtlSeconds: number;
  loginNonceTtlSeconds: number;
  otpTtlSeconds: number;
  otpMaxAttempts: number;
  /** Password-reset codes one username may request per throttle window. */
  resetRequestsPerAccount: number;
  resetLinkTtlSeconds: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerIp: number;
  loginThrottleWindowSeconds: number;
  /** Proxies whose X-Forwarded-For is trusted (IPs or CIDRs), empty = none. */
  trustedProxies: string[];
  corsOrigins: string[];
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  bodyLimitBytes: number;
  logLevel: string;
  webDistDir: string;
  /** Queue jobs this process runs at once (TARANG_WORKERS, 4); 0 = this process runs none (see `npm run worker`). */
  workerConcurrency: number;
  /** A claimed queue job's lease; a worker renews it every third of it (TARANG_QUEUE_LEASE_MS, 15 s). */
  queueLeaseMs: number;
  /** How often an idle worker looks for due jobs (TARANG_QUEUE_POLL_MS, 1 s); a NOTIFY wakes it sooner. */
  queuePollMs: number;
  /** First delay before an operator call or a SIM is tried again; doubles each time (TARANG_OPERATOR_RETRY_BASE_MS, 1 s). */
  operatorRetryBaseMs: number;
};

function int(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<TConfig> = {}): TConfig {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = int('PORT', 3000, env);
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  return {
    env: nodeEnv,
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: path.resolve(env.TARANG_DATA_DIR ?? path.join(repoRoot, '.data')),
    adminEmail: env.TARANG_ADMIN_EMAIL || null,
    adminPassword: env.TARANG_ADMIN_PASSWORD || null,
    accessTokenTtlSeconds: Math.min(int('TARANG_ACCESS_TTL_SECONDS', 900, env), 900),
    sessionAbsoluteTtlSeconds: int('TARANG_SESSION_ABSOLUTE_TTL_SECONDS', 30 * 24 * 3600, env),
    sessionIdleTtlSeconds: int('TARANG_SESSION_IDLE_TTL_SECONDS', 7 * 24 * 3600, env),
    loginNonceTtlSeconds: 300,
    otpTtlSeconds: 600,
    otpMaxAttempts: 5,
    resetRequestsPerAccount: int('TARANG_RESET_REQUESTS_PER_ACCOUNT', 5, env),
    resetLinkTtlSeconds: int('TARANG_RESET_LINK_TTL_SECONDS', 72 * 3600, env),
    loginMaxFailuresPerAccount: int('TARANG_LOGIN_MAX_FAILURES', 5, env),
    loginMaxFailuresPerIp: int('TARANG_LOGIN_MAX_FAILURES_PER_IP', 50, env),
    loginThrottleWindowSeconds: int('TARANG_LOGIN_THROTTLE_WINDOW_SECONDS', 900, env),
    trustedProxies: list(env.TARANG_TRUSTED_PROXIES),
    corsOrigins: list(env.TARANG_CORS_ORIGINS),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.TARANG_MAIL_FROM ?? 'Tarang <no-reply@tarang.local>',
    publicUrl: env.TARANG_PUBLIC_URL ?? `http://localhost:${port}`,
    bodyLimitBytes: int('TARANG_BODY_LIMIT_BYTES', 1024 * 1024, env),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    webDistDir: path.join(repoRoot, 'apps/web/dist'),
    workerConcurrency: int('TARANG_WORKERS', 4, env),
    queueLeaseMs: Math.max(int('TARANG_QUEUE_LEASE_MS', 15_000, env), 300),
    queuePollMs: Math.max(int('TARANG_QUEUE_POLL_MS', 1000, env), 20),
    operatorRetryBaseMs: int('TARANG_OPERATOR_RETRY_BASE_MS', 1000, env),
    ...overrides,
  };
}
