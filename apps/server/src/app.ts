import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { sessionPlugin } from './http/session.ts';
import { registerTenantGuard } from './http/tenant-context.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { cardRoutes } from './modules/cards/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { tenantRoutes } from './modules/tenant/routes.ts';
import { storeRoutes } from './modules/stores/routes.ts';
import { customerRoutes } from './modules/customers/routes.ts';
import { cardFileRoutes } from './modules/card-files/routes.ts';
import { publicCardRoutes } from './modules/public-card/routes.ts';
import { transactionRoutes } from './modules/transactions/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { meRoutes } from './modules/me/routes.ts';
import { ruleRoutes } from './modules/rules/routes.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { cardOrderPricingRoutes, cardOrderRoutes } from './modules/card-orders/routes.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import { adminAnalyticsRoutes, platformRoutes } from './modules/platform/routes.ts';
import { paymentProvider } from './payments/index.ts';
import type { PaymentProvider } from './payments/port.ts';

/** What buildApp needs: configuration and an open (migrated) database. */
export interface AppDeps {
  config: Config;
  handle: DatabaseHandle;
  /** Folder of the built web app to serve; null serves the API only. */
  webDist?: string | null;
  logger?: boolean;
  /** The payment provider; default from config (payments/index.ts). Tests may pass their own. */
  provider?: PaymentProvider;
}

/** Default location of the built web app (apps/web/dist). */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Builds the Fastify app without listening (tests use `app.inject`): security headers,
 * cookies, rate limits, OpenAPI at /api/docs, the error handler, sessions, the API modules
 * and, when `webDist` exists, the single-page app with a fallback to index.html.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, handle } = deps;
  const db = handle.db;
  const provider = deps.provider ?? paymentProvider(config);
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    trustProxy: true,
    bodyLimit: 1_048_576,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Stripe Elements (issue 6) only when Stripe is configured; the Demo provider loads nothing from outside.
        scriptSrc: ["'self'", ...(config.stripe ? ['https://js.stripe.com'] : [])],
        connectSrc: ["'self'", ...(config.stripe ? ['https://api.stripe.com'] : [])],
        ...(config.stripe ? { frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'] } : {}),
        mediaSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: 'Loyalty Cards API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  registerErrorHandler(app);
  await app.register(sessionPlugin, { db });

  await app.register(healthRoutes, { handle });
  await app.register(authRoutes, { prefix: '/api/auth', db, config });
  await app.register(
    async (tenantScope) => {
      registerTenantGuard(tenantScope, db);
      await tenantScope.register(tenantRoutes, { db });
      await tenantScope.register(cardRoutes, { db, config });
      await tenantScope.register(transactionRoutes, { db });
      await tenantScope.register(storeRoutes, { db, config });
      await tenantScope.register(customerRoutes, { db, config, provider });
      await tenantScope.register(cardFileRoutes, { db, config });
      await tenantScope.register(reportRoutes, { db, config });
      await tenantScope.register(userRoutes, { db, config });
      await tenantScope.register(meRoutes, { db, config });
      await tenantScope.register(ruleRoutes, { db, config });
      await tenantScope.register(billingRoutes, { db, config, provider });
      await tenantScope.register(checkoutRoutes, { db, config, provider });
      await tenantScope.register(cardOrderRoutes, { db, config, provider });
    },
    { prefix: '/api/t/:slug' },
  );

  // Public card page data: no login (decisions.md 'Cards'); /api/{slug}/c/{cardUid}.
  await app.register(publicCardRoutes, { prefix: '/api', db, config });
  await app.register(cardOrderPricingRoutes, { prefix: '/api' });
  await app.register(webhookRoutes, { prefix: '/api/webhooks', db, config, provider });
  await app.register(platformRoutes, { prefix: '/api/platform', db });
  await app.register(adminAnalyticsRoutes, { prefix: '/api/admin', db });

  const webDist = deps.webDist === undefined ? DEFAULT_WEB_DIST : deps.webDist;
  const serveWeb = webDist !== null && existsSync(`${webDist}/index.html`);
  if (serveWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
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
