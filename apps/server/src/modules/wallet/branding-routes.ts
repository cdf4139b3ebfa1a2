import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, WalletBrandingRequest, WalletBrandingResponse, WalletCertificateRequest, WalletLogoRequest } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { ROLES, tenantCtx, tenantOf } from '../../http/tenant-context.ts';
import { defaultProgramLogoPng } from './apple-pass.ts';
import { brandingResponseOf, putWalletBranding, putWalletLogo, walletLookOf } from './branding.ts';
import { putWalletCertificate } from './business-identity.ts';

const slugParams = z.object({ slug: z.string() });
const readErrors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const writeErrors = { 400: ErrorBody, ...readErrors };

/**
 * Rules & Settings → Wallet under /api/t/{slug} (docs/product.md 'Wallet passes'): how the
 * business's wallet passes look. Every route is ROLES.admin (cashier and customer 403),
 * tenant-scoped, 401 signed out; every change is audited and updates every issued pass.
 * GET/PUT /rules/wallet (WalletBrandingRequest → WalletBrandingResponse), PUT and DELETE
 * /rules/wallet/logo (WalletLogoRequest, base64 PNG or SVG), PUT /rules/wallet/certificate
 * (WalletCertificateRequest, the business's own Apple certificate, ADR 0048).
 */
export const walletBrandingRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  /** GET /rules/wallet → WalletBrandingResponse: the look in force (the defaults until saved). */
  app.get(
    '/rules/wallet',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Read the wallet pass look',
        description: "The programme name, colours, terms and logo address of the business's Apple and Google Wallet passes.",
        tags: ['rules'],
        params: slugParams,
        response: { 200: WalletBrandingResponse, ...readErrors },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      return brandingResponseOf(config.publicUrl, tenant.id, await walletLookOf(db, tenant.id));
    },
  );

  /** PUT /rules/wallet (WalletBrandingRequest) → WalletBrandingResponse; 400 on a colour that fails WCAG AA, nothing written. */
  app.put(
    '/rules/wallet',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Save the wallet pass look',
        description:
          'Sets the programme name, the background, text and label colours (text and labels at least 4.5:1 against the background) and the terms of every pass; issued passes update. Audited.',
        tags: ['rules'],
        params: slugParams,
        body: WalletBrandingRequest,
        response: { 200: WalletBrandingResponse, ...writeErrors },
      },
    },
    async (request) => putWalletBranding(db, tenantCtx(request), config.publicUrl, request.body),
  );

  /** PUT /rules/wallet/logo (WalletLogoRequest) → WalletBrandingResponse; 400 for a file that is not a readable PNG or SVG. */
  app.put(
    '/rules/wallet/logo',
    {
      config: { roles: ROLES.admin },
      // A 1 MB image in base64 inside JSON.
      bodyLimit: 1_500_000,
      schema: {
        summary: 'Upload the wallet pass logo',
        description: 'A PNG or SVG logo (base64, at most 1 MB), rendered to the sizes each wallet wants; issued passes update. Audited.',
        tags: ['rules'],
        params: slugParams,
        body: WalletLogoRequest,
        response: { 200: WalletBrandingResponse, ...writeErrors },
      },
    },
    async (request) => putWalletLogo(db, tenantCtx(request), config.publicUrl, request.body),
  );

  /**
   * PUT /rules/wallet/certificate (WalletCertificateRequest) → WalletBrandingResponse: the
   * business's own Apple Pass Type ID certificate; 400 when the .p12 does not open, 422 for the
   * other refusals (WALLET_CERTIFICATE_TEXT), nothing written.
   */
  app.put(
    '/rules/wallet/certificate',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Upload the business’s Apple Wallet certificate',
        description:
          'A .p12 (base64, at most 100 kB) with its password: the Pass Type ID certificate and key that sign the business’s passes from then on. Checked (not expired, a Pass Type ID certificate issued by Apple’s WWDR, a replacement keeps the Pass Type ID and Team ID); the key is stored encrypted. Audited.',
        tags: ['rules'],
        params: slugParams,
        body: WalletCertificateRequest,
        response: { 200: WalletBrandingResponse, 422: ErrorBody, ...writeErrors },
      },
    },
    async (request) => putWalletCertificate(db, tenantCtx(request), config, request.body),
  );

  /** DELETE /rules/wallet/logo → WalletBrandingResponse: back to the default logo. */
  app.delete(
    '/rules/wallet/logo',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Remove the wallet pass logo',
        description: 'Passes go back to the default logo; issued passes update. Audited.',
        tags: ['rules'],
        params: slugParams,
        response: { 200: WalletBrandingResponse, ...writeErrors },
      },
    },
    async (request) => putWalletLogo(db, tenantCtx(request), config.publicUrl, null),
  );
};

/**
 * GET /api/wallet/logos/{tenantId}: a business's wallet logo as a PNG, public (Google Wallet
 * fetches programme logos by address; docs/product.md 'Wallet passes'), or the default logo for
 * a business without one. 400 for an id that is not a UUID.
 */
export const publicWalletLogoRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/wallet/logos/:tenantId',
    {
      schema: {
        summary: "Read a business's wallet logo",
        description: "The business's wallet pass logo (PNG, at most 660 × 660), or the default one. No sign-in needed.",
        tags: ['public'],
        params: z.object({ tenantId: z.uuid() }),
        querystring: z.object({ v: z.string().max(20).optional() }),
      },
    },
    async (request, reply) => {
      const look = await walletLookOf(db, request.params.tenantId);
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=86400')
        .send(look.logoPng ?? (await defaultProgramLogoPng()));
    },
  );
};
