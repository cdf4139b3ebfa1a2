import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, GoogleSaveLink } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { notFound } from '../../errors.ts';
import { refuseOverLimit } from '../../http/rate-limit.ts';
import { ROLES, tenantOf } from '../../http/tenant-context.ts';
import { defaultProgramLogoPng } from './apple-pass.ts';
import { issueGoogleSaveUrl } from './issue-google-pass.ts';
import { PUBLIC_PASS_RATE_LIMIT, tokenCardOf } from './routes.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const cardParams = z.object({ slug: z.string(), cardUid: z.string().min(1).max(200) });

/**
 * 'Save to Google Wallet' links inside /api/t/{slug} (docs/product.md 'Wallet passes', ADR 0047):
 * GET /cards/{cardUid}/wallet/google for staff (tenant_admin, cashier) and
 * GET /me/cards/{cardUid}/wallet/google for the signed-in customer's own cards. Each answers
 * GoogleSaveLink `{ saveUrl }`, `https://pay.google.com/gp/v/save/{jwt}`. 401 signed out, 403
 * another role, 404 'Card not found' for a card outside the tenant (or not the customer's),
 * 404 'Google Wallet is not available' where no service account signs links.
 */
export const googleWalletRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  /** GET /cards/{cardUid}/wallet/google → `{ saveUrl }`: any card of the tenant. */
  app.get(
    '/cards/:cardUid/wallet/google',
    {
      config: { roles: ROLES.staff },
      schema: {
        summary: "Read a card's Save to Google Wallet link",
        description: "A signed 'Save to Google Wallet' link of the card: its balance, holder, tier and QR, saved to Google Wallet without a call to Google.",
        tags: ['cards'],
        params: cardParams,
        response: { 200: GoogleSaveLink, ...errors },
      },
    },
    async (request) => ({ saveUrl: await issueGoogleSaveUrl(db, config, tenantOf(request), request.params.cardUid, request.ctx.now) }),
  );

  /** GET /me/cards/{cardUid}/wallet/google → `{ saveUrl }`: one of the signed-in customer's own cards. */
  app.get(
    '/me/cards/:cardUid/wallet/google',
    {
      config: { roles: ROLES.customer },
      schema: {
        summary: 'Read your card\u2019s Save to Google Wallet link',
        description: "A signed 'Save to Google Wallet' link of one of the signed-in customer's cards.",
        tags: ['me'],
        params: cardParams,
        response: { 200: GoogleSaveLink, ...errors },
      },
    },
    async (request) => {
      const customerId = request.user!.customerId;
      if (!customerId) throw notFound('Card not found');
      return { saveUrl: await issueGoogleSaveUrl(db, config, tenantOf(request), request.params.cardUid, request.ctx.now, customerId) };
    },
  );
};

/**
 * The public Google Wallet routes under /api (docs/product.md 'Wallet passes', ADR 0047):
 * GET /api/{slug}/c/{cardUid}/wallet/google?t={token} → `{ saveUrl }`, no login, only with the
 * valid token of the card's QR (404 'Card not found' otherwise, one answer for all; 404 'Google
 * Wallet is not available' without a service account; 429 beyond PUBLIC_PASS_RATE_LIMIT a
 * minute per client address), and GET /api/wallet/google/logo.png, the programme logo Google
 * fetches for every class.
 */
export const publicGoogleWalletRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  const limiter = app.createRateLimit({ max: PUBLIC_PASS_RATE_LIMIT, timeWindow: 60_000, keyGenerator: (request) => `wallet-google:${request.ip}` });

  /** GET /api/wallet/google/logo.png: the default programme logo, a 660 × 660 PNG. */
  app.get(
    '/wallet/google/logo.png',
    { schema: { summary: 'Read the Google Wallet programme logo', description: 'The programme logo of Google Wallet passes (PNG).', tags: ['public'] } },
    async (_request, reply) =>
      reply
        .type('image/png')
        .header('cache-control', 'public, max-age=86400')
        .send(await defaultProgramLogoPng()),
  );

  /** GET /api/{slug}/c/{cardUid}/wallet/google?t=: see the plugin's docstring. */
  app.get(
    '/:slug/c/:cardUid/wallet/google',
    {
      onRequest: refuseOverLimit(limiter),
      schema: {
        summary: "Read a card's Save to Google Wallet link with its QR token",
        description: `The card's 'Save to Google Wallet' link for whoever holds its QR (the token \`t\`); 404 without a valid token. 429 beyond ${PUBLIC_PASS_RATE_LIMIT} a minute per client address.`,
        tags: ['public'],
        params: z.object({ slug: z.string().min(1).max(100), cardUid: z.string().min(1).max(200) }),
        querystring: z.object({ t: z.string().max(200).optional().catch(undefined) }),
        response: { 200: GoogleSaveLink, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const { tenant, cardUid } = await tokenCardOf(db, config, request.params.slug, request.params.cardUid, request.query.t);
      return { saveUrl: await issueGoogleSaveUrl(db, config, tenant, cardUid, request.ctx.now) };
    },
  );
};
