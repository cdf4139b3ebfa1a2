import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  JOIN_CHECK_EMAIL,
  JOIN_TEXT,
  JoinAcceptedResponse,
  JoinChallengeResponse,
  JoinConfirmRequest,
  JoinConfirmResponse,
  JoinPageResponse,
  JoinReferralResponse,
  JoinRequest,
} from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { CounterStore } from '../../lib/counter-store.ts';
import { AppError, notFound } from '../../errors.ts';
import { tenantContextBySlug } from '../tenants/index.ts';
import { challengeKeysOf, DEFAULT_CHALLENGE_COST, newChallenge, spendChallenge, type ChallengeCost } from './altcha.ts';
import { referralJoinPage } from './referral-page.ts';
import { confirmEnrolment, joinPage, requestEnrolment, type JoinLinks } from './service.ts';
import type { Jobs } from '../../lib/jobs.ts';

/** Confirmation e-mails per address and business per hour (docs/product.md 'Online sign-up'); more sign-ups get the same 202 and send nothing. */
export const JOIN_PER_ADDRESS_PER_HOUR = 3;
/** Sign-ups per client address per hour (docs/product.md 'Online sign-up'): generous, since a store's customers may share its Wi-Fi. */
export const JOIN_PER_IP_PER_HOUR = 30;

/**
 * Public self-enrolment routes under /api/join (docs/product.md 'Online sign-up'; no session,
 * no tenant guard: the slug names the business):
 * - GET /{slug}/challenge → JoinChallengeResponse, a fresh ALTCHA challenge for the join form
 *   (ADR 0027; `Cache-Control: no-store`); 404 JOIN_TEXT.notFound for an unknown business.
 * - GET /{slug}/stores/{storeId} → JoinPageResponse `{ businessName, storeName }`; 404
 *   JOIN_TEXT.notFound when the store does not take sign-ups.
 * - POST /{slug} JoinRequest → 202 `{ message: JOIN_CHECK_EMAIL }` whatever the address; 400 bad
 *   input; 404 as above; 422 BUSINESS_RULE JOIN_TEXT.challenge when the `altcha` payload does
 *   not solve one of our challenges for this business, has expired or was used before (each
 *   verified challenge is spent once); 429 JOIN_TEXT.dailyCap (the store's daily cap) and 422
 *   JOIN_TEXT.full (no room outside the till's reserve), see service.ts `requestEnrolment`; 429
 *   beyond JOIN_PER_IP_PER_HOUR sign-ups an hour or `max` a minute from one client address.
 *   Nothing is written on any refusal.
 * - POST /{slug}/confirm JoinConfirmRequest → JoinConfirmResponse (the new card); 400 link not
 *   valid or expired; 404 store switched off; 409 already a member; 422 no room in the quota
 *   outside the till's reserve; 429 the store's daily cap.
 * Limits key on request.ip (the real client under TRUST_PROXY) in the shared counters (ADR 0009).
 * `jobs.nudge('outbox')` asks the outbox worker for a run after a message was written. `counters` spend each
 * verified challenge once; `challengeCost` is the proof of work asked (default
 * DEFAULT_CHALLENGE_COST; tests pass a cheap one). The challenges' HMAC keys derive from
 * `links.secret` (QR_TOKEN_SECRET).
 */
