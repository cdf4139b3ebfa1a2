import AdmZip from 'adm-zip';
import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MAX_BULK_CARDS } from '@loyalty/contract';
import { createOtherTenant, createTestContext, demoSessions, json, loginAs, type TestContext } from '../../../test/helpers.ts';
import { cardQrUrl } from '../cards/index.ts';
import { labelMetrics } from './qr-render.ts';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  CUT_GAP,
  MARK_LENGTH,
  MARK_OFFSET,
  PAGE_MARGIN,
  PAPERS,
  cardTemplateCapacity,
  cardTemplateLayout,
  standardLayout,
  type Box,
} from './sheet-layout.ts';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let other: Awaited<ReturnType<typeof createOtherTenant>>;
let otherAdmin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  other = await createOtherTenant(ctx.db);
  otherAdmin = await loginAs(ctx.app, other.email, other.password);
});
afterAll(() => ctx.close());

/** Ten demo cards: six assigned (one BLOCKED) and four UNASSIGNED. */
const TEN = [
  'DEM0CARD0001',
  'DEM0CARD0002',
  'DEM0CARD0003',
  'DEM0CARD0004',
  'DEM0CARD0005',
  'DEM0CARD0006',
  'DEM0CARD0010',
  'DEM0CARD0011',
  'DEM0CARD0012',
  'DEM0CARD0013',
];
const today = () => new Date().toISOString().slice(0, 10);
const publicUrl = (uid: string, slug = 'demo') => cardQrUrl(ctx.config.publicUrl, ctx.config.qrTokenSecret, slug, uid);

/** Decodes the QR code in a PNG/JPG/SVG image (sharp → raw RGBA → jsQR); null when none is found. */
async function decodeQr(image: Buffer): Promise<string | null> {
  const { data, info } = await sharp(image).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

/** Darkest pixel value (0–255 grey) in rows [top, bottom) of an image: < 128 means something is drawn there. */
async function darkestIn(image: Buffer, top: number, bottom: number): Promise<number> {
  const meta = await sharp(image).metadata();
  const { data } = await sharp(image)
    .extract({ left: 0, top, width: meta.width!, height: bottom - top })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Math.min(...data);
}

const download = (uid: string, query = '', cookie: string | null = s.admin, slug = 'demo') =>
  ctx.app.inject({ method: 'GET', url: `/api/t/${slug}/cards/${encodeURIComponent(uid)}/qr/download${query}`, headers: cookie ? { cookie } : {} });
const bulk = (payload: unknown, cookie: string | null = s.admin, slug = 'demo') =>
  ctx.app.inject({ method: 'POST', url: `/api/t/${slug}/cards/qr/bulk-download`, payload: payload as object, headers: cookie ? { cookie } : {} });
const printReady = (payload: unknown, cookie: string | null = s.admin, slug = 'demo') =>
  ctx.app.inject({ method: 'POST', url: `/api/t/${slug}/cards/qr/print-ready`, payload: payload as object, headers: cookie ? { cookie } : {} });
const zipOf = (res: LightMyRequestResponse) => new AdmZip(res.rawPayload);

/** A 400 with `details: [{ field, message }]` naming `field`. */
function expectValidation(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = json(res);
  expect(body.code).toBe('VALIDATION_ERROR');
  expect(body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field, message: expect.any(String) })]));
}

