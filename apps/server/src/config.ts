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
  /** Longest wait between sign-in attempts from one client address once it has used its free failures. */
  loginIpDelayCapSeconds: number;
  /** Reset codes one account may be sent per window from all addresses together (per address: resetRequestsPerAccount). */
  resetRequestsPerAccountCap: number;
  /** Wrong reset codes or links per account per window from all addresses together, before its reset is locked. */
  resetFailuresPerAccount: number;
  /** Requests a minute one client address may make to the unauthenticated endpoints, and the burst allowed. */
  anonymousRequestsPerMinutePerIp: number;
  anonymousBurstPerIp: number;
  /** Requests a minute to the unauthenticated endpoints that name one account (sign-in, reset, refresh …). */
  anonymousRequestsPerMinutePerAccount: number;
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
  /** Pause between two passes of the whitelist reconcile over every applied whitelist (TARANG_WHITELIST_RECONCILE_MINUTES, 15). */
  whitelistReconcileEveryMs: number;
  /** Whether the usage of each India day is ingested by itself (TARANG_USAGE_INGEST: `daily`, default, or `off`: only days staff ask for). */
  usageIngestDaily: boolean;
  /** Minutes past India midnight when the day before is ingested (TARANG_USAGE_INGEST_AFTER_MINUTES, 30). */
  usageIngestAfterMinutes: number;
  /** Months of usage kept, the current one included (TARANG_USAGE_KEEP_MONTHS, 13: a year of days). */
  usageKeepMonths: number;
  /** Memory one uploaded spreadsheet may take while it is read: shared text plus the row being read (TARANG_SPREADSHEET_BUDGET_MB, 64). */
  spreadsheetBudgetBytes: number;
  /** Uploaded files this process reads at once; more wait their turn on disk (TARANG_FILE_PARSE_CONCURRENCY, 2). */
  fileParseConcurrency: number;
  /** Live progress streams (`GET /job-batch/{id}/events`) one user may hold open at once (TARANG_LIVE_STREAMS_PER_USER, 5). */
  liveStreamsPerUser: number;
  /** Two-factor sign-in for staff (users of no organisation): `required` (TARANG_STAFF_TWO_FACTOR, default) or `optional`. */
  staffTwoFactor: 'required' | 'optional';
  /** Key sealing the stored authenticator secrets (TARANG_TWO_FACTOR_KEY, 32 bytes as hex or base64); unset = generated and kept in app_secrets. */
  twoFactorKey: string | null;
  /** Live progress streams this process holds open at once, all users together (TARANG_LIVE_STREAMS_MAX, 200). */
  liveStreamsMax: number;
  /**
   * PayU merchant key and salt (TARANG_PAYU_KEY, TARANG_PAYU_SALT). Outside production, and wherever the simulator is
   * on, they default to the development pair below, which no real PayU account has; in production unset = PayU
   * top-ups are refused until they are set.
   */
  payuKey: string | null;
  payuSalt: string | null;
  /** Where the console posts PayU's checkout form (TARANG_PAYU_URL): the simulator when it is on, PayU's live endpoint otherwise. */
  payuUrl: string;
  /** The PayU simulator at /payu-simulator (TARANG_PAYU_SIMULATOR, on/off): on by default outside production, off in production. */
  payuSimulator: boolean;
};

/** The development key and salt of the PayU simulator: made up for Tarang, valid at no gateway. */
export const PAYU_DEVELOPMENT_KEY = 'TRGDEV';
export const PAYU_DEVELOPMENT_SALT = 'tarang-development-salt-not-for-production';
/** PayU's live hosted-checkout endpoint (its test one is https://test.payu.in/_payment). */
export const PAYU_LIVE_URL = 'https://secure.payu.in/_payment';

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

/** Request rates of the unauthenticated endpoints; a client address may burst half a minute's worth. */
function anonymousRates(env: NodeJS.ProcessEnv) {
  const perIp = Math.max(int('TARANG_ANON_REQUESTS_PER_MINUTE_PER_IP', 120, env), 1);
  return {
    anonymousRequestsPerMinutePerIp: perIp,
    anonymousBurstPerIp: Math.max(Math.ceil(perIp / 2), 10),
    anonymousRequestsPerMinutePerAccount: Math.max(int('TARANG_ANON_REQUESTS_PER_MINUTE_PER_ACCOUNT', 20, env), 1),
  };
}

