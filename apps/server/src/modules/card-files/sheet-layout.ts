/**
 * Where the codes of a print-ready sheet go (POST /cards/qr/print-ready): the paper sizes, the
 * cut boxes of the standard grid and of credit-card templates, and how many fit a page. Units
 * are PDF points (1/72 inch) throughout; print-sheets.ts draws into these boxes.
 */
/** The two print layouts: a plain grid of codes, or credit-card-sized cards. */
export type PrintFormat = 'standard' | 'card-template';

/** A paper size: file name inside the zip, page size in points. */
export interface Paper {
  id: 'letter' | 'a4';
  fileName: string;
  title: string;
  width: number;
  height: number;
}

/** US Letter (8.5 × 11 in) and A4 (210 × 297 mm): one PDF of each goes into the zip. */
export const PAPERS: readonly Paper[] = [
  { id: 'letter', fileName: 'cards-letter.pdf', title: 'US Letter', width: 612, height: 792 },
  { id: 'a4', fileName: 'cards-a4.pdf', title: 'A4', width: 595.28, height: 841.89 },
];

/** Millimetres to points. */
export const mm = (v: number): number => (v * 72) / 25.4;

/** Page margin on every side: 0.5 in, inside what office printers can print. */
export const PAGE_MARGIN = 36;
/** Space between a cut box and its grid slot's edge; gutters between boxes are twice this. */
export const CUT_GAP = 12;
/** Crop marks start this far from the box corner (so they never touch the cut piece)… */
export const MARK_OFFSET = 3;
/** …and are this long (OFFSET + LENGTH < CUT_GAP: marks of neighbouring boxes never meet). */
export const MARK_LENGTH = 8;
/** ISO/IEC 7810 ID-1 (credit card) size: 85.6 × 54 mm. */
export const CARD_WIDTH = mm(85.6);
export const CARD_HEIGHT = mm(54);

/** A cut box on a page: top-left corner and size in points. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the codes of one page go: cut boxes in reading order, and the code/label sizes. */
export interface SheetLayout {
  /** One cut box per card slot on the page, left to right, top to bottom. */
  boxes: Box[];
  /** Side of the QR square (quiet zone included) in standard layout; unused by card-template. */
  qrSide: number;
  /** Height of the UID strip under a code in standard layout. */
  labelHeight: number;
}

/** The grid area inside the page margins. */
function printableArea(paper: Paper): Box {
  return { x: PAGE_MARGIN, y: PAGE_MARGIN, width: paper.width - 2 * PAGE_MARGIN, height: paper.height - 2 * PAGE_MARGIN };
}

/** UID strip height for a cut box whose free space is `w` × `h`: 12 % of the smaller side, 12–28 pt. */
function standardLabelHeight(w: number, h: number): number {
  return Math.min(28, Math.max(12, Math.min(w, h) * 0.12));
}

/**
 * Standard layout of `perPage` codes (1–30) on `paper`. Tries every column count; the code
 * side is what fits a slot after the gutters and the UID strip. Picks the largest code, but
 * prefers a grid without empty slots when its codes are at least 85 % as large (8 per page →
 * 2 × 4 rather than 3 × 3 with a hole). Each cut box is exactly the code plus its UID strip,
 * centred in its slot.
 */
export function standardLayout(paper: Paper, perPage: number): SheetLayout {
  const area = printableArea(paper);
  const candidates = Array.from({ length: perPage }, (_, i) => {
    const cols = i + 1;
    const rows = Math.ceil(perPage / cols);
    const w = area.width / cols - 2 * CUT_GAP;
    const h = area.height / rows - 2 * CUT_GAP;
    const labelHeight = standardLabelHeight(w, h);
    return { cols, rows, side: Math.min(w, h - labelHeight), labelHeight, waste: cols * rows - perPage };
  }).filter((c) => c.side > 0);
  const best = Math.max(...candidates.map((c) => c.side));
  const pick = candidates.filter((c) => c.side >= 0.85 * best).sort((a, b) => a.waste - b.waste || b.side - a.side)[0];
  const slotW = area.width / pick.cols;
  const slotH = area.height / pick.rows;
  const boxW = pick.side;
  const boxH = pick.side + pick.labelHeight;
  const boxes = Array.from({ length: perPage }, (_, i) => {
    const col = i % pick.cols;
    const row = Math.floor(i / pick.cols);
    return { x: area.x + col * slotW + (slotW - boxW) / 2, y: area.y + row * slotH + (slotH - boxH) / 2, width: boxW, height: boxH };
  });
  return { boxes, qrSide: pick.side, labelHeight: pick.labelHeight };
}

/** Columns and rows of credit-card templates that fit `paper` with crop-mark gutters. */
function cardGrid(paper: Paper): { cols: number; rows: number } {
  const area = printableArea(paper);
  const gutter = 2 * CUT_GAP;
  return {
    cols: Math.floor((area.width + gutter) / (CARD_WIDTH + gutter)),
    rows: Math.floor((area.height + gutter) / (CARD_HEIGHT + gutter)),
  };
}

/**
 * How many credit-card templates fit on one page of every paper size (both US Letter and A4
 * hold 2 × 4 = 8, the default). A card-template request may not ask for more per page.
 */
export function cardTemplateCapacity(): number {
  return Math.min(
    ...PAPERS.map((p) => {
      const g = cardGrid(p);
      return g.cols * g.rows;
    }),
  );
}

/**
 * Card-template layout of `perPage` cards (1 to `cardTemplateCapacity()`): 85.6 × 54 mm cut
 * boxes on a grid centred on the page, filled in reading order. Throws a RangeError beyond
 * capacity (the route answers 400 before that).
 */
export function cardTemplateLayout(paper: Paper, perPage: number): SheetLayout {
  const { cols, rows } = cardGrid(paper);
  if (perPage > cols * rows) throw new RangeError(`At most ${cols * rows} card templates fit on ${paper.title}`);
  const gutter = 2 * CUT_GAP;
  const gridW = cols * CARD_WIDTH + (cols - 1) * gutter;
  const gridH = rows * CARD_HEIGHT + (rows - 1) * gutter;
  const x0 = (paper.width - gridW) / 2;
  const y0 = (paper.height - gridH) / 2;
  const boxes = Array.from({ length: perPage }, (_, i) => ({
    x: x0 + (i % cols) * (CARD_WIDTH + gutter),
    y: y0 + Math.floor(i / cols) * (CARD_HEIGHT + gutter),
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
  }));
  return { boxes, qrSide: 0, labelHeight: 0 };
}
