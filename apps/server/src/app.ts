import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { fastifySwaggerUi } from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { counterStore, rateLimitStoreOf } from './http/counters.ts';
import { loggerOptions, type LogDestination } from './http/log-redaction.ts';
import { registerRequestContext } from './http/request-context.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerMetrics } from './http/metrics.ts';
import { openApiTransform, openApiTransformObject, SECURITY_SCHEMES } from './http/openapi.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { registerUnsafeTextGuard } from './http/unsafe-text.ts';
import { sessionPlugin } from './http/session.ts';
import { registerTenantGuard } from './http/tenant-context.ts';
import { authRoutes, passwordRoutes, twoFactorRoutes } from './modules/auth/index.ts';
import { setupRoutes } from './modules/setup/index.ts';
import { cardRoutes } from './modules/cards/index.ts';
import { createLifecycle, healthRoutes, type Lifecycle } from './modules/health/index.ts';
import { tenantRoutes } from './modules/business-profile/index.ts';
import { storeRoutes } from './modules/stores/index.ts';
import { customerRoutes, unsubscribeRoutes } from './modules/customers/index.ts';
import { addFundsRoutes } from './modules/add-funds/index.ts';
import { cardFileRoutes } from './modules/card-files/index.ts';
import { publicCardRoutes } from './modules/public-card/index.ts';
import { transactionRoutes } from './modules/ledger/index.ts';
import { reportRoutes } from './modules/reports/index.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { userRoutes } from './modules/users/index.ts';
import { meRoutes } from './modules/me/index.ts';
import { customerDataRoutes } from './modules/customer-data/index.ts';
import { rewardRoutes, ruleRoutes } from './modules/rules/index.ts';
import { riskRoutes } from './modules/risk/index.ts';
import { offlineTillRoutes } from './modules/offline-till/index.ts';
import { billingRoutes } from './modules/billing/index.ts';
import { cardOrderPricingRoutes, cardOrderRoutes } from './modules/card-orders/index.ts';
import { checkoutRoutes } from './modules/checkout/index.ts';
import { webhookRoutes } from './modules/stripe-events/index.ts';
import { adminAnalyticsRoutes, platformRoutes, requirePlatformAdmin } from './modules/platform/index.ts';
import { type ChallengeCost, enrolmentRoutes } from './modules/enrolment/index.ts';
import { outboxRoutes } from './modules/outbox/index.ts';
import { webhookEndpointRoutes } from './modules/webhook-endpoints/index.ts';
import { apiKeyRoutes } from './modules/api-keys/index.ts';
import { apiV1Routes, v1Specification } from './modules/api-v1/index.ts';
import {
  googleWalletRoutes,
  publicGoogleWalletRoutes,
  publicWalletRoutes,
  publicWalletLogoRoutes,
  walletBrandingRoutes,
  walletEmailRoutes,
  walletRoutes,
  walletWebServiceRoutes,
} from './modules/wallet/index.ts';
import { paymentProvider } from './payments/index.ts';
import type { PaymentProvider } from './payments/port.ts';
import { NO_JOBS, type Jobs } from './lib/jobs.ts';
import { apiKeyWiring, CHECKOUT_EFFECTS, httpWiring, PROVIDER_CUSTOMERS, WELCOME_BONUS } from './wiring.ts';

/** What buildApp needs: configuration and an open (migrated) database. */
export interface AppDeps {
  config: Config;
  handle: DatabaseHandle;
  /** Folder of the built web app to serve; null serves the API only. */
  webDist?: string | null;
  logger?: boolean;
  /** Where the log goes (default stdout); tests collect it to check what a request leaves there. */
  logStream?: LogDestination;
  /** The payment provider; default from config (payments/index.ts). Tests may pass their own. */
  provider?: PaymentProvider;
  /** The clock of rate limits, the login throttle and the Stripe webhook's subscription state (tests move it); default `new Date()`. */
  now?: () => Date;
  /** Key prefix of the Redis counters (REDIS_URL); tests isolate themselves with their own. */
  redisPrefix?: string;
  /** The instance's lifecycle (draining during a shutdown: /readyz 503); main.ts passes its own. */
  lifecycle?: Lifecycle;
  /**
   * Wakes the background workers (lib/jobs.ts): `nudge('outbox')` after a request wrote an
   * e-mail, `nudge('webhooks')` after it wrote a webhook event, so they leave at once rather
   * than at the worker's next minute. main.ts passes the running workers'; tests pass their own
   * to count the calls and run the dispatchers themselves. Default: wakes nothing.
   */
  jobs?: Jobs;
  /** The proof of work of the join form's challenges (ADR 0027); default enrolment's DEFAULT_CHALLENGE_COST. Tests pass a cheap one. */
  joinChallengeCost?: ChallengeCost;
}

