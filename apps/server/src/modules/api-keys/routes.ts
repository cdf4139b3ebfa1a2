import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiKeyItem, ApiKeyListResponse, CreateApiKeyRequest, CreateApiKeyResponse, ErrorBody } from '@loyalty/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { ROLES, tenantOf, tenantCtx } from '../../http/tenant-context.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './service.ts';

const slugParams = z.object({ slug: z.string() });
/** `id` is any string: a malformed id answers 404 'API key not found' like an unknown one. */
const keyParams = z.object({ slug: z.string(), id: z.string() });
const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * API key management under /api/t/{slug}/api-keys (ADR 0020), tenant_admin only
 * (ROLES.admin; the platform_admin passes wherever tenant_admin does): 401 signed out, 403
 * cashier or customer, 404 another tenant's slug or key.
 * - GET /api-keys → ApiKeyListResponse (never a key or its hash).
 * - POST /api-keys (CreateApiKeyRequest) → 201 CreateApiKeyResponse: the key, shown once.
 *   400 for a missing name, no scope, an unknown scope or store (nothing written).
 * - DELETE /api-keys/{id} → 200 ApiKeyItem with `revokedAt`: the key answers 401 from now on.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/api-keys',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'List the API keys',
        description: "The business's integration keys with their scopes and state, never a key or its hash.",
        tags: ['api-keys'],
        params: slugParams,
        response: { 200: ApiKeyListResponse, ...errors },
      },
    },
    async (request) => listApiKeys(db, tenantOf(request).id),
  );

  app.post(
    '/api-keys',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Create an API key',
        description: 'Answers the key, shown this once, with the scopes it grants and optionally the one store it is bound to.',
        tags: ['api-keys'],
        params: slugParams,
        body: CreateApiKeyRequest,
        response: { 201: CreateApiKeyResponse, 400: ErrorBody, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createApiKey(db, tenantCtx(request), request.body, config.env)),
  );

  app.delete(
    '/api-keys/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Revoke an API key',
        description: 'The key answers 401 from now on; answers the key with its revocation time.',
        tags: ['api-keys'],
        params: keyParams,
        response: { 200: ApiKeyItem, ...errors },
      },
    },
    async (request) => revokeApiKey(db, tenantCtx(request), request.params.id, request.ctx.now),
  );
};
