import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ERROR_CODES } from '@tarang/shared/common/errors';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifySchema } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { TDeps } from './app-deps';
import type { TConfig } from './config';
import type { TDb } from './db/database';
import { ZErrorBody } from './http/envelope';
import { frameworkErrorHandler, registerErrorHandler } from './http/error-handler';
import { registerRouteGuard } from './http/route-access';
import { activationRoutes } from './modules/activations/activations.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { authenticateRequest } from './modules/auth/auth.service';
import { appSecrets } from './modules/auth/auth.table';
import { createAccessTokenSigner, type TAccessTokenSigner } from './modules/auth/tokens';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { startDashboardRollup } from './modules/dashboard/dashboard-rollup';
import { deviceRoutes } from './modules/devices/devices.routes';
import { healthRoutes } from './modules/health/health.routes';
import { organizationRoutes } from './modules/organizations/organizations.routes';
import { createMessenger, type TSmsGateway } from './modules/outbox/messenger';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { planRoutes } from './modules/plans/plans.routes';
import { createWorker } from './modules/queue/queue';
import { reportScheduleRoutes } from './modules/reports/report-schedules.routes';
import { armReportsDue } from './modules/reports/report-schedules.service';
import { reportRoutes } from './modules/reports/reports.routes';
import { requestRoutes } from './modules/requests/requests.routes';
import { roleRoutes } from './modules/roles/roles.routes';
import { searchRoutes } from './modules/search/search.routes';
import { diagnosisRoutes } from './modules/sim-diagnosis/diagnosis.routes';
import { replacementRoutes } from './modules/sim-replacement/replacement.routes';
import { simRoutes } from './modules/sims/sims.routes';
import { ticketRoutes } from './modules/tickets/tickets.routes';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { usageRoutes } from './modules/usage/usage.routes';
import { armUsageIngest } from './modules/usage/usage-ingest';
import { userRoutes } from './modules/users/users.routes';
import { payuFormActionSources } from './modules/wallets/payu';
import { payuRoutes } from './modules/wallets/payu.routes';
import { payuSimulatorRoutes } from './modules/wallets/payu-simulator.routes';
import { walletRoutes } from './modules/wallets/wallets.routes';
import { armReconcile } from './modules/whitelists/whitelist-reconcile';
import { whitelistRoutes } from './modules/whitelists/whitelists.routes';
import { workCalendarRoutes } from './modules/work-calendar/work-calendar.routes';

export const API_PREFIX = '/api/v1';

/** The token signing key: TARANG_JWT_SECRET, or one generated on first start and kept in the database. */
async function loadSigningSecret(db: TDb): Promise<Uint8Array> {
  const fromEnv = process.env.TARANG_JWT_SECRET;
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  await db
    .insert(appSecrets)
    .values({ name: 'access-token-key', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'access-token-key'));
  return new TextEncoder().encode(row!.value);
}

/**
 * The signer loads its key on first use, so building the app (and its OpenAPI document) needs no database.
 * A failed load is retried on the next use rather than remembered.
 */
function lazyAccessTokenSigner(db: TDb, ttlSeconds: number): TAccessTokenSigner {
  let signer: Promise<TAccessTokenSigner> | null = null;
  const get = () => {
    signer ??= loadSigningSecret(db).then(
      (secret) => createAccessTokenSigner(secret, ttlSeconds),
      (error: unknown) => {
        signer = null;
        throw error;
      },
    );
    return signer;
  };
  return {
    sign: async (claims) => (await get()).sign(claims),
    verify: async (token) => (await get()).verify(token),
  };
}

/** An incoming x-request-id is kept when it is short and plain; anything else gets a fresh id. */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Route schemas become the OpenAPI document: every /api/v1 operation also documents the one error shape for
 * 4XX and 5XX, and public operations need no bearer token.
 */
const documentRoute: SwaggerTransform = (document) => {
  const { schema, url, route } = document;
  if (!schema || schema.hide || !url.startsWith(API_PREFIX)) return jsonSchemaTransform(document);
  const response = (schema.response ?? {}) as Record<string, unknown>;
  const extended: FastifySchema = {
    ...schema,
    response: { ...response, '4XX': ZErrorBody, '5XX': ZErrorBody },
    ...(route.config?.access?.kind === 'public' ? { security: [] } : {}),
  };
  return jsonSchemaTransform({ ...document, schema: extended });
};