describe('GET /api/t/{slug}/cards/{cardUid}/qr/download', () => {
  it('PNG by default: 300 px, attachment card-{UID}.png, private; the QR decodes to the public URL whose token opens the full public card', async () => {
    const res = await download('DEM0CARD0001');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('attachment; filename="card-DEM0CARD0001.png"');
    expect(res.headers['cache-control']).toContain('private');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 300, 300]);

    const url = await decodeQr(res.rawPayload);
    expect(url).toBe(publicUrl('DEM0CARD0001'));
    const parsed = new URL(url!);
    expect(parsed.origin + parsed.pathname).toBe(`${ctx.config.publicUrl}/demo/c/DEM0CARD0001`);
    const token = parsed.searchParams.get('t')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const page = await ctx.app.inject({ method: 'GET', url: `/api/demo/c/DEM0CARD0001?t=${token}` });
    expect(page.statusCode).toBe(200);
    expect(json(page)).toMatchObject({ cardUid: 'DEM0CARD0001', full: true, holderName: 'Jane Customer', tenantName: 'Demo Retail Store' });
  });

  it('normalises a typed UID and serves cashiers too', async () => {
    const res = await download(' dem0-card 0002 ', '', s.cashier);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="card-DEM0CARD0002.png"');
    expect(await decodeQr(res.rawPayload)).toBe(publicUrl('DEM0CARD0002'));
  });

  it('JPG is a JPEG of the requested size that decodes', async () => {
    const res = await download('DEM0CARD0010', '?format=jpg&size=500');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toBe('attachment; filename="card-DEM0CARD0010.jpg"');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 500, 500]);
    expect(await decodeQr(res.rawPayload)).toBe(publicUrl('DEM0CARD0010'));
  });

  it('SVG is an XML document with a path, which renders to a decodable code', async () => {
    const res = await download('DEM0CARD0003', '?format=svg&size=400');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="card-DEM0CARD0003.svg"');
    expect(res.body).toMatch(/^(<\?xml[^>]*>\s*)?<svg[\s>]/);
    expect(res.body).toContain('<path');
    expect(res.body.trim().endsWith('</svg>')).toBe(true);
    const meta = await sharp(res.rawPayload).metadata(); // librsvg parses it: well-formed XML
    expect([meta.format, meta.width, meta.height]).toEqual(['svg', 400, 400]);
    expect(await decodeQr(await sharp(res.rawPayload).png().toBuffer())).toBe(publicUrl('DEM0CARD0003'));
  });

  it('honours the size bounds 100 and 2000', async () => {
    for (const size of [100, 2000]) {
      const res = await download('DEM0CARD0004', `?size=${size}`);
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([size, size]);
      expect(await decodeQr(res.rawPayload)).toBe(publicUrl('DEM0CARD0004'));
    }
  });

  it('answers 400 with details for a bad format or size', async () => {
    expectValidation(await download('DEM0CARD0001', '?format=gif'), 'querystring.format');
    expectValidation(await download('DEM0CARD0001', '?size=99'), 'querystring.size');
    expectValidation(await download('DEM0CARD0001', '?size=2001'), 'querystring.size');
    expectValidation(await download('DEM0CARD0001', '?size=big'), 'querystring.size');
    expectValidation(await download('DEM0CARD0001', '?size=300.5'), 'querystring.size');
  });

  it("answers 404 'Card not found' for an unknown card and for another tenant's card, revealing nothing of it", async () => {
    const unknown = await download('ZZZZZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual({ error: 'Card not found', code: 'NOT_FOUND' });
    const foreign = await download(other.cardUid);
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign)).toEqual({ error: 'Card not found', code: 'NOT_FOUND' });
    expect(foreign.headers['content-disposition']).toBeUndefined();
  });

  it('answers 403 to a customer, 401 signed out, 404 to another tenant on the demo slug', async () => {
    expect((await download('DEM0CARD0001', '', s.customer)).statusCode).toBe(403);
    expect((await download('DEM0CARD0001', '', null)).statusCode).toBe(401);
    const res = await download('DEM0CARD0001', '', otherAdmin);
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBe('Tenant not found');
  });

  it("serves the other tenant's admin their own card with their own slug in the URL", async () => {
    const res = await download(other.cardUid, '', otherAdmin, other.tenant.slug);
    expect(res.statusCode).toBe(200);
    expect(await decodeQr(res.rawPayload)).toBe(publicUrl(other.cardUid, other.tenant.slug));
  });
});

