import { QR_QUIET_ZONE, qrMatrix, type QrMatrix } from './qr-render.ts';
import { pdfSafe } from '../../lib/pdf-text.ts';
import {
  type PrintFormat,
  type Paper,
  PAGE_MARGIN,
  MARK_OFFSET,
  MARK_LENGTH,
  type Box,
  type SheetLayout,
  standardLayout,
  cardTemplateLayout,
} from './sheet-layout.ts';

/**
 * Print-ready PDF sheets of card QR codes (POST /cards/qr/print-ready). Units are PDF points (1/72 inch)
 * throughout. Codes are drawn as vector rectangles from the `qrcode` module matrix, so they
 * stay sharp at any printer resolution. Each code sits in a cut box with crop marks at its
 * four corners; the card UID is printed under every code.
 */

/** Safe zone inside a card template: nothing is drawn closer than this to the cut edge (~2.8 mm). */
const CARD_PADDING = 8;

/**
 * Draws a QR symbol as one filled path of rectangles (one per horizontal run of dark
 * modules), `side` points square with the 4-module quiet zone left white, top-left at (x, y).
 */
export function drawQr(doc: PDFKit.PDFDocument, matrix: QrMatrix, x: number, y: number, side: number): void {
  const module = side / (matrix.size + 2 * QR_QUIET_ZONE);
  const ox = x + QR_QUIET_ZONE * module;
  const oy = y + QR_QUIET_ZONE * module;
  for (let row = 0; row < matrix.size; row++) {
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < matrix.size && matrix.get(row, col)) col++;
      doc.rect(ox + start * module, oy + row * module, (col - start) * module, module);
    }
  }
  doc.fillColor('#000000').fill();
}

/** Crop marks at the four corners of `box`: short hairlines pointing outward, off the corner by MARK_OFFSET. */
function drawCropMarks(doc: PDFKit.PDFDocument, box: Box): void {
  const left = box.x;
  const right = box.x + box.width;
  const top = box.y;
  const bottom = box.y + box.height;
  const a = MARK_OFFSET;
  const b = MARK_OFFSET + MARK_LENGTH;
  for (const [x, dx] of [
    [left, -1],
    [right, 1],
  ] as const) {
    for (const [y, dy] of [
      [top, -1],
      [bottom, 1],
    ] as const) {
      doc.moveTo(x + dx * a, y).lineTo(x + dx * b, y); // horizontal mark on the edge's line
      doc.moveTo(x, y + dy * a).lineTo(x, y + dy * b); // vertical mark
    }
  }
  doc.lineWidth(0.5).strokeColor('#000000').stroke();
}

/** One card to print: its UID and the URL its QR encodes. */
interface PrintCard {
  cardUid: string;
  url: string;
}

/** Draws one standard cell: the code filling the top of the box, the UID centred under it. */
function drawStandardCell(doc: PDFKit.PDFDocument, layout: SheetLayout, box: Box, card: PrintCard): void {
  drawQr(doc, qrMatrix(card.url), box.x, box.y, layout.qrSide);
  const fontSize = Math.min(layout.labelHeight * 0.55, layout.qrSide / 8);
  doc
    .font('Courier-Bold')
    .fontSize(fontSize)
    .fillColor('#000000')
    .text(card.cardUid, box.x, box.y + layout.qrSide + (layout.labelHeight - fontSize) / 2, { width: box.width, align: 'center', lineBreak: false });
}

/**
 * Draws one credit-card template: the code on the left with the UID under it; on the right
 * the tenant name (bold, up to three lines) and 'Scan to see your balance'.
 */
function drawCardTemplate(doc: PDFKit.PDFDocument, box: Box, card: PrintCard, tenantName: string): void {
  const uidSize = 8;
  const uidHeight = 11;
  const qrSide = box.height - 2 * CARD_PADDING - uidHeight;
  const qrX = box.x + CARD_PADDING;
  const qrY = box.y + CARD_PADDING;
  drawQr(doc, qrMatrix(card.url), qrX, qrY, qrSide);
  doc
    .font('Courier-Bold')
    .fontSize(uidSize)
    .fillColor('#000000')
    .text(card.cardUid, qrX, qrY + qrSide + 1, { width: qrSide, align: 'center', lineBreak: false });
  const textX = qrX + qrSide + 4;
  const textW = box.x + box.width - CARD_PADDING - textX;
  const nameTop = qrY + 10;
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('#000000')
    .text(pdfSafe(tenantName), textX, nameTop, { width: textW, height: 3 * 13.5, ellipsis: true });
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor('#333333')
    .text('Scan to see your balance', textX, Math.max(doc.y + 8, nameTop + 34), { width: textW });
}

/** What a sheet PDF is made of. */
export interface SheetRequest {
  tenantName: string;
  cards: PrintCard[];
  printFormat: PrintFormat;
  cardsPerPage: number;
}

/**
 * A new pdfkit document for `paper` (no automatic first page, no margins: every position is
 * explicit). It is a Readable stream of the PDF bytes; `writeSheets` fills and ends it.
 * pdfkit is loaded on first use (it is a large part of an idle server's memory).
 */
export async function newSheetDocument(paper: Paper, tenantName: string): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  return new PDFDocument({
    size: [paper.width, paper.height],
    margin: 0,
    autoFirstPage: false,
    info: { Title: pdfSafe(`${tenantName}: card QR codes (${paper.title})`), Creator: 'Loyalty Cards' },
  });
}

/**
 * Writes ceil(cards / cardsPerPage) pages of `request` into `doc` and ends it. Each page: the
 * cut boxes of the layout with crop marks, one card per box, and a footer line (tenant,
 * paper, page x of y) in the bottom margin. `afterPage` runs after every page: the caller
 * waits there for the consumer (backpressure) and returns false to stop early (client gone);
 * then the document is ended where it is.
 */
export async function writeSheets(doc: PDFKit.PDFDocument, paper: Paper, request: SheetRequest, afterPage: () => Promise<boolean>): Promise<void> {
  const { cards, cardsPerPage, printFormat, tenantName } = request;
  const layout = printFormat === 'card-template' ? cardTemplateLayout(paper, cardsPerPage) : standardLayout(paper, cardsPerPage);
  const pages = Math.ceil(cards.length / cardsPerPage);
  for (let page = 0; page < pages; page++) {
    doc.addPage({ size: [paper.width, paper.height], margin: 0 });
    const onPage = cards.slice(page * cardsPerPage, (page + 1) * cardsPerPage);
    onPage.forEach((card, i) => {
      const box = layout.boxes[i];
      drawCropMarks(doc, box);
      if (printFormat === 'card-template') drawCardTemplate(doc, box, card, tenantName);
      else drawStandardCell(doc, layout, box, card);
    });
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor('#666666')
      .text(
        pdfSafe(`${tenantName} · ${cards.length} card${cards.length === 1 ? '' : 's'} · ${paper.title} · page ${page + 1} of ${pages}`),
        PAGE_MARGIN,
        paper.height - PAGE_MARGIN + 12,
        {
          width: paper.width - 2 * PAGE_MARGIN,
          align: 'center',
          lineBreak: false,
        },
      );
    if (!(await afterPage())) break;
  }
  doc.end();
}
