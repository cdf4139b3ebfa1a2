import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ErrorBody, JoinPosterQuery, QrBulkRequest, QrDownloadQuery, QrPrintRequest } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { badRequest } from '../../errors.ts';
import { ROLES, tenantOf } from '../../http/tenant-context.ts';
import type { TenantContext } from '../../context.ts';
import { renderQr } from './qr-render.ts';
import { cardTemplateCapacity } from './sheet-layout.ts';
import { joinPoster } from './poster.ts';
import { bulkQrZip, datedZipName, findTenantCardUid, printReadyZip, qrUrlOf, type QrUrlContext } from './service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Sets the headers of a file download: type, `attachment; filename="…"`, and no shared or stored copies. */
function asDownload(reply: FastifyReply, contentType: string, fileName: string): FastifyReply {
  return reply.type(contentType).header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, no-store');
}

/**
 * Card file routes under /api/t/{slug}: QR downloads and print-ready sheets. tenant_admin and cashier (docs/product.md 'Roles', `ROLES.staff`);
 * 401 signed out, 403 other roles, 404 'Card not found' for a card outside the tenant.
 * The QR encodes `{PUBLIC_URL}/{slug}/c/{cardUid}?t={token}` (docs/product.md 'Cards').
 * Also a store's 'Join our rewards' poster (docs/product.md 'Online sign-up'), tenant_admin only.
 */
export const cardFileRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  const qrContext = (tenant: TenantContext): QrUrlContext => ({ publicUrl: config.publicUrl, secret: config.qrTokenSecret, slug: tenant.slug });

  /**
   * GET /cards/{cardUid}/qr/download?format=png|jpg|svg&size=100..2000 (defaults png, 300):
   * the card's QR as a `size` px square file `card-{UID}.{ext}` (error correction M, 4-module
   * quiet zone). 400 VALIDATION_ERROR with details for a bad format or size; 404 unknown card.
   */
  app.get(
    '/cards/:cardUid/qr/download',
    {
      config: { roles: ROLES.staff },
      schema: {
        summary: "Download a card's QR code",
        description: "The QR of the card's public page as a PNG, JPG or SVG file, `size` pixels square (100 to 2000, default 300).",
        tags: ['cards'],
        params: z.object({ slug: z.string(), cardUid: z.string().min(1).max(200) }),
        querystring: QrDownloadQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const uid = await findTenantCardUid(db, tenant.id, request.params.cardUid);
      const file = await renderQr(qrUrlOf(qrContext(tenant), uid), request.query.format, request.query.size);
      return asDownload(reply, file.contentType, `card-${uid}.${file.ext}`).send(file.body);
    },
  );

  /**
   * POST /cards/qr/bulk-download {cardUids (1–1000), format = png, size = 300, includeLabels =
   * true}: a streamed `qr-codes-YYYY-MM-DD.zip` with one
   * `{UID}.{ext}` per card. 400 with details for a bad body (over 1000 cards included);
   * 404 when any UID is not a card of this tenant (details name the positions), before any byte
   * of the zip is sent.
   */
  app.post(
    '/cards/qr/bulk-download',
    {
      config: { roles: ROLES.staff },
      schema: {
        summary: 'Download QR codes of many cards',
        description: 'A ZIP with one QR file per card for 1 to 1000 cards; 404 (before any byte) when a UID is not a card of the business.',
        tags: ['cards'],
        params: z.object({ slug: z.string() }),
        body: QrBulkRequest,
        response: errors,
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const zip = await bulkQrZip(db, tenant.id, qrContext(tenant), request.body, request.log);
      return asDownload(reply, 'application/zip', datedZipName('qr-codes', request.ctx.now)).send(zip);
    },
  );

  /**
   * POST /cards/qr/print-ready {cardUids (1–1000), printFormat = standard | card-template,
   * cardsPerPage = 8 (1–30; card-template at most `cardTemplateCapacity()` = 8)}:
   * a streamed `print-ready-YYYY-MM-DD.zip` holding
   * `cards-letter.pdf` and `cards-a4.pdf`, each ceil(n / cardsPerPage) pages with crop marks.
   * 400 with details for a bad body; 404 as for bulk download.
   */
  app.post(
    '/cards/qr/print-ready',
    {
      config: { roles: ROLES.staff },
      schema: {
        summary: 'Download print-ready card sheets',
        description:
          'A ZIP with Letter and A4 PDFs of 1 to 1000 cards with crop marks, `cardsPerPage` to a page; 404 when a UID is not a card of the business.',
        tags: ['cards'],
        params: z.object({ slug: z.string() }),
        body: QrPrintRequest,
        response: errors,
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const body = request.body;
      const capacity = cardTemplateCapacity();
      if (body.printFormat === 'card-template' && body.cardsPerPage > capacity) {
        const message = `Card templates fit at most ${capacity} per page`;
        throw badRequest(message, [{ field: 'body.cardsPerPage', message }]);
      }
      const zip = await printReadyZip(db, tenant, qrContext(tenant), body, request.log);
      return asDownload(reply, 'application/zip', datedZipName('print-ready', request.ctx.now)).send(zip);
    },
  );

  /**
   * GET /stores/{storeId}/poster?paper=a4|letter (default a4; docs/product.md
   * 'Online sign-up'): the store's one-page 'Join our rewards' poster, a PDF of A4
   * (595.28 × 841.89 pt) or US Letter (612 × 792 pt) whose vector QR encodes
   * `{PUBLIC_URL}/{slug}/join?store={storeId}`, saved as
   * `join-poster-{store-name-slugified}-{paper}.pdf`. ROLES.admin (tenant_admin; the Stores
   * page is theirs, docs/product.md 'Roles'). 400 VALIDATION_ERROR for a bad `paper` (details
   * `querystring.paper`); 401 signed out; 403 cashier or customer; 404 'Store not found'
   * (unknown, malformed or another tenant's id); 422 BUSINESS_RULE 'Self-enrolment is off for
   * this store. Turn it on to print its poster.' when the store has self-enrolment off or is
   * inactive (its join page is a 404 then).
   */
  app.get(
    '/stores/:storeId/poster',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: "Download a store's sign-up poster",
        description: "A one-page A4 or Letter PDF whose QR opens the store's online sign-up page. 422 when the store is inactive or has self-enrolment off.",
        tags: ['stores'],
        params: z.object({ slug: z.string(), storeId: z.string() }),
        querystring: JoinPosterQuery,
        response: { ...errors, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const poster = await joinPoster(db, tenant, config.publicUrl, request.params.storeId, request.query.paper);
      return asDownload(reply, 'application/pdf', poster.fileName).send(poster.body);
    },
  );
};