describe('POST /api/t/{slug}/cards/qr/bulk-download', () => {
  it('streams qr-codes-{date}.zip with one labelled PNG per card by default, each decoding to its URL', async () => {
    const uids = ['DEM0CARD0001', 'DEM0CARD0006', 'DEM0CARD0010'];
    const res = await bulk({ cardUids: uids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="qr-codes-${today()}.zip"`);
    expect(res.headers['cache-control']).toContain('private');
    const entries = zipOf(res).getEntries();
    expect(entries.map((e) => e.entryName)).toEqual(uids.map((u) => `${u}.png`));
    const { height: strip } = labelMetrics(300);
    for (const entry of entries) {
      const png = entry.getData();
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 300, 300 + strip]);
      expect(await decodeQr(png)).toBe(publicUrl(entry.entryName.replace('.png', '')));
    }
  });

  it('labels make the images taller, and the label strip really holds text', async () => {
    const uids = ['DEM0CARD0002', 'DEM0CARD0003'];
    const withLabels = zipOf(await bulk({ cardUids: uids, includeLabels: true, size: 400 })).getEntries();
    const without = zipOf(await bulk({ cardUids: uids, includeLabels: false, size: 400 })).getEntries();
    for (let i = 0; i < uids.length; i++) {
      const a = await sharp(withLabels[i].getData()).metadata();
      const b = await sharp(without[i].getData()).metadata();
      expect(b.height).toBe(400);
      expect(a.height).toBeGreaterThan(b.height!);
      expect(a.width).toBe(400);
      expect(await darkestIn(withLabels[i].getData(), 400, a.height!)).toBeLessThan(100); // glyphs drawn (a font was found)
    }
  });

  it('JPG and SVG formats, with UIDs normalised and duplicates written once', async () => {
    const jpg = await bulk({ cardUids: ['dem0-card-0004', 'DEM0CARD0004', 'DEM0CARD0011'], format: 'jpg', size: 250, includeLabels: false });
    expect(jpg.statusCode).toBe(200);
    const jpgEntries = zipOf(jpg).getEntries();
    expect(jpgEntries.map((e) => e.entryName)).toEqual(['DEM0CARD0004.jpg', 'DEM0CARD0011.jpg']);
    const meta = await sharp(jpgEntries[0].getData()).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 250, 250]);
    expect(await decodeQr(jpgEntries[0].getData())).toBe(publicUrl('DEM0CARD0004'));

    const svg = await bulk({ cardUids: ['DEM0CARD0005'], format: 'svg' });
    const [entry] = zipOf(svg).getEntries();
    expect(entry.entryName).toBe('DEM0CARD0005.svg');
    const text = entry.getData().toString('utf8');
    expect(text).toMatch(/^<svg[\s>]/);
    expect(text).toContain('<path');
    expect(text).toMatch(/<text[^>]*>DEM0CARD0005<\/text>/);
    expect(await decodeQr(await sharp(Buffer.from(text)).png().toBuffer())).toBe(publicUrl('DEM0CARD0005'));
  });

  it('answers 400 with details for a bad body, over 1000 cards included', async () => {
    expectValidation(await bulk({ cardUids: [] }), 'body.cardUids');
    expectValidation(await bulk({}), 'body.cardUids');
    expectValidation(await bulk({ cardUids: ['DEM0CARD0001'], format: 'gif' }), 'body.format');
    expectValidation(await bulk({ cardUids: ['DEM0CARD0001'], size: 99 }), 'body.size');
    expectValidation(await bulk({ cardUids: ['DEM0CARD0001'], size: 2001 }), 'body.size');
    expectValidation(await bulk({ cardUids: ['DEM0CARD0001'], includeLabels: 'yes' }), 'body.includeLabels');
    expectValidation(await bulk({ cardUids: Array.from({ length: MAX_BULK_CARDS + 1 }, () => 'DEM0CARD0001') }), 'body.cardUids');
  });

  it('accepts exactly 1000 UIDs (the cap is inclusive: unknown ones then answer 404, not 400)', async () => {
    const res = await bulk({ cardUids: Array.from({ length: MAX_BULK_CARDS }, (_, i) => `ZZZZ${String(i).padStart(8, '0')}`) });
    expect(res.statusCode).toBe(404);
    expect(json(res).details).toHaveLength(MAX_BULK_CARDS);
  });

  it("answers 404 before streaming when any card is unknown or another tenant's, naming positions but no UID", async () => {
    const res = await bulk({ cardUids: ['DEM0CARD0001', other.cardUid, 'DEM0CARD0002', 'ZZZZZZZZZZZZ'] });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(json(res)).toEqual({
      error: '2 cards not found',
      code: 'NOT_FOUND',
      details: [
        { field: 'body.cardUids.1', message: 'Card not found' },
        { field: 'body.cardUids.3', message: 'Card not found' },
      ],
    });
    expect(res.body).not.toContain(other.cardUid);
    const one = await bulk({ cardUids: [other.cardUid] });
    expect(one.statusCode).toBe(404);
    expect(json(one).error).toBe('Card not found');
  });

  it('answers 403 to a customer, 401 signed out, 404 to another tenant on the demo slug', async () => {
    expect((await bulk({ cardUids: ['DEM0CARD0001'] }, s.customer)).statusCode).toBe(403);
    expect((await bulk({ cardUids: ['DEM0CARD0001'] }, null)).statusCode).toBe(401);
    expect((await bulk({ cardUids: ['DEM0CARD0001'] }, otherAdmin)).statusCode).toBe(404);
    expect((await bulk({ cardUids: ['DEM0CARD0001'] }, s.cashier)).statusCode).toBe(200);
  });
});

describe('POST /api/t/{slug}/cards/qr/print-ready', () => {
  /** The PDFs of a print-ready zip, by entry name, loaded with pdf-lib. */
  async function pdfsOf(res: LightMyRequestResponse) {
    const entries = zipOf(res).getEntries();
    return Object.fromEntries(await Promise.all(entries.map(async (e) => [e.entryName, await PDFDocument.load(e.getData())] as const)));
  }

  it('streams print-ready-{date}.zip with a US Letter and an A4 PDF of ceil(10 / 8) = 2 pages each', async () => {
    const res = await printReady({ cardUids: TEN });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="print-ready-${today()}.zip"`);
    const pdfs = await pdfsOf(res);
    expect(Object.keys(pdfs).sort()).toEqual(['cards-a4.pdf', 'cards-letter.pdf']);
    expect(pdfs['cards-letter.pdf'].getPageCount()).toBe(2);
    expect(pdfs['cards-a4.pdf'].getPageCount()).toBe(2);
    const letter = pdfs['cards-letter.pdf'].getPage(0).getSize();
    const a4 = pdfs['cards-a4.pdf'].getPage(1).getSize();
    expect([letter.width, letter.height]).toEqual([612, 792]);
    expect([Math.round(a4.width), Math.round(a4.height)]).toEqual([595, 842]);
  });

  it('page count is ceil(n / cardsPerPage) for both formats', async () => {
    for (const [printFormat, cardsPerPage, pages] of [
      ['standard', 3, 4],
      ['standard', 30, 1],
      ['standard', 1, 10],
      ['card-template', 8, 2],
      ['card-template', 4, 3],
    ] as const) {
      const res = await printReady({ cardUids: TEN, printFormat, cardsPerPage });
      expect(res.statusCode, `${printFormat} ${cardsPerPage}: ${res.body}`).toBe(200);
      const pdfs = await pdfsOf(res);
      expect(pdfs['cards-letter.pdf'].getPageCount()).toBe(pages);
      expect(pdfs['cards-a4.pdf'].getPageCount()).toBe(pages);
    }
  });

  it('answers 400 with details for a bad body, over 1000 cards and over-full card templates included', async () => {
    expectValidation(await printReady({ cardUids: [] }), 'body.cardUids');
    expectValidation(await printReady({ cardUids: ['DEM0CARD0001'], printFormat: 'poster' }), 'body.printFormat');
    expectValidation(await printReady({ cardUids: ['DEM0CARD0001'], cardsPerPage: 0 }), 'body.cardsPerPage');
    expectValidation(await printReady({ cardUids: ['DEM0CARD0001'], cardsPerPage: 31 }), 'body.cardsPerPage');
    expectValidation(await printReady({ cardUids: ['DEM0CARD0001'], cardsPerPage: 2.5 }), 'body.cardsPerPage');
    expectValidation(await printReady({ cardUids: ['DEM0CARD0001'], printFormat: 'card-template', cardsPerPage: 9 }), 'body.cardsPerPage');
    expectValidation(await printReady({ cardUids: Array.from({ length: MAX_BULK_CARDS + 1 }, () => 'DEM0CARD0001') }), 'body.cardUids');
  });

  it("answers 404 for another tenant's card without naming it; 403 customer; 401 signed out", async () => {
    const res = await printReady({ cardUids: ['DEM0CARD0001', other.cardUid] });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ error: 'Card not found', code: 'NOT_FOUND', details: [{ field: 'body.cardUids.1', message: 'Card not found' }] });
    expect(res.body).not.toContain(other.cardUid);
    expect((await printReady({ cardUids: ['DEM0CARD0001'] }, s.customer)).statusCode).toBe(403);
    expect((await printReady({ cardUids: ['DEM0CARD0001'] }, null)).statusCode).toBe(401);
    expect((await printReady({ cardUids: ['DEM0CARD0001'] }, otherAdmin)).statusCode).toBe(404);
  });
});