export type TBuildOptions = { config: TConfig; db: TDb; logger: Logger; sms?: TSmsGateway | null };

/** What services and workers need, for the server and for `npm run worker` alike. */
export function createDeps({ config, db, logger, sms = null }: TBuildOptions): TDeps {
  const deps = {
    db,
    config,
    logger,
    accessTokens: lazyAccessTokenSigner(db, config.accessTokenTtlSeconds),
    messenger: createMessenger(config, logger, sms),
  } as TDeps;
  deps.worker = createWorker(db, db.$client, config, logger, {
    concurrency: Math.max(1, config.workerConcurrency),
    leaseMs: config.queueLeaseMs,
    pollMs: config.queuePollMs,
  });
  return deps;
}

export async function buildApp({ config, db, logger, sms = null }: TBuildOptions): Promise<{ app: FastifyInstance; deps: TDeps }> {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustedProxies.length ? config.trustedProxies : false,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomBytes(12).toString('hex');
    },
    // Access tokens travel in a path segment (GET /auth/logged-in-user/{token}); the router's default limit is 100 characters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only: a text/plain body is refused with 415 instead of reaching a schema as a string.
  app.removeContentTypeParser('text/plain');

  const deps = createDeps({ config, db, logger, sms });
  app.addHook('onClose', async () => deps.messenger.close());
  // The queue worker runs inside the server unless TARANG_WORKERS=0 (then `npm run worker` processes do the work).
  app.addHook('onListen', async () => {
    if (config.workerConcurrency > 0) {
      await deps.worker.start();
      await armReconcile(db, config.whitelistReconcileEveryMs);
      if (config.usageIngestDaily) await armUsageIngest(db);
      await armReportsDue(db);
    }
  });
  app.addHook('onClose', async () => deps.worker.stop());
  startDashboardRollup(app, deps);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  await app.register(helmet, {
    hsts: false,
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...payuFormActionSources(config)],
        // The server may run on plain HTTP inside a LAN; there an upgrade would break every asset. TLS deployments get HSTS.
        upgradeInsecureRequests: null,
      },
    },
  });
  if (config.corsOrigins.length) {
    await app.register(cors, { origin: config.corsOrigins, credentials: false, exposedHeaders: ['x-request-id', 'retry-after'] });
  }

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Tarang API', version: '1.0.0', description: 'Admin console and API of the Tarang IoT/M2M connectivity platform.' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: documentRoute,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerErrorHandler(app);
  registerRouteGuard(app, (request) => authenticateRequest(deps, request));

  await app.register(
    async (api) => {
      healthRoutes(api, deps);
      authRoutes(api, deps);
      twoFactorRoutes(api, deps);
      userRoutes(api, deps);
      organizationRoutes(api, deps);
      roleRoutes(api, deps);
      planRoutes(api, deps);
      whitelistRoutes(api, deps);
      workCalendarRoutes(api, deps);
      auditRoutes(api, deps);
      outboxRoutes(api, deps);
      searchRoutes(api, deps);
      diagnosisRoutes(api, deps);
      usageRoutes(api, deps);
      replacementRoutes(api, deps);
      deviceRoutes(api, deps);
      ticketRoutes(api, deps);
      simRoutes(api, deps);
      requestRoutes(api, deps);
      walletRoutes(api, deps);
      payuRoutes(api, deps);
      reportRoutes(api, deps);
      reportScheduleRoutes(api, deps);
      activationRoutes(api, deps);
      dashboardRoutes(api, deps);
    },
    { prefix: API_PREFIX },
  );
  payuSimulatorRoutes(app, deps);

  const webDist = config.webDistDir;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h', immutable: false });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD') || !hasWeb) {
      return reply
        .status(404)
        .send({ success: false, message: ERROR_CODES.ROUTE_NOT_FOUND.message, code: 'ROUTE_NOT_FOUND', requestId: request.id });
    }
    // The console is a single-page app: every other GET serves its shell, and its router shows not-found pages.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return { app, deps };
}