function onOff(name: string, fallback: boolean, env: NodeJS.ProcessEnv): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  throw new Error(`${name} must be "on" or "off", got "${env[name]}"`);
}

/** The PayU settings: the simulator and the development key and salt outside production unless configured. */
function payu(env: NodeJS.ProcessEnv, nodeEnv: TConfig['env'], publicUrl: string) {
  const simulator = onOff('TARANG_PAYU_SIMULATOR', nodeEnv !== 'production', env);
  const developmentPair = nodeEnv !== 'production' || simulator;
  const url = env.TARANG_PAYU_URL || (simulator ? `${publicUrl.replace(/\/+$/, '')}/payu-simulator` : PAYU_LIVE_URL);
  if (!/^https?:\/\/[^\s/]+/.test(url)) throw new Error(`TARANG_PAYU_URL must be an http(s) URL, got "${url}"`);
  return {
    payuKey: env.TARANG_PAYU_KEY || (developmentPair ? PAYU_DEVELOPMENT_KEY : null),
    payuSalt: env.TARANG_PAYU_SALT || (developmentPair ? PAYU_DEVELOPMENT_SALT : null),
    payuUrl: url,
    payuSimulator: simulator,
  };
}

function staffTwoFactor(raw: string | undefined): 'required' | 'optional' {
  if (raw === undefined || raw === '' || raw === 'required') return 'required';
  if (raw === 'optional') return 'optional';
  throw new Error(`TARANG_STAFF_TWO_FACTOR must be "required" or "optional", got "${raw}"`);
}

function usageIngest(raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === 'daily') return true;
  if (raw === 'off') return false;
  throw new Error(`TARANG_USAGE_INGEST must be "daily" or "off", got "${raw}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<TConfig> = {}): TConfig {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = int('PORT', 3000, env);
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  const publicUrl = env.TARANG_PUBLIC_URL ?? `http://localhost:${port}`;
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
    loginIpDelayCapSeconds: int('TARANG_LOGIN_IP_DELAY_CAP_SECONDS', 60, env),
    resetRequestsPerAccountCap: int('TARANG_RESET_REQUESTS_PER_ACCOUNT_CAP', 20, env),
    resetFailuresPerAccount: int('TARANG_RESET_FAILURES_PER_ACCOUNT', 50, env),
    ...anonymousRates(env),
    trustedProxies: list(env.TARANG_TRUSTED_PROXIES),
    corsOrigins: list(env.TARANG_CORS_ORIGINS),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.TARANG_MAIL_FROM ?? 'Tarang <no-reply@tarang.local>',
    publicUrl,
    bodyLimitBytes: int('TARANG_BODY_LIMIT_BYTES', 1024 * 1024, env),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    webDistDir: path.join(repoRoot, 'apps/web/dist'),
    workerConcurrency: int('TARANG_WORKERS', 4, env),
    queueLeaseMs: Math.max(int('TARANG_QUEUE_LEASE_MS', 15_000, env), 300),
    queuePollMs: Math.max(int('TARANG_QUEUE_POLL_MS', 1000, env), 20),
    operatorRetryBaseMs: int('TARANG_OPERATOR_RETRY_BASE_MS', 1000, env),
    whitelistReconcileEveryMs: Math.max(int('TARANG_WHITELIST_RECONCILE_MINUTES', 15, env), 1) * 60_000,
    usageIngestDaily: usageIngest(env.TARANG_USAGE_INGEST),
    usageIngestAfterMinutes: Math.min(Math.max(int('TARANG_USAGE_INGEST_AFTER_MINUTES', 30, env), 0), 23 * 60),
    usageKeepMonths: Math.max(int('TARANG_USAGE_KEEP_MONTHS', 13, env), 2),
    spreadsheetBudgetBytes: Math.max(int('TARANG_SPREADSHEET_BUDGET_MB', 64, env), 1) * 1024 * 1024,
    fileParseConcurrency: Math.max(int('TARANG_FILE_PARSE_CONCURRENCY', 2, env), 1),
    liveStreamsPerUser: Math.max(int('TARANG_LIVE_STREAMS_PER_USER', 5, env), 1),
    liveStreamsMax: Math.max(int('TARANG_LIVE_STREAMS_MAX', 200, env), 1),
    staffTwoFactor: staffTwoFactor(env.TARANG_STAFF_TWO_FACTOR),
    twoFactorKey: env.TARANG_TWO_FACTOR_KEY || null,
    ...payu(env, nodeEnv, publicUrl),
    ...overrides,
  };
}
