import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import type { ZipArchive } from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import type { QrFormat } from '@loyalty/contract';
import { normalizeCardUid } from '@loyalty/domain';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { cardQrUrl, existingCardUids, tenantCardUid } from '../cards/index.ts';
import { renderQr } from './qr-render.ts';
import { newSheetDocument, writeSheets } from './print-sheets.ts';
import { PAPERS, type PrintFormat } from './sheet-layout.ts';

/**
 * Card files: single QR download, bulk QR zip and print-ready PDF zip.
 * Every lookup is scoped to the request's tenant; another tenant's card is 404 like an
 * unknown one.
 */

/** What building a card's QR URL needs (docs/product.md 'Cards': `{PUBLIC_URL}/{slug}/c/{uid}?t={token}`). */
export interface QrUrlContext {
  publicUrl: string;
  secret: string;
  slug: string;
}

/** The URL a card's QR encodes, with its token. */
export function qrUrlOf(ctx: QrUrlContext, cardUid: string): string {
  return cardQrUrl(ctx.publicUrl, ctx.secret, ctx.slug, cardUid);
}

/**
 * The stored UID of one card of the tenant, from a typed or scanned value (normalised with
 * `normalizeCardUid`). Throws 404 NOT_FOUND 'Card not found' when the tenant has no such card
 * (another tenant's card included).
 */
export async function findTenantCardUid(db: DbOrTx, tenantId: string, rawUid: string): Promise<string> {
  const cardUid = normalizeCardUid(rawUid);
  const stored = await tenantCardUid(db, tenantId, cardUid);
  if (!stored) throw notFound('Card not found');
  return stored;
}

/**
 * Normalises and de-duplicates `rawUids` (request order kept) and checks in one query that
 * every one is a card of the tenant. Throws 404 NOT_FOUND 'Card not found' (one card) or
 * '{n} cards not found', with `details: [{ field: 'body.cardUids.{i}', message }]` naming
 * the positions in the request that are not cards of this tenant. No UID is echoed, and an
 * unknown UID and another tenant's look the same, so nothing about other tenants leaks.
 */
async function resolveTenantCardUids(db: DbOrTx, tenantId: string, rawUids: readonly string[]): Promise<string[]> {
  const normalised = rawUids.map(normalizeCardUid);
  const uids = [...new Set(normalised)];
  const found = await existingCardUids(db, tenantId, uids);
  const details = normalised.flatMap((uid, i) => (found.has(uid) ? [] : [{ field: `body.cardUids.${i}`, message: 'Card not found' }]));
  if (details.length > 0) {
    throw new AppError('NOT_FOUND', details.length === 1 ? 'Card not found' : `${details.length} cards not found`, details);
  }
  return uids;
}

