import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ErrorBody, WalletAvailability } from '@loyalty/contract';
import { normalizeCardUid } from '@loyalty/domain';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { notFound } from '../../errors.ts';
import { refuseOverLimit } from '../../http/rate-limit.ts';
import { ROLES, tenantOf } from '../../http/tenant-context.ts';
import { findCardRow, verifyCardToken } from '../cards/index.ts';
import { tenantContextBySlug } from '../tenants/index.ts';
import { appleWalletAvailable } from './apple-identity.ts';
import { issueApplePass, type PassFile } from './issue-apple-pass.ts';

/** The media type of an Apple Wallet pass. */
const PKPASS_TYPE = 'application/vnd.apple.pkpass';
/** Pass downloads allowed per client address per minute on the public route (each is signed anew). */
export const PUBLIC_PASS_RATE_LIMIT = 20;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * The business and normalised card number of a public wallet request
 * (`/api/{slug}/c/{cardUid}/wallet/…?t=`), only with the valid token of the card's QR, as the
 * public card page: 404 'Card not found' for an unknown business or card or a missing or wrong
 * token (one answer for all).
 */
export async function tokenCardOf(db: Database, config: Config, slug: string, rawUid: string, token: string | undefined) {
  const tenant = await tenantContextBySlug(db, slug);
  const cardUid = normalizeCardUid(rawUid);
  const row = tenant ? await findCardRow(db, tenant.id, cardUid) : null;
  if (!tenant || !row || !verifyCardToken(config.qrTokenSecret, row.card.cardUid, token)) throw notFound('Card not found');
  return { tenant, cardUid };
}

/** Sends a pass as a download that no cache keeps: it carries the pass's web-service token. */
function sendPass(reply: FastifyReply, pass: PassFile): FastifyReply {
  return reply
    .type(PKPASS_TYPE)
    .header('content-disposition', `attachment; filename="${pass.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(pass.body);
}

/**
 * Wallet pass downloads inside /api/t/{slug} (docs/product.md 'Wallet passes'):
 * GET /cards/{cardUid}/wallet/apple for staff (tenant_admin, cashier) and
 * GET /me/cards/{cardUid}/wallet/apple for the signed-in customer's own cards. Each answers a
 * freshly signed `.pkpass` (`application/vnd.apple.pkpass`). 401 signed out, 403 another role,
 * 404 'Card not found' for a card outside the tenant (or not the customer's), 404 'Apple
 * Wallet is not available' where no certificate signs passes.
 */
export const walletRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  /** GET /cards/{cardUid}/wallet/apple: any card of the tenant, for staff to hand over or e-mail. */
  app.get(
    '/cards/:cardUid/wallet/apple',
    {
      config: { roles: ROLES.staff },
      schema: {
        summary: "Download a card's Apple Wallet pass",
        description: "A newly signed Apple Wallet pass of the card (`application/vnd.apple.pkpass`): the balance, holder, tier and the card's QR.",
        tags: ['cards'],
        params: z.object({ slug: z.string(), cardUid: z.string().min(1).max(200) }),
        response: errors,
      },
    },
    async (request, reply) => sendPass(reply, await issueApplePass(db, config, tenantOf(request), request.params.cardUid, request.ctx.now)),
  );

  /** GET /me/cards/{cardUid}/wallet/apple: one of the signed-in customer's own cards. */
  app.get(
    '/me/cards/:cardUid/wallet/apple',
    {
      config: { roles: ROLES.customer },
      schema: {
        summary: 'Download your card as an Apple Wallet pass',
        description: "A newly signed Apple Wallet pass of one of the signed-in customer's cards (`application/vnd.apple.pkpass`).",
        tags: ['me'],
        params: z.object({ slug: z.string(), cardUid: z.string().min(1).max(200) }),
        response: errors,
      },
    },
    async (request, reply) => {
      const customerId = request.user!.customerId;
      if (!customerId) throw notFound('Card not found');
      return sendPass(reply, await issueApplePass(db, config, tenantOf(request), request.params.cardUid, request.ctx.now, customerId));
    },
  );
};

/**
 * The public pass download under /api (docs/product.md 'Wallet passes'):
 * GET /api/{slug}/c/{cardUid}/wallet/apple?t={token}, no login, as the public card page: only
 * with the valid token of the card's QR, since the pass shows the holder. 404 'Card not found'
 * for an unknown slug or card or a missing or wrong token (one answer for all), 404 'Apple
 * Wallet is not available' without a certificate, 429 beyond PUBLIC_PASS_RATE_LIMIT a minute per
 * client address. Also GET /api/wallet: which wallets this install issues passes for.
 */
export const publicWalletRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  const limiter = app.createRateLimit({ max: PUBLIC_PASS_RATE_LIMIT, timeWindow: 60_000, keyGenerator: (request) => `wallet-pass:${request.ip}` });

  /** GET /api/wallet → WalletAvailability `{ apple, google }`: the screens show only the wallet buttons that work. */
  app.get(
    '/wallet',
    {
      schema: {
        summary: 'Read which phone wallets passes are issued for',
        description:
          'Whether this install issues Apple Wallet passes (false in production without a Pass Type ID certificate) and Google Wallet links (false without a service account). No sign-in needed.',
        tags: ['public'],
        response: { 200: WalletAvailability },
      },
    },
    async () => ({ apple: appleWalletAvailable(config), google: config.wallet.googlePasses }),
  );

  /** GET /api/{slug}/c/{cardUid}/wallet/apple?t=: see the plugin's docstring. */
  app.get(
    '/:slug/c/:cardUid/wallet/apple',
    {
      onRequest: refuseOverLimit(limiter),
      schema: {
        summary: "Download a card's Apple Wallet pass with its QR token",
        description: `The card's Apple Wallet pass for whoever holds its QR (the token \`t\`); 404 without a valid token. 429 beyond ${PUBLIC_PASS_RATE_LIMIT} a minute per client address.`,
        tags: ['public'],
        params: z.object({ slug: z.string().min(1).max(100), cardUid: z.string().min(1).max(200) }),
        querystring: z.object({ t: z.string().max(200).optional().catch(undefined) }),
        response: { 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { tenant, cardUid } = await tokenCardOf(db, config, request.params.slug, request.params.cardUid, request.query.t);
      return sendPass(reply, await issueApplePass(db, config, tenant, cardUid, request.ctx.now));
    },
  );
};
