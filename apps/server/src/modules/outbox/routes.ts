import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, OutboxItem, OutboxListResponse, OutboxMessage, OutboxQuery } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { listOutbox, outboxMessage } from './list-outbox.ts';
import { resendOutbox } from './resend-outbox.ts';
import type { Jobs } from '../../lib/jobs.ts';

const idParams = z.object({ id: z.string() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * The operator's Outbox (docs/product.md 'E-mail') under /api/platform: `guard` is the platform's onRequest
 * check (401 signed out, 403 every role but platform_admin). `jobs.nudge('outbox')` asks the outbox worker
 * for a run after a Resend. The instant is the request's (`request.ctx.now`).
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Database; guard: (request: FastifyRequest) => Promise<void>; jobs: Jobs }> = async (
  app,
  { db, guard, jobs },
) => {
  app.addHook('onRequest', guard);

  /** GET /outbox?status=&to=&page= → OutboxListResponse: newest first, 20 a page; 400 for a bad filter. */
  app.get(
    '/outbox',
    {
      schema: {
        summary: 'List the outgoing e-mails',
        description: 'Messages newest first, 20 a page, filtered by status and recipient.',
        tags: ['platform'],
        querystring: OutboxQuery,
        response: { 200: OutboxListResponse, ...errors },
      },
    },
    async (request) => listOutbox(db, request.query),
  );

  /** GET /outbox/{id} → OutboxMessage (rendered text and HTML, every attempt); 404 unknown id. */
  app.get(
    '/outbox/:id',
    {
      schema: {
        summary: 'Read an outgoing e-mail',
        description: "The message's rendered text and HTML with every delivery attempt.",
        tags: ['platform'],
        params: idParams,
        response: { 200: OutboxMessage, ...errors },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('Message not found');
      return outboxMessage(db, request.params.id);
    },
  );

  /**
   * POST /outbox/{id}/resend → OutboxItem: the message is PENDING and due now again, with 24
   * more hours of retries, and the worker is asked for a run; audit 'platform.outbox.resend'. 404 unknown id.
   */
  app.post(
    '/outbox/:id/resend',
    {
      schema: {
        summary: 'Resend an outgoing e-mail',
        description: 'Makes the message due now with 24 more hours of retries and wakes the sender; audited.',
        tags: ['platform'],
        params: idParams,
        response: { 200: OutboxItem, ...errors },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('Message not found');
      const item = await resendOutbox(db, request.ctx, request.params.id);
      jobs.nudge('outbox');
      return item;
    },
  );
};