/** `{prefix}-YYYY-MM-DD.zip` for `now` (UTC date), e.g. `qr-codes-2025-01-31.zip` (the name carries the current date). */
export function datedZipName(prefix: string, now: Date): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.zip`;
}

/** Thrown inside a zip producer when the client went away; ends production quietly. */
class ZipAborted extends Error {}

/** What a zip producer writes into: entries are added one at a time, each awaited. */
interface ZipSink {
  /** Adds a file and resolves once the archive has consumed it. `store` skips compression. */
  add(name: string, data: Buffer, store: boolean): Promise<void>;
  /**
   * Adds a file whose bytes `source` streams while `produce` writes them (e.g. a pdfkit
   * document), and resolves once the archive has consumed all of it.
   */
  addStream(name: string, source: Readable, produce: () => Promise<void>): Promise<void>;
  /** Resolves when `source` holds less than `limit` unread bytes; false if the client went away. */
  drain(source: Readable, limit?: number): Promise<boolean>;
}

/** Unread PDF bytes tolerated before the producer waits for the client (backpressure). */
const STREAM_BACKLOG_BYTES = 1 << 20;

/**
 * Starts a streamed zip (archiver) and returns it: a Readable to hand to `reply.send`. The
 * producer `fill` runs in the background and appends entries one by one, waiting for each
 * to be consumed, so the whole archive is never held in memory; then the archive is
 * finalised. When the client disconnects Fastify destroys the stream and production stops.
 * A producer error is logged and destroys the stream (the client sees a truncated download:
 * the status line was already sent). archiver is loaded on first use (an idle
 * server's memory).
 */
async function streamZip(log: FastifyBaseLogger, fill: (zip: ZipSink) => Promise<void>): Promise<ZipArchive> {
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ zlib: { level: 6 } });
  let closed = false;
  archive.once('close', () => {
    closed = true;
  });
  archive.on('warning', (err) => log.warn({ err }, 'zip warning'));
  archive.on('error', (err) => log.debug({ err }, 'zip stream error'));

  /** Resolves on the archive's next processed entry; rejects when it errors or closes. */
  const nextEntry = () =>
    new Promise<void>((resolve, reject) => {
      const cleanup = () => {
        archive.off('entry', onEntry);
        archive.off('error', onError);
        archive.off('close', onClose);
      };
      const onEntry = () => (cleanup(), resolve());
      const onError = (err: Error) => (cleanup(), reject(err));
      const onClose = () => (cleanup(), reject(new ZipAborted()));
      archive.on('entry', onEntry);
      archive.on('error', onError);
      archive.on('close', onClose);
    });

  const sink: ZipSink = {
    async add(name, data, store) {
      if (closed) throw new ZipAborted();
      const done = nextEntry();
      archive.append(data, { name, store });
      await done;
    },
    async addStream(name, source, produce) {
      if (closed) throw new ZipAborted();
      const done = nextEntry();
      done.catch(() => {}); // awaited below; a rejection while `produce` runs is not unhandled
      archive.append(source, { name, store: true });
      await produce();
      await done;
    },
    async drain(source, limit = STREAM_BACKLOG_BYTES) {
      while (!closed && source.readableLength > limit) await delay(5);
      return !closed;
    },
  };

  void (async () => {
    try {
      await fill(sink);
      if (!closed) await archive.finalize();
    } catch (err) {
      if (err instanceof ZipAborted || closed) return;
      log.error({ err }, 'zip production failed');
      archive.destroy(err as Error);
    }
  })();
  return archive;
}

/** A bulk QR request after validation. */
export interface BulkQrInput {
  cardUids: string[];
  format: QrFormat;
  size: number;
  includeLabels: boolean;
}

/**
 * POST /cards/qr/bulk-download: checks every UID up front (404, see
 * `resolveTenantCardUids`), then returns a streamed zip with one `{UID}.{ext}` per card
 * (request order, duplicates once), each `size` px square, with the UID printed under the
 * code when `includeLabels` (image taller by the label strip). PNG and JPG are stored
 * uncompressed in the zip (already compressed); SVG is deflated.
 */
export async function bulkQrZip(db: DbOrTx, tenantId: string, qr: QrUrlContext, input: BulkQrInput, log: FastifyBaseLogger): Promise<ZipArchive> {
  const uids = await resolveTenantCardUids(db, tenantId, input.cardUids);
  return streamZip(log, async (zip) => {
    for (const uid of uids) {
      const file = await renderQr(qrUrlOf(qr, uid), input.format, input.size, input.includeLabels ? uid : undefined);
      await zip.add(`${uid}.${file.ext}`, file.body, file.ext !== 'svg');
    }
  });
}

/** A print-ready request after validation, its defaults applied. */
export interface PrintReadyInput {
  cardUids: string[];
  printFormat: PrintFormat;
  cardsPerPage: number;
}

/**
 * POST /cards/qr/print-ready: checks every UID up front (404), then returns a streamed zip
 * of two PDFs, `cards-letter.pdf` (US Letter) and `cards-a4.pdf` (A4), each of
 * ceil(cards / cardsPerPage) pages (see `writeSheets`). Each PDF is streamed into the
 * archive while pages are drawn, waiting for the client whenever 1 MiB is unread.
 */
export async function printReadyZip(
  db: DbOrTx,
  tenant: { id: string; name: string },
  qr: QrUrlContext,
  input: PrintReadyInput,
  log: FastifyBaseLogger,
): Promise<ZipArchive> {
  const uids = await resolveTenantCardUids(db, tenant.id, input.cardUids);
  const printCards = uids.map((cardUid) => ({ cardUid, url: qrUrlOf(qr, cardUid) }));
  return streamZip(log, async (zip) => {
    for (const paper of PAPERS) {
      const doc = await newSheetDocument(paper, tenant.name);
      await zip.addStream(paper.fileName, doc, () =>
        writeSheets(doc, paper, { tenantName: tenant.name, cards: printCards, printFormat: input.printFormat, cardsPerPage: input.cardsPerPage }, () =>
          zip.drain(doc),
        ),
      );
    }
  });
}
