import QRCode from 'qrcode';
import type { Sharp } from 'sharp';
import type { QrFormat } from '@loyalty/contract';

/**
 * QR images of cards.
 * The symbol itself always comes from the `qrcode` package: error correction M and a quiet
 * zone of 4 modules (the QR standard's minimum) on every side.
 */

/** Error-correction level of every card QR: M, about 15 % of the symbol may be damaged. */
const QR_ERROR_CORRECTION = 'M' as const;
/** Quiet zone in modules around the symbol (ISO/IEC 18004 minimum). */
export const QR_QUIET_ZONE = 4;

/** A rendered file: its bytes, MIME type and file extension (without dot). */
export interface RenderedQr {
  body: Buffer;
  contentType: string;
  ext: QrFormat;
}

/** MIME type of each QR format. */
const QR_CONTENT_TYPES: Record<QrFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
};

/** The module matrix of a QR symbol, without quiet zone: `size` × `size`, `get(row, col)` 1 = dark. */
export interface QrMatrix {
  size: number;
  get(row: number, col: number): number;
}

/** Encodes `text` with `qrcode` (error correction M) and returns its module matrix (for vector PDFs). */
export function qrMatrix(text: string): QrMatrix {
  const modules = QRCode.create(text, { errorCorrectionLevel: QR_ERROR_CORRECTION }).modules;
  return { size: modules.size, get: (row, col) => modules.get(row, col) };
}

/**
 * Height in pixels of the label strip added under a `size`-pixel code, and its font size.
 * The 12-character UID in a monospace face takes about 7.2 × fontSize, well inside `size`.
 */
export function labelMetrics(size: number): { height: number; fontSize: number } {
  const fontSize = Math.max(11, Math.round(size * 0.075));
  return { height: Math.round(fontSize * 1.8), fontSize };
}

/** Escapes text for an XML text node or attribute. */
function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

const LABEL_FONT = "'DejaVu Sans Mono', 'Liberation Mono', Menlo, Consolas, 'Courier New', monospace";

/** An SVG `<text>` element centring `label` in a strip `width` wide whose top is at `top`. */
function labelText(label: string, width: number, top: number, size: number): string {
  const { height, fontSize } = labelMetrics(size);
  const baseline = top + Math.round(height / 2 + fontSize * 0.35);
  return `<text x="${width / 2}" y="${baseline}" text-anchor="middle" font-family="${LABEL_FONT}" font-size="${fontSize}" font-weight="bold" fill="#000000">${escapeXml(label)}</text>`;
}

/**
 * The QR of `text` as a PNG exactly `size` × `size` pixels (quiet zone included), plus a
 * white strip of `labelMetrics(size).height` pixels with `label` centred in it when a label
 * is given. `qrcode` draws the symbol at one pixel per module; sharp scales it up with
 * nearest-neighbour (crisp module edges, about ten times faster than `qrcode`'s own PNG
 * scaling at large sizes) and composes the label from an SVG text overlay.
 * Returns a sharp pipeline so that the caller picks the output encoding.
 */
async function rasterPipeline(text: string, size: number, label: string | undefined): Promise<Sharp> {
  const onePixelPerModule = await QRCode.toBuffer(text, {
    type: 'png',
    errorCorrectionLevel: QR_ERROR_CORRECTION,
    margin: QR_QUIET_ZONE,
    scale: 1,
  });
  // Loaded on first use: sharp (libvips) is a large part of an idle server's memory.
  const { default: sharp } = await import('sharp');
  const image = sharp(onePixelPerModule).resize(size, size, { kernel: 'nearest' });
  if (!label) return image;
  const { height } = labelMetrics(size);
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${height}">${labelText(label, size, 0, size)}</svg>`;
  return image.extend({ bottom: height, background: { r: 255, g: 255, b: 255, alpha: 1 } }).composite([{ input: Buffer.from(overlay), top: size, left: 0 }]);
}

/**
 * The QR of `text` as an SVG document `size` px wide (`qrcode`'s SVG output: one `<path>` of
 * dark modules on a white background). With a label, the code is nested in an outer `<svg>`
 * that is taller by the label strip and holds a `<text>` element with `label`.
 */
async function renderQrSvg(text: string, size: number, label?: string): Promise<string> {
  const svg = (await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: QR_ERROR_CORRECTION, margin: QR_QUIET_ZONE, width: size })).trim();
  if (!label) return svg;
  const { height } = labelMetrics(size);
  const total = size + height;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${total}" viewBox="0 0 ${size} ${total}">` +
    `<rect width="${size}" height="${total}" fill="#ffffff"/>` +
    svg +
    labelText(label, size, size, size) +
    `</svg>`
  );
}

/**
 * Renders the QR of `text` in `format` at `size` × `size` pixels (100–2000, quiet zone
 * included), optionally with `label` (the card UID) printed under it, which makes the image
 * taller by `labelMetrics(size).height`. PNG: 8-bit RGB. JPG: white background, quality 92,
 * no chroma subsampling. SVG: see `renderQrSvg`.
 */
export async function renderQr(text: string, format: QrFormat, size: number, label?: string): Promise<RenderedQr> {
  const contentType = QR_CONTENT_TYPES[format];
  if (format === 'svg') return { body: Buffer.from(await renderQrSvg(text, size, label)), contentType, ext: format };
  const image = await rasterPipeline(text, size, label);
  const body =
    format === 'png'
      ? await image.png({ compressionLevel: 6 }).toBuffer()
      : await image.flatten({ background: '#ffffff' }).jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer();
  return { body, contentType, ext: format };
}