/** Default location of the built web app (apps/web/dist). */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Builds the Fastify app without listening (tests use `app.inject`): security headers,
 * cookies, rate limits, OpenAPI at /api/docs, the error handler, sessions, the API modules
 * and, when `webDist` exists, the single-page app with a fallback to index.html.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, handle } = deps;
  const db = handle.db;
  const provider = deps.provider ?? (await paymentProvider(config, PROVIDER_CUSTOMERS));
  const http = httpWiring(db);
  const now = deps.now ?? (() => new Date());
  // Rate-limit and login-throttle counters shared by every instance (ADR 0009).
  const counters = counterStore(db, config.redisUrl, deps.redisPrefix);
  const app = Fastify({
    // Secret query values and the Authorization and Cookie headers never reach the log (docs/security.md 'Logs').
    logger: deps.logger === false ? false : loggerOptions(config.logLevel, deps.logStream),
    // TRUST_PROXY: by default no proxy is trusted, so X-Forwarded-For cannot pick request.ip.
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // Graceful shutdown (main.ts) closes idle connections itself, once the requests
    // accepted before the close are parsed; Fastify's own 'idle' closing would reset them.
    forceCloseConnections: false,
    // Requests refused before routing (a path that is not valid UTF-8, e.g. %ff: 400; a path
    // parameter over 100 characters: 414) answer in the API's error shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        void reply.status(414).send({ error: 'URI too long', code: 'VALIDATION_ERROR' });
        return;
      }
      void reply.status(400).send({
        error: 'Invalid URL: the path is not valid percent-encoded UTF-8',
        code: 'VALIDATION_ERROR',
        details: [{ field: 'url', message: error.message }],
      });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Stripe Elements only when Stripe is configured; the Demo provider loads nothing from outside.
        scriptSrc: ["'self'", ...(config.stripe ? ['https://js.stripe.com'] : [])],
        connectSrc: ["'self'", ...(config.stripe ? ['https://api.stripe.com'] : [])],
        ...(config.stripe ? { frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'] } : {}),
        mediaSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cookie);
  // Limits nothing by itself: routes take limiters from it (`app.createRateLimit`), on the shared
  // counters; /api/v1 registers its own per-key instance on its scope (ADR 0031).
  await app.register(rateLimit, { global: false, store: rateLimitStoreOf(counters, now) });
  app.addHook('onClose', () => counters.close());
  await app.register(swagger, {
    openapi: { info: { title: 'Loyalty Cards API', version: '0.1.0' }, components: { securitySchemes: SECURITY_SCHEMES } },
    // operationIds, security, error answers and bounds for every route (http/openapi.ts, ADR 0037).
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });
  // Two documents, each UI in its own scope (the plugin decorates its scope): the whole API at
  // /api/docs, and the integrators' v1 at /api/v1/docs, cut down from the same document.
  await app.register(async (scope) => scope.register(fastifySwaggerUi, { routePrefix: '/api/docs' }));
  await app.register(async (scope) =>
    scope.register(fastifySwaggerUi, { routePrefix: '/api/v1/docs', transformSpecification: (spec) => v1Specification(spec) }),
  );
  registerErrorHandler(app);
  registerRequestContext(app, now);
  registerMetrics(app, { config, handle });
  registerOriginCheck(app, config);
  registerUnsafeTextGuard(app);
  await app.register(sessionPlugin, { store: http.sessions });

  await app.register(healthRoutes, { handle, lifecycle: deps.lifecycle ?? createLifecycle() });
  const jobs = deps.jobs ?? NO_JOBS;
  await app.register(authRoutes, { prefix: '/api/auth', db, config, counters, jobs });
  await app.register(passwordRoutes, { prefix: '/api/auth', db, config });
  await app.register(twoFactorRoutes, { prefix: '/api/auth/2fa', db, config, counters });
  await app.register(setupRoutes, { prefix: '/api/setup', db, config });
  await app.register(
    async (tenantScope) => {
      registerTenantGuard(tenantScope, http.findTenant);
      await tenantScope.register(tenantRoutes, { db, config });
      await tenantScope.register(cardRoutes, { db, config, jobs, welcome: WELCOME_BONUS });
      await tenantScope.register(transactionRoutes, { db, links: { publicUrl: config.publicUrl, secret: config.qrTokenSecret }, jobs });
      await tenantScope.register(storeRoutes, { db, config });
      await tenantScope.register(customerRoutes, { db });
      await tenantScope.register(addFundsRoutes, { db, config, provider });
      await tenantScope.register(cardFileRoutes, { db, config });
      await tenantScope.register(reportRoutes, { db, config, copyCsv: handle.copyCsv });
      await tenantScope.register(userRoutes, { db, config, counters, jobs });
      await tenantScope.register(meRoutes, { db, config });
      await tenantScope.register(walletRoutes, { db, config });
      await tenantScope.register(googleWalletRoutes, { db, config });
      await tenantScope.register(walletBrandingRoutes, { db, config });
      await tenantScope.register(walletEmailRoutes, { db, config, jobs });
      await tenantScope.register(customerDataRoutes, { db });
      await tenantScope.register(ruleRoutes, { db, config });
      await tenantScope.register(rewardRoutes, { db });
      await tenantScope.register(riskRoutes, { db, config, jobs });
      await tenantScope.register(offlineTillRoutes, { db });
      await tenantScope.register(billingRoutes, { db, config, provider });
      await tenantScope.register(checkoutRoutes, { db, config, effects: CHECKOUT_EFFECTS });
      await tenantScope.register(cardOrderRoutes, { db, config, provider });
      await tenantScope.register(webhookEndpointRoutes, {
        db,
        policy: { production: config.env === 'production', allowPrivate: config.webhooksAllowPrivate },
        jobs,
      });
      await tenantScope.register(apiKeyRoutes, { db, config });
      await tenantScope.register(auditRoutes, { db, copyCsv: handle.copyCsv });
    },
    { prefix: '/api/t/:slug' },
  );

  // Public card page data: no login (docs/product.md 'Cards'); /api/{slug}/c/{cardUid}.
  await app.register(publicCardRoutes, { prefix: '/api', db, config });
  await app.register(publicWalletRoutes, { prefix: '/api', db, config });
  await app.register(publicGoogleWalletRoutes, { prefix: '/api', db, config });
  await app.register(publicWalletLogoRoutes, { prefix: '/api', db });
  await app.register(walletWebServiceRoutes, { prefix: '/api/wallet/apple', db, config });
  await app.register(unsubscribeRoutes, { prefix: '/api', db, secret: config.qrTokenSecret, max: config.loginRateLimit });
  // Customer self-enrolment: the join page's data, sign-ups and confirmation links; no login.
  await app.register(enrolmentRoutes, {
    prefix: '/api/join',
    db,
    links: { publicUrl: config.publicUrl, secret: config.qrTokenSecret, applePasses: config.wallet.applePasses },
    max: config.loginRateLimit,
    jobs,
    counters,
    challengeCost: deps.joinChallengeCost,
  });
  await app.register(cardOrderPricingRoutes, { prefix: '/api' });
  await app.register(webhookRoutes, { prefix: '/api/webhooks', db, config, provider, effects: CHECKOUT_EFFECTS });
  await app.register(platformRoutes, { prefix: '/api/platform', db, config, jobs });
  await app.register(adminAnalyticsRoutes, { prefix: '/api/admin', db });
  await app.register(outboxRoutes, { prefix: '/api/platform', db, guard: requirePlatformAdmin, jobs });
  // The REST API for point-of-sale systems: bearer API keys, no session, no slug.
  await app.register(apiV1Routes, { prefix: '/api/v1', db, config, counters, now, guard: apiKeyWiring(db), jobs });
  // Webhook events are written in the transaction of what they report; after a
  // state-changing request succeeded the webhook worker is nudged, at most once a second per
  // instance (a nudge is a job-queue write): a nudge within the second is sent at its end, so the
  // last change is never left to the worker's minute cron.
  let lastWebhookNudge = 0;
  let pendingWebhookNudge: NodeJS.Timeout | null = null;
  const nudgeWebhooks = () => {
    lastWebhookNudge = Date.now();
    jobs.nudge('webhooks');
    // The same requests change what wallet passes show (database triggers mark them, ADR 0046).
    jobs.nudge('wallet');
  };
  app.addHook('onResponse', async (request, reply) => {
    if (!deps.jobs || request.method === 'GET' || reply.statusCode >= 400 || pendingWebhookNudge) return;
    const wait = lastWebhookNudge + 1000 - Date.now();
    if (wait <= 0) return nudgeWebhooks();
    pendingWebhookNudge = setTimeout(() => {
      pendingWebhookNudge = null;
      nudgeWebhooks();
    }, wait);
    pendingWebhookNudge.unref();
  });
  app.addHook('onClose', async () => {
    if (pendingWebhookNudge) clearTimeout(pendingWebhookNudge);
  });

  const webDist = deps.webDist === undefined ? DEFAULT_WEB_DIST : deps.webDist;
  const serveWeb = webDist !== null && existsSync(`${webDist}/index.html`);
  if (serveWeb) {
    // preCompressed: the web build writes .br and .gz beside each asset; a client that accepts them gets those.
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, preCompressed: true });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (serveWeb && request.method === 'GET' && !path.startsWith('/api/') && path !== '/healthz') {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ error: 'Not found', code: 'NOT_FOUND' });
  });
  return app;
}
