import type { QrBulkRequest, QrFormat, QrPrintRequest } from '@loyalty/contract';
import { answerFile, client } from '@/api/client';
import { API_BASE } from '@/lib/api';
import { saveBlob } from '@/lib/save-blob';
import { tenantApi } from './keys';

/** Size in pixels of the QR images on the card grid (spec: the grid shows each card's QR). */
export const GRID_QR_SIZE = 200;
/** Default size of a downloaded QR image (300). */
export const DEFAULT_QR_SIZE = 300;

/**
 * URL of a card's QR image, for an <img src>: GET /api/t/{slug}/cards/{cardUid}/qr/download
 * ?format=&size= (same origin, so the session cookie goes with it).
 */
export function qrImageUrl(slug: string, cardUid: string, { format = 'png', size = GRID_QR_SIZE }: { format?: QrFormat; size?: number } = {}): string {
  return `${API_BASE}${tenantApi(slug)}/cards/${encodeURIComponent(cardUid)}/qr/download?${new URLSearchParams({ format, size: String(size) })}`;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Downloads one card's QR code (PNG/JPG/SVG; grid icon: PNG): GET
 * /cards/{cardUid}/qr/download?format=&size= → saved under the server's file name, else
 * `card-{uid}.{format}`.
 * @returns the saved file name.
 * @throws {ApiError} 404 unknown card, 400 bad size; the UI shows 'Failed to download QR code'.
 */
export async function downloadCardQr(slug: string, cardUid: string, format: QrFormat = 'png', size = DEFAULT_QR_SIZE): Promise<string> {
  const { blob, filename } = await answerFile(
    client.GET('/api/t/{slug}/cards/{cardUid}/qr/download', { params: { path: { slug, cardUid }, query: { format, size } }, parseAs: 'blob' }),
  );
  const name = filename ?? `card-${cardUid}.${format}`;
  saveBlob(blob, name);
  return name;
}

/**
 * Downloads a zip of QR images (defaults: png, 300 px, labels on): POST /cards/qr/bulk-download
 * `{ cardUids, format, size, includeLabels }`. File name from the server (it includes the date),
 * else `qr-codes-{YYYY-MM-DD}.zip`.
 * @throws {ApiError} 400 (no cards, more than 1000, bad size), 404 unknown card; the UI shows
 *   'Failed to download QR codes'.
 */
export async function downloadBulkQr(slug: string, body: QrBulkRequest): Promise<string> {
  const { blob, filename } = await answerFile(client.POST('/api/t/{slug}/cards/qr/bulk-download', { params: { path: { slug } }, body, parseAs: 'blob' }));
  const name = filename ?? `qr-codes-${today()}.zip`;
  saveBlob(blob, name);
  return name;
}

/**
 * Downloads print-ready sheets (defaults: standard sheet, 8 per page): POST /cards/qr/print-ready
 * `{ cardUids, printFormat, cardsPerPage }` → a zip. File name from the server, else
 * `print-ready-qr-{YYYY-MM-DD}.zip`.
 * @throws {ApiError} as {@link downloadBulkQr}; the UI shows 'Failed to download print-ready QR codes'.
 */
export async function downloadPrintReady(slug: string, body: QrPrintRequest): Promise<string> {
  const { blob, filename } = await answerFile(client.POST('/api/t/{slug}/cards/qr/print-ready', { params: { path: { slug } }, body, parseAs: 'blob' }));
  const name = filename ?? `print-ready-qr-${today()}.zip`;
  saveBlob(blob, name);
  return name;
}
