import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, isSafeText } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { refuseOverLimit } from '../../http/rate-limit.ts';
import { currentPass, registerDevice, unregisterDevice, updatedSerials, type CurrentPass } from './web-service.ts';

/** Registration requests (register or unregister) allowed per device per minute. */
export const DEVICE_RATE_LIMIT = 30;
/** Log lines kept from one POST /v1/log. */
const LOG_LINES_MAX = 100;

const deviceParams = z.object({ deviceLibraryIdentifier: z.string().min(1).max(100), passTypeIdentifier: z.string().min(1).max(200) });
const passParams = deviceParams.extend({ serialNumber: z.string().min(1).max(100) });
const authorization = z.object({ authorization: z.string().max(300).optional() });
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** Sends a fetched pass: Last-Modified always; 304 and no body when unchanged, else the `.pkpass`. */
function sendCurrentPass(reply: FastifyReply, pass: CurrentPass): FastifyReply {
  reply.header('last-modified', pass.lastModified.toUTCString()).header('cache-control', 'no-cache');
  if (pass.notModified) return reply.status(304).send();
  return reply.type('application/vnd.apple.pkpass').send(pass.body);
}

/**
 * Apple's PassKit web service at `{PUBLIC_URL}/api/wallet/apple` (the `webServiceURL` of every
 * pass; docs/product.md 'Wallet passes', ADR 0046), exactly as Apple specifies its endpoints
 * and status codes. No session: a device proves it holds a pass with `Authorization: ApplePass
 * <token>` (401 otherwise); an unknown pass is 404. Registrations are rate limited per device
 * (DEVICE_RATE_LIMIT a minute, then 429 with Retry-After).
 */
export const walletWebServiceRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  const deviceLimiter = app.createRateLimit({
    max: DEVICE_RATE_LIMIT,
    timeWindow: 60_000,
    // The limiter runs before validation: an identifier the database cannot store (NUL, lone
    // surrogate) is counted against the client address and then refused with 400.
    keyGenerator: (request) => {
      const device = (request.params as { deviceLibraryIdentifier?: string }).deviceLibraryIdentifier;
      return `wallet-device:${device && isSafeText(device) ? device : request.ip}`;
    },
  });
  const limitDevice = refuseOverLimit(deviceLimiter);
  const registration = '/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber';

  /** POST …/registrations/{passTypeIdentifier}/{serialNumber} `{ pushToken }` → 201 registered, 200 already registered. */
  app.post(
    registration,
    {
      onRequest: limitDevice,
      schema: {
        summary: 'Register a device for pass updates',
        description: "Apple Wallet's registration of a device for a pass's updates (PassKit web service): 201 new, 200 already registered, 401 bad token.",
        tags: ['wallet'],
        params: passParams,
        headers: authorization,
        body: z.object({ pushToken: z.string().min(1).max(200) }),
        response: { 200: z.null(), 201: z.null(), 429: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await registerDevice(
        db,
        { ...request.params, authorization: request.headers.authorization, pushToken: request.body.pushToken },
        request.ctx.now,
      );
      return reply.status(outcome === 'created' ? 201 : 200).send(null);
    },
  );

  /** DELETE …/registrations/{passTypeIdentifier}/{serialNumber} → 200: the device no longer gets this pass's updates. */
  app.delete(
    registration,
    {
      onRequest: limitDevice,
      schema: {
        summary: 'Unregister a device from pass updates',
        description: "Apple Wallet's end of a device's registration for a pass (PassKit web service): 200, 401 bad token.",
        tags: ['wallet'],
        params: passParams,
        headers: authorization,
        response: { 200: z.null(), 429: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      await unregisterDevice(db, { ...request.params, authorization: request.headers.authorization });
      return reply.status(200).send(null);
    },
  );

  /** GET …/registrations/{passTypeIdentifier}?passesUpdatedSince= → 200 `{ serialNumbers, lastUpdated }`, or 204 when none changed. */
  app.get(
    '/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier',
    {
      schema: {
        summary: "List a device's changed passes",
        description: 'The serial numbers of the passes the device registered that changed after `passesUpdatedSince` (PassKit web service); 204 when none.',
        tags: ['wallet'],
        params: deviceParams,
        querystring: z.object({ passesUpdatedSince: z.string().max(40).optional() }),
        response: {
          200: z.object({ serialNumbers: z.array(z.string().max(100)).max(10_000), lastUpdated: z.string().max(40) }),
          204: z.null(),
          400: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { deviceLibraryIdentifier, passTypeIdentifier } = request.params;
      const updated = await updatedSerials(db, deviceLibraryIdentifier, passTypeIdentifier, request.query.passesUpdatedSince);
      return updated ? updated : reply.status(204).send(null);
    },
  );

  /** GET /v1/passes/{passTypeIdentifier}/{serialNumber} → the pass signed anew (Last-Modified), or 304 per If-Modified-Since. */
  app.get(
    '/v1/passes/:passTypeIdentifier/:serialNumber',
    {
      schema: {
        summary: 'Fetch the latest version of a pass',
        description:
          'The pass built from its card now and signed (`application/vnd.apple.pkpass`, with Last-Modified); 304 when unchanged since If-Modified-Since.',
        tags: ['wallet'],
        params: passParams.omit({ deviceLibraryIdentifier: true }),
        headers: authorization.extend({ 'if-modified-since': z.string().max(100).optional() }),
        response: errors,
      },
    },
    async (request, reply) => {
      const since = request.headers['if-modified-since'] ? new Date(request.headers['if-modified-since']) : null;
      const pass = await currentPass(
        db,
        config,
        {
          ...request.params,
          authorization: request.headers.authorization,
          ifModifiedSince: since && !Number.isNaN(since.getTime()) ? since : null,
        },
        request.ctx.now,
      );
      return sendCurrentPass(reply, pass);
    },
  );

  /** POST /v1/log `{ logs }` → 200: what devices report about our passes, into the server's log. */
  app.post(
    '/v1/log',
    {
      schema: {
        summary: 'Receive log messages from devices',
        description: 'Apple Wallet reports problems with our passes here (PassKit web service); they go to the server log.',
        tags: ['wallet'],
        body: z.object({ logs: z.array(z.string().max(2000)).max(LOG_LINES_MAX) }),
        response: { 200: z.null(), 400: ErrorBody },
      },
    },
    async (request, reply) => {
      for (const line of request.body.logs) request.log.warn({ walletLog: line }, 'Apple Wallet reported a problem with a pass');
      return reply.status(200).send(null);
    },
  );
};
