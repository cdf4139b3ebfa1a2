import type { EndOfDayFigures, EndOfDayReport } from '@loyalty/contract';
import { formatCents } from '@loyalty/domain';
import { pdfSafe } from '../../lib/pdf-text.ts';

/** The end-of-day report printed (docs/product.md 'Reports'): A4 landscape, a table per store, a line per staff member, then the totals. */

const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
const MARGIN = 36;
const ROW = 16;
const INK = '#0f172a';
const MUTED = '#64748b';

/** The columns: a heading and the cell of one line's figures. */
const COLUMNS: { title: string; width: number; cell: (f: EndOfDayFigures) => string }[] = [
  { title: 'Purchases', width: 90, cell: (f) => `${f.purchases.count} · ${formatCents(f.purchases.amountCents)}` },
  { title: 'Cashback', width: 62, cell: (f) => formatCents(f.purchases.cashbackCents) },
  { title: 'Redemptions', width: 84, cell: (f) => `${f.redemptions.count} · ${formatCents(f.redemptions.amountCents)}` },
  {
    title: 'Refunds (taken back)',
    width: 110,
    cell: (f) => `${f.refunds.count} · ${formatCents(f.refunds.amountCents)} (${formatCents(f.refunds.clawbackCents)})`,
  },
  { title: 'Voids', width: 66, cell: (f) => `${f.voids.count} · ${formatCents(f.voids.amountCents)}` },
  { title: 'Adjustments', width: 72, cell: (f) => `${f.adjustments.count} · ${formatCents(f.adjustments.amountCents)}` },
  { title: 'Add funds', width: 66, cell: (f) => `${f.addFunds.count} · ${formatCents(f.addFunds.amountCents)}` },
  { title: 'Bonuses', width: 66, cell: (f) => `${f.bonuses.count} · ${formatCents(f.bonuses.amountCents)}` },
  { title: 'Net', width: 60, cell: (f) => formatCents(f.netCents) },
];
const NAME_WIDTH = A4_LANDSCAPE[0] - 2 * MARGIN - COLUMNS.reduce((n, c) => n + c.width, 0);

/** Draws one table line at `y`: the name then each column's cell, right-aligned. */
function line(doc: PDFKit.PDFDocument, y: number, name: string, cells: string[], bold: boolean): void {
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(8.5)
    .fillColor(INK);
  doc.text(pdfSafe(name), MARGIN, y, { width: NAME_WIDTH - 6, lineBreak: false, ellipsis: true });
  let x = MARGIN + NAME_WIDTH;
  COLUMNS.forEach((c, i) => {
    doc.text(pdfSafe(cells[i]), x, y, { width: c.width - 4, align: 'right', lineBreak: false });
    x += c.width;
  });
}

/**
 * Renders report `r` of business `businessName` as a PDF and returns its bytes: a title with the
 * day and the time zone, per store a heading, the column titles, a line per staff member and the
 * store's total, then the day's totals; a new page when one fills. pdfkit is loaded on first use.
 */
export async function renderEndOfDayPdf(r: EndOfDayReport, businessName: string): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: A4_LANDSCAPE,
    margin: MARGIN,
    info: { Title: pdfSafe(`${businessName}: end of day ${r.date}`), Creator: 'Loyalty Cards' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(INK)
    .text(pdfSafe(`End of day ${r.date}`), MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(pdfSafe(`${businessName} · times in ${r.timezone}`), MARGIN, MARGIN + 22);
  let y = MARGIN + 48;
  const room = (rows: number) => {
    if (y + rows * ROW > A4_LANDSCAPE[1] - MARGIN) {
      doc.addPage();
      y = MARGIN;
    }
  };
  const titles = () => {
    doc.font('Helvetica').fontSize(7.5).fillColor(MUTED);
    let x = MARGIN + NAME_WIDTH;
    for (const c of COLUMNS) {
      doc.text(c.title, x, y, { width: c.width - 4, align: 'right', lineBreak: false });
      x += c.width;
    }
    y += ROW;
  };
  for (const s of r.stores) {
    room(3 + s.staff.length);
    doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(pdfSafe(s.storeName), MARGIN, y);
    y += ROW + 2;
    titles();
    for (const who of s.staff) {
      room(1);
      line(
        doc,
        y,
        who.name,
        COLUMNS.map((c) => c.cell(who.figures)),
        false,
      );
      y += ROW;
    }
    line(
      doc,
      y,
      'All staff',
      COLUMNS.map((c) => c.cell(s.figures)),
      true,
    );
    y += ROW * 2;
  }
  room(3);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text(r.stores.length ? 'All stores' : 'No movements on this day', MARGIN, y);
  y += ROW + 2;
  titles();
  line(
    doc,
    y,
    'Total',
    COLUMNS.map((c) => c.cell(r.totals)),
    true,
  );
  doc.end();
  return done;
}
