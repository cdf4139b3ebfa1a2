import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, WalletEmailResponse } from '@loyalty/contract';
import { normalizeCardUid } from '@loyalty/domain';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { refuseOverLimit } from '../../http/rate-limit.ts';
import { ROLES, tenantCtx, tenantOf } from '../../http/tenant-context.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { appleWalletAvailable } from './apple-identity.ts';
import { emailWalletLinks } from './email-wallet-links.ts';

/** Wallet-link e-mails allowed per card per hour (docs/product.md 'Wallet passes'): a holder asks once or twice, never more. */
export const WALLET_EMAIL_RATE_LIMIT = 5;

/**
 * POST /cards/{cardUid}/wallet/email inside /api/t/{slug} (docs/product.md 'Wallet passes', ADR
 * 0046): staff (ROLES.staff: tenant_admin, cashier) e-mail a card's holder the links that put the
 * card in their phone's wallet (`emailWalletLinks`: 'Add to Apple Wallet' where the install issues
 * Apple passes, and the card's public page). No body (an empty `{}` is accepted and ignored).
 * Answers 202 WalletEmailResponse `{ sentTo }` once the message is in the outbox, and wakes the
 * outbox worker. 400 a card UID with NUL or a lone surrogate (http/unsafe-text.ts) or a body that
 * is not JSON, 414 a card UID over 100 characters (Fastify's parameter limit), 401 signed out,
 * 403 another role, 404 'Card not found' (unknown or another tenant's card), 422 no holder /
 * blocked card / no e-mail address / the holder unsubscribed (WALLET_EMAIL_TEXT), 429 with
 * Retry-After beyond WALLET_EMAIL_RATE_LIMIT requests per card per hour (counted after the
 * sign-in and role checks, refusals included, on the shared counters). Audited as
 * 'card.wallet_email', like the resent staff invitation.
 * Unsubscribed holders: although the holder asked for the links at the till, the message is not
 * sent to a customer who opted out, because the codebase has no transactional exception: the
 * welcome message and even the receipts (enqueueWelcome, enqueueReceipt) skip opted-out
 * customers, and the unsubscribe page promises to stop the business's messages (docs/product.md
 * 'E-mail'). The staff get a 422 saying so instead of a 202 for a message that never leaves.
 */
export const walletEmailRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; jobs: Jobs }> = async (app, { db, config, jobs }) => {
  const perCard = app.createRateLimit({
    max: WALLET_EMAIL_RATE_LIMIT,
    timeWindow: 60 * 60_000,
    keyGenerator: (request) => `wallet-email:${tenantOf(request).id}:${normalizeCardUid((request.params as { cardUid: string }).cardUid)}`,
  });

  /** POST /cards/{cardUid}/wallet/email → 202 `{ sentTo }`: see the plugin's docstring. */
  app.post(
    '/cards/:cardUid/wallet/email',
    {
      config: { roles: ROLES.staff },
      // A route's own preHandler runs after the tenant guard's: strangers cannot use up a card's allowance.
      preHandler: refuseOverLimit(perCard, 'This card was e-mailed its wallet links several times in the last hour. Please try again later.'),
      schema: {
        summary: "E-mail a card's wallet links to its holder",
        description: `Queues an e-mail to the card's holder with the 'Add to Apple Wallet' link (where the install issues Apple passes) and the link to the card's page. 422 when the card has no holder, is blocked, or its holder has no e-mail address or unsubscribed; 429 beyond ${WALLET_EMAIL_RATE_LIMIT} a card per hour.`,
        tags: ['cards'],
        params: z.object({ slug: z.string(), cardUid: z.string().min(1).max(200) }),
        response: { 202: WalletEmailResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const links = { publicUrl: config.publicUrl, secret: config.qrTokenSecret, applePasses: appleWalletAvailable(config) };
      const answer = await emailWalletLinks(db, tenantCtx(request), links, request.params.cardUid);
      // The message is in the outbox: ask the worker to send it now rather than at its next minute.
      jobs.nudge('outbox');
      return reply.status(202).send(answer);
    },
  );
};
