import type { PosterPaper } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { requireStoreEnrolment } from '../stores/index.ts';
import { qrMatrix } from './qr-render.ts';
import { pdfSafe } from '../../lib/pdf-text.ts';
import { drawQr } from './print-sheets.ts';
import { PAPERS, mm, type Paper } from './sheet-layout.ts';

/**
 * The 'Join our rewards' poster of a store (docs/product.md 'Online sign-up': "the Stores
 * page offers each store a printable 'Join our rewards' poster (PDF, A4 and Letter) with a QR
 * to `/{slug}/join?store={storeId}`"). One page, everything centred: the business name, the
 * store name, the heading, a one-line invitation, a large vector QR (drawn with `drawQr`, so it
 * stays sharp at any printer resolution) and the URL written out under it so that it can be
 * typed. Units are PDF points (1/72 inch) throughout.
 */

/** 422 text when the store takes no sign-ups (self-enrolment off, or the store inactive): its join page is a 404. */
export const SELF_ENROLMENT_OFF = 'Self-enrolment is off for this store. Turn it on to print its poster.';

/** The invitation printed above the code. */
export const POSTER_INVITATION = 'Scan with your phone camera to get your card and earn cashback on every purchase.';

/** The small line between the code and the written-out URL. */
const POSTER_URL_LABEL = 'No camera? Type this address in your browser:';

/** The poster's heading. */
export const POSTER_HEADING = 'Join our rewards';

/** Page margin on every side: 0.75 in (office printers need 0.5 in at least). */
export const POSTER_MARGIN = 54;

/**
 * Side of the QR square, its 4-module quiet zone included: 115 mm. For a join URL of up to
 * about 100 characters (QR version 7 at most, 45 modules + 8 of quiet zone) the dark symbol
 * itself is at least 115 × 45 / 53 ≈ 97 mm wide, well over the 8 cm the issue asks for.
 */
const POSTER_QR_SIDE = mm(115);

/**
 * The URL of a store's 'Join our rewards' page, which the poster's QR encodes (docs/product.md 'Online sign-up'):
 * `{publicUrl}/{slug}/join?store={storeId}`. `publicUrl` has no trailing slash (config.ts).
 */
export function joinPageUrl(publicUrl: string, slug: string, storeId: string): string {
  return `${publicUrl}/${encodeURIComponent(slug)}/join?store=${encodeURIComponent(storeId)}`;
}

/**
 * The download name of a store's poster: `join-poster-{store name slugified}-{paper}.pdf`,
 * e.g. 'Café Zürich' on A4 → `join-poster-cafe-zurich-a4.pdf`. The slug keeps a–z, 0–9 and
 * single hyphens (accents dropped, at most 60 characters; 'store' when nothing is left), so
 * the name is safe inside a quoted `Content-Disposition` filename.
 */
export function posterFileName(storeName: string, paper: PosterPaper): string {
  const slug =
    storeName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/g, '') || 'store';
  return `join-poster-${slug}-${paper}.pdf`;
}

/** The paper of `id` from print-sheets' PAPERS (A4 595.28 × 841.89 pt, US Letter 612 × 792 pt). */
export function posterPaper(id: PosterPaper): Paper {
  return PAPERS.find((p) => p.id === id)!;
}

/** What goes on a poster. Texts are printed with the PDF standard fonts (`pdfSafe`: Latin-1 only). */
export interface PosterContent {
  businessName: string;
  storeName: string;
  /** The join URL the QR encodes and the poster writes out ({@link joinPageUrl}). */
  url: string;
}

const INK = '#0f172a';
const ACCENT = '#4338ca';
const MUTED = '#475569';
const FRAME = '#cbd5e1';

/** One centred block of text: its font, size, colour, at most `maxLines` lines, and the space above it. */
interface TextBlock {
  text: string;
  font: string;
  size: number;
  color: string;
  maxLines: number;
  width: number;
  gapBefore: number;
}

/** Height in points of `block` as pdfkit will set it (wrapped at `block.width`, capped at `maxLines`). */
function blockHeight(doc: PDFKit.PDFDocument, block: TextBlock): number {
  doc.font(block.font).fontSize(block.size);
  const lineHeight = doc.currentLineHeight(true);
  return Math.min(doc.heightOfString(block.text, { width: block.width }), block.maxLines * lineHeight);
}

/** Writes `block` centred on the page at `top`; over-long text ends in an ellipsis after `maxLines` lines. */
function drawBlock(doc: PDFKit.PDFDocument, paper: Paper, block: TextBlock, top: number, height: number): void {
  doc
    .font(block.font)
    .fontSize(block.size)
    .fillColor(block.color)
    .text(block.text, (paper.width - block.width) / 2, top, { width: block.width, height: height + 1, align: 'center', ellipsis: true });
}

/** The URL's font size: 10.5 pt, smaller for a long URL so that it fits one line (Courier: 0.6 em a character), never under 7 pt. */
function urlFontSize(url: string, width: number): number {
  return Math.max(7, Math.min(10.5, width / (url.length * 0.6)));
}