export const enrolmentRoutes: FastifyPluginAsyncZod<{
  db: Database;
  links: JoinLinks;
  max: number;
  jobs: Jobs;
  counters: CounterStore;
  challengeCost?: ChallengeCost;
}> = async (app, { db, links, max, jobs, counters, challengeCost = DEFAULT_CHALLENGE_COST }) => {
  const keys = challengeKeysOf(links.secret);
  const flood = app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: (r) => `join:${r.ip}` });
  const perIp = app.createRateLimit({ max: JOIN_PER_IP_PER_HOUR, timeWindow: 60 * 60_000, keyGenerator: (r) => `join-ip:${r.ip}` });
  const perAddress = app.createRateLimit({
    max: JOIN_PER_ADDRESS_PER_HOUR,
    timeWindow: 60 * 60_000,
    keyGenerator: (r) =>
      `join-address:${(r.params as { slug?: string }).slug?.toLowerCase() ?? ''}:${String((r.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
  });
  /** onRequest/preHandler: 429 RATE_LIMITED with Retry-After when `limiter` is over its limit for this request. */
  const limit = (limiter: typeof flood, text: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
      throw new AppError('RATE_LIMITED', text);
    }
  };
  const tooFast = limit(flood, 'Too many requests. Please wait a minute and try again.');

  /** GET /{slug}/challenge: a new proof-of-work challenge for the join form of business `slug` (404 unknown business). */
  app.get(
    '/:slug/challenge',
    {
      onRequest: tooFast,
      schema: {
        summary: 'Get a sign-up challenge',
        description: 'A fresh proof-of-work challenge that the online sign-up form must solve. 404 for an unknown business.',
        tags: ['join'],
        params: z.object({ slug: z.string().max(100) }),
        response: { 200: JoinChallengeResponse, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      if (!(await tenantContextBySlug(db, request.params.slug))) throw notFound(JOIN_TEXT.notFound);
      reply.header('cache-control', 'no-store');
      return newChallenge(keys, challengeCost, request.params.slug);
    },
  );

  /** GET /{slug}/stores/{storeId}: the join page's heading; 404 when the store takes no sign-ups. */
  app.get(
    '/:slug/stores/:storeId',
    {
      onRequest: tooFast,
      schema: {
        summary: "Read a store's sign-up page",
        description: 'The business and store names of the join page; 404 when the store takes no online sign-ups.',
        tags: ['join'],
        params: z.object({ slug: z.string().max(100), storeId: z.string().max(64) }),
        response: { 200: JoinPageResponse, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => joinPage(db, request.params.slug, request.params.storeId),
  );

  /** GET /{slug}/referral/{code}: a referral link's join page (see referral-page.ts); 404 for an unknown code or when no store takes sign-ups. */
  app.get(
    '/:slug/referral/:code',
    {
      onRequest: tooFast,
      schema: {
        summary: "Read a referral link's sign-up page",
        description:
          "The business, the store the friend joins at and the referrer's first name; 404 for an unknown code or when no store takes online sign-ups.",
        tags: ['join'],
        params: z.object({ slug: z.string().max(100), code: z.string().max(64) }),
        response: { 200: JoinReferralResponse, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => referralJoinPage(db, request.params.slug, request.params.code),
  );

  /** POST /{slug}: a sign-up; 202 with the same text whatever the address (see service.ts `requestEnrolment`). */
  app.post(
    '/:slug',
    {
      onRequest: tooFast,
      preHandler: limit(perIp, JOIN_TEXT.tooMany),
      schema: {
        summary: 'Sign up online for a loyalty card',
        description:
          'Checks the solved challenge and e-mails a confirmation link; answers 202 with the same message whatever the address. 422 or 429 when the store is full for the day or the quota is used; rate limited per client address.',
        tags: ['join'],
        params: z.object({ slug: z.string().max(100) }),
        body: JoinRequest,
        response: { 202: JoinAcceptedResponse, 400: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      if (!(await spendChallenge(keys, counters, request.body.altcha, request.params.slug, request.ctx.now))) {
        throw new AppError('BUSINESS_RULE', JOIN_TEXT.challenge);
      }
      const quota = await perAddress(request);
      const sendMail = quota.isAllowed || !quota.isExceeded;
      const outcome = await requestEnrolment(db, request.params.slug, request.body, { ip: request.ip, now: request.ctx.now, links, sendMail });
      if (outcome !== 'suppressed') jobs.nudge('outbox');
      return reply.status(202).send({ message: JOIN_CHECK_EMAIL });
    },
  );

  /** POST /{slug}/confirm: opens the e-mailed link and answers the new member's card (see service.ts `confirmEnrolment`). */
  app.post(
    '/:slug/confirm',
    {
      onRequest: tooFast,
      schema: {
        summary: 'Confirm an online sign-up',
        description: "Opens the e-mailed confirmation link and answers the new member's card. 400 for a link that is not valid, 409 when already a member.",
        tags: ['join'],
        params: z.object({ slug: z.string().max(100) }),
        body: JoinConfirmRequest,
        response: { 200: JoinConfirmResponse, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const answer = await confirmEnrolment(db, request.params.slug, request.body.token, { now: request.ctx.now, ip: request.ctx.ip, links });
      jobs.nudge('outbox');
      return answer;
    },
  );
};