describe('print sheet layouts', () => {
  const inside = (b: Box, paper: (typeof PAPERS)[number]) =>
    b.x - MARK_OFFSET - MARK_LENGTH >= PAGE_MARGIN - CUT_GAP &&
    b.y - MARK_OFFSET - MARK_LENGTH >= PAGE_MARGIN - CUT_GAP &&
    b.x + b.width + MARK_OFFSET + MARK_LENGTH <= paper.width - PAGE_MARGIN + CUT_GAP &&
    b.y + b.height + MARK_OFFSET + MARK_LENGTH <= paper.height - PAGE_MARGIN + CUT_GAP;
  /** Boxes at least 2 × (offset + length) apart, so crop marks of neighbours never touch. */
  const apart = (a: Box, b: Box) => {
    const gap = 2 * (MARK_OFFSET + MARK_LENGTH);
    return a.x + a.width + gap <= b.x || b.x + b.width + gap <= a.x || a.y + a.height + gap <= b.y || b.y + b.height + gap <= a.y;
  };

  it('standard: every count 1–30 fits the page with crop marks clear of each other, codes at least 2 cm', () => {
    for (const paper of PAPERS) {
      for (let n = 1; n <= 30; n++) {
        const layout = standardLayout(paper, n);
        expect(layout.boxes).toHaveLength(n);
        expect(layout.qrSide).toBeGreaterThan((20 * 72) / 25.4);
        for (const [i, box] of layout.boxes.entries()) {
          expect(inside(box, paper), `${paper.id} ${n} #${i}`).toBe(true);
          for (const other of layout.boxes.slice(i + 1)) expect(apart(box, other)).toBe(true);
        }
      }
    }
  });

  it('standard: 8 per page is a 2 × 4 grid', () => {
    const boxes = standardLayout(PAPERS[0], 8).boxes;
    expect(new Set(boxes.map((b) => Math.round(b.x))).size).toBe(2);
    expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(4);
  });

  it('card template: 85.6 × 54 mm cards, 8 per page on both papers, inside the page, apart', () => {
    expect(cardTemplateCapacity()).toBe(8);
    for (const paper of PAPERS) {
      const layout = cardTemplateLayout(paper, 8);
      for (const [i, box] of layout.boxes.entries()) {
        expect(box.width).toBeCloseTo(CARD_WIDTH, 5);
        expect(box.height).toBeCloseTo(CARD_HEIGHT, 5);
        expect(Math.round(((box.width * 25.4) / 72) * 10) / 10).toBe(85.6);
        expect(inside(box, paper)).toBe(true);
        for (const other of layout.boxes.slice(i + 1)) expect(apart(box, other)).toBe(true);
      }
      expect(() => cardTemplateLayout(paper, 9)).toThrow(RangeError);
    }
  });
});