/**
 * Draws the poster on the current page of `doc`: a short accent bar, the blocks above the
 * code, the QR in a rounded frame, and under it a label and the URL; the whole column centred
 * vertically between the margins (the page is A4 or Letter: the column is about 600 pt tall,
 * the usable height 684 pt at least).
 */
function drawPoster(doc: PDFKit.PDFDocument, paper: Paper, content: PosterContent): void {
  const width = paper.width - 2 * POSTER_MARGIN;
  const barHeight = 4;
  const above: TextBlock[] = [
    { text: pdfSafe(content.businessName), font: 'Helvetica-Bold', size: 20, color: ACCENT, maxLines: 2, width, gapBefore: barHeight + 14 },
    { text: pdfSafe(content.storeName), font: 'Helvetica', size: 14, color: MUTED, maxLines: 2, width, gapBefore: 4 },
    { text: POSTER_HEADING, font: 'Helvetica-Bold', size: 48, color: INK, maxLines: 1, width, gapBefore: 22 },
    { text: POSTER_INVITATION, font: 'Helvetica', size: 15, color: MUTED, maxLines: 3, width: Math.min(width, 380), gapBefore: 10 },
  ];
  const heights = above.map((b) => blockHeight(doc, b));
  const framePad = 6;
  const frameGap = 24;
  const frameSide = POSTER_QR_SIDE + 2 * framePad;
  const label: TextBlock = { text: POSTER_URL_LABEL, font: 'Helvetica', size: 9, color: MUTED, maxLines: 1, width, gapBefore: 12 };
  const labelHeight = blockHeight(doc, label);
  const urlSize = urlFontSize(content.url, width);
  doc.font('Courier-Bold').fontSize(urlSize);
  const urlHeight = doc.heightOfString(content.url, { width });
  const urlGap = 3;
  const total = above.reduce((sum, b, i) => sum + b.gapBefore + heights[i], 0) + frameGap + frameSide + label.gapBefore + labelHeight + urlGap + urlHeight;

  let y = POSTER_MARGIN + Math.max(0, (paper.height - 2 * POSTER_MARGIN - total) / 2);
  doc
    .roundedRect((paper.width - 40) / 2, y, 40, barHeight, barHeight / 2)
    .fillColor(ACCENT)
    .fill();
  above.forEach((block, i) => {
    y += block.gapBefore;
    drawBlock(doc, paper, block, y, heights[i]);
    y += heights[i];
  });

  y += frameGap;
  const frameX = (paper.width - frameSide) / 2;
  doc.roundedRect(frameX, y, frameSide, frameSide, 14).lineWidth(1.25).strokeColor(FRAME).stroke();
  drawQr(doc, qrMatrix(content.url), frameX + framePad, y + framePad, POSTER_QR_SIDE);
  y += frameSide + label.gapBefore;
  drawBlock(doc, paper, label, y, labelHeight);
  y += labelHeight + urlGap;
  doc.font('Courier-Bold').fontSize(urlSize).fillColor(INK).text(content.url, POSTER_MARGIN, y, { width, align: 'center' });
}

/**
 * Renders the one-page poster PDF of `content` on `paper` and returns its bytes. pdfkit is
 * loaded on first use (a large part of an idle server's memory), as in
 * `newSheetDocument`.
 */
export async function renderJoinPoster(paper: Paper, content: PosterContent): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: [paper.width, paper.height],
    margin: 0,
    info: { Title: pdfSafe(`${content.businessName}: join our rewards (${content.storeName}, ${paper.title})`), Creator: 'Loyalty Cards' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawPoster(doc, paper, content);
  doc.end();
  return done;
}

/** The request's tenant as the poster needs it. */
export interface PosterTenant {
  id: string;
  slug: string;
  name: string;
}

/**
 * GET /api/t/{slug}/stores/{storeId}/poster?paper= (docs/product.md 'Online sign-up'): the
 * 'Join our rewards' poster of store `storeId` of `tenant` on `paper`, whose QR encodes
 * `joinPageUrl(publicUrl, tenant.slug, store id)`. Returns `{ body: PDF bytes, fileName }`
 * ({@link posterFileName}). Throws 404 'Store not found' (unknown, malformed or another
 * tenant's id) and 422 BUSINESS_RULE {@link SELF_ENROLMENT_OFF} when the store takes no
 * sign-ups (self-enrolment off or the store inactive: its join page would be a 404).
 */
export async function joinPoster(
  db: DbOrTx,
  tenant: PosterTenant,
  publicUrl: string,
  storeId: string,
  paper: PosterPaper,
): Promise<{ body: Buffer; fileName: string }> {
  const store = await requireStoreEnrolment(db, tenant.id, storeId);
  if (!store.active || !store.selfEnrolment) throw new AppError('BUSINESS_RULE', SELF_ENROLMENT_OFF);
  const url = joinPageUrl(publicUrl, tenant.slug, store.id);
  const body = await renderJoinPoster(posterPaper(paper), { businessName: tenant.name, storeName: store.name, url });
  return { body, fileName: posterFileName(store.name, paper) };
}
