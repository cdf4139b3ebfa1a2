import jsQR from 'jsqr';
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFObject } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { auditLog, stores } from '../../db/schema/index.ts';
import { createOtherTenant, createTestContext, demoSessions, demoTenantId, json, loginAs, type TestContext } from '../../../test/helpers.ts';
import { mm } from './sheet-layout.ts';
import { POSTER_HEADING, POSTER_INVITATION, POSTER_MARGIN, SELF_ENROLMENT_OFF, joinPageUrl, posterFileName, posterPaper, renderJoinPoster } from './poster.ts';

/**
 * GET /api/t/{slug}/stores/{storeId}/poster?paper=a4|letter (docs/product.md
 * 'Online sign-up': the Stores page's printable 'Join our rewards' poster, A4 and Letter, with
 * a QR to `/{slug}/join?store={storeId}`; off per store). The PDFs are read with pdf-lib: the
 * page size, the text of the content stream, and the QR, which is drawn as vector rectangles:
 * those are painted onto a bitmap here and decoded with jsQR, as a phone would.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let other: Awaited<ReturnType<typeof createOtherTenant>>;
let otherAdmin: string;
let demoId: string;
let mainId: string;
let downtownId: string;

const PUBLIC_URL = 'https://rewards.example.com';

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL });
  s = await demoSessions(ctx.app);
  other = await createOtherTenant(ctx.db);
  otherAdmin = await loginAs(ctx.app, other.email, other.password);
  demoId = await demoTenantId(ctx.db);
  const rows = await ctx.db.select().from(stores).where(eq(stores.tenantId, demoId));
  mainId = rows.find((x) => x.name === 'Main Store')!.id;
  downtownId = rows.find((x) => x.name === 'Downtown Store')!.id;
  // Online sign-up is off until the Store Admin turns it on (ADR 0027); a poster needs it on.
  await ctx.db.update(stores).set({ selfEnrolment: true }).where(eq(stores.tenantId, demoId));
});
afterAll(() => ctx.close());

const poster = (storeId: string, query = '', cookie: string | null = s.admin, slug = 'demo') =>
  ctx.app.inject({ method: 'GET', url: `/api/t/${slug}/stores/${encodeURIComponent(storeId)}/poster${query}`, headers: cookie ? { cookie } : {} });
const putStore = (id: string, payload: object) => ctx.app.inject({ method: 'PUT', url: `/api/t/demo/stores/${id}`, headers: { cookie: s.admin }, payload });
const joinUrl = (storeId: string, slug = 'demo') => `${PUBLIC_URL}/${slug}/join?store=${storeId}`;

/** The decoded content stream(s) of page 1 of `pdf`, as Latin-1 text. */
function pageContent(pdf: PDFDocument): string {
  const contents = pdf.getPage(0).node.Contents();
  const parts: PDFObject[] = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)!) : contents ? [contents] : [];
  return parts.map((part) => Buffer.from(decodePDFRawStream(part as PDFRawStream).decode()).toString('latin1')).join('\n');
}

/** The text lines of a pdfkit content stream: each `[<hex> kern <hex> …] TJ` (or `<hex> Tj`) decoded and joined. */
function textLines(content: string): string[] {
  const shows = content.match(/\[[^\]]*\]\s*TJ|<[0-9a-fA-F]*>\s*Tj/g) ?? [];
  return shows.map((show) => (show.match(/<([0-9a-fA-F]*)>/g) ?? []).map((hex) => Buffer.from(hex.slice(1, -1), 'hex').toString('latin1')).join(''));
}

/** The filled rectangles (`x y w h re`) of a pdfkit content stream, in top-down page points (pdfkit flips the page first): the QR's modules. */
function rects(content: string): { x: number; y: number; w: number; h: number }[] {
  return [...content.matchAll(/^(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re$/gm)].map((m) => ({ x: +m[1], y: +m[2], w: +m[3], h: +m[4] }));
}

/** Paints `boxes` black on a white `width` × `height` pt page at 2 px a point and decodes the QR with jsQR (null when none). */
function decodeRects(boxes: ReturnType<typeof rects>, width: number, height: number): string | null {
  const scale = 2;
  const w = Math.ceil(width * scale);
  const h = Math.ceil(height * scale);
  const rgba = new Uint8ClampedArray(w * h * 4).fill(255);
  for (const r of boxes) {
    for (let py = Math.round(r.y * scale); py < Math.round((r.y + r.h) * scale); py++) {
      for (let px = Math.round(r.x * scale); px < Math.round((r.x + r.w) * scale); px++) {
        const i = (py * w + px) * 4;
        rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
      }
    }
  }
  return jsQR(rgba, w, h)?.data ?? null;
}

/** The bounding box of `boxes` in points. */
function bounds(boxes: ReturnType<typeof rects>) {
  const left = Math.min(...boxes.map((r) => r.x));
  const top = Math.min(...boxes.map((r) => r.y));
  return { left, top, right: Math.max(...boxes.map((r) => r.x + r.w)), bottom: Math.max(...boxes.map((r) => r.y + r.h)) };
}

/** A poster PDF read back: pdf-lib document, page size, text lines, the QR's module rectangles and what they decode to. */
async function readPoster(body: Buffer) {
  const pdf = await PDFDocument.load(body);
  const { width, height } = pdf.getPage(0).getSize();
  const content = pageContent(pdf);
  const modules = rects(content);
  return { pdf, width, height, lines: textLines(content), modules, qr: decodeRects(modules, width, height) };
}

/** Checks one poster: one page of `width` × `height`, the texts, a QR of the join URL at least 8 cm wide, centred and inside 0.5 in margins. */
async function expectPoster(res: LightMyRequestResponse, size: { width: number; height: number }, storeName: string, url: string) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['cache-control']).toContain('private');
  const p = await readPoster(res.rawPayload);
  expect(p.pdf.getPageCount()).toBe(1);
  expect(p.width).toBeCloseTo(size.width, 2);
  expect(p.height).toBeCloseTo(size.height, 2);
  const text = p.lines.join('\n');
  for (const part of [POSTER_HEADING, 'Demo Retail Store', storeName, url]) expect(p.lines, part).toContain(part);
  expect(text.replace(/\s+/g, ' ')).toContain(POSTER_INVITATION);
  expect(p.qr).toBe(url);
  const box = bounds(p.modules);
  expect(box.right - box.left).toBeGreaterThanOrEqual(mm(80));
  expect(box.left).toBeGreaterThanOrEqual(36);
  expect(box.top).toBeGreaterThanOrEqual(36);
  expect(size.width - box.right).toBeGreaterThanOrEqual(36);
  expect(size.height - box.bottom).toBeGreaterThanOrEqual(36);
  expect(Math.abs(box.left + box.right - size.width)).toBeLessThan(1); // centred
  return p;
}

describe('GET /api/t/{slug}/stores/{storeId}/poster', () => {
  it('answers an A4 PDF (595.28 × 841.89 pt) join-poster-main-store-a4.pdf whose QR decodes to the join URL', async () => {
    const res = await poster(mainId, '?paper=a4');
    expect(res.headers['content-disposition']).toBe('attachment; filename="join-poster-main-store-a4.pdf"');
    await expectPoster(res, { width: 595.28, height: 841.89 }, 'Main Store', joinUrl(mainId));
  });

  it('answers a US Letter PDF (612 × 792 pt) join-poster-downtown-store-letter.pdf for another store', async () => {
    const res = await poster(downtownId, '?paper=letter');
    expect(res.headers['content-disposition']).toBe('attachment; filename="join-poster-downtown-store-letter.pdf"');
    await expectPoster(res, { width: 612, height: 792 }, 'Downtown Store', joinUrl(downtownId));
  });

  it('defaults to A4, accepts an upper-case id (the URL carries the stored one) and slugifies the file name', async () => {
    const [cafe] = await ctx.db.insert(stores).values({ tenantId: demoId, name: 'Café Zürich & Co.', selfEnrolment: true }).returning();
    const res = await poster(cafe.id.toUpperCase());
    expect(res.headers['content-disposition']).toBe('attachment; filename="join-poster-cafe-zurich-co-a4.pdf"');
    await expectPoster(res, { width: 595.28, height: 841.89 }, 'Café Zürich & Co.', joinUrl(cafe.id));
  });

  it('answers 400 with details for a bad paper, and nothing else', async () => {
    for (const query of ['?paper=a5', '?paper=A4', '?paper=']) {
      const res = await poster(mainId, query);
      expect(res.statusCode, query).toBe(400);
      expect(json(res)).toMatchObject({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ field: 'querystring.paper' })] });
    }
  });

  it('answers 403 to a cashier and a customer, 401 signed out (tenant_admin only)', async () => {
    expect((await poster(mainId, '', s.cashier)).statusCode).toBe(403);
    expect((await poster(mainId, '', s.customer)).statusCode).toBe(403);
    expect((await poster(mainId, '', null)).statusCode).toBe(401);
  });

  it("answers 404 'Store not found' for another tenant's, an unknown or a malformed store id, and across tenants", async () => {
    for (const id of [other.store.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', '0000000000000000000000000000000000000']) {
      const res = await poster(id);
      expect(res.statusCode, id).toBe(404);
      expect(json(res)).toEqual({ error: 'Store not found', code: 'NOT_FOUND' });
    }
    expect((await poster(mainId, '', otherAdmin)).statusCode).toBe(404);
    expect((await poster(other.store.id, '', s.admin, other.tenant.slug)).statusCode).toBe(404);
    await ctx.db.update(stores).set({ selfEnrolment: true }).where(eq(stores.id, other.store.id));
    const own = await poster(other.store.id, '?paper=letter', otherAdmin, other.tenant.slug);
    expect(own.statusCode).toBe(200);
    const p = await readPoster(own.rawPayload);
    expect(p.qr).toBe(joinUrl(other.store.id, other.tenant.slug));
    expect(p.lines).toContain(other.tenant.name);
  });

  it('answers 422 while self-enrolment is off or the store is inactive, and serves it again once back on', async () => {
    const off = await putStore(downtownId, { name: 'Downtown Store', selfEnrolment: false });
    expect(off.statusCode, off.body).toBe(200);
    for (const paper of ['a4', 'letter']) {
      const res = await poster(downtownId, `?paper=${paper}`);
      expect(res.statusCode).toBe(422);
      expect(json(res)).toEqual({ error: SELF_ENROLMENT_OFF, code: 'BUSINESS_RULE' });
    }
    expect(SELF_ENROLMENT_OFF).toBe('Self-enrolment is off for this store. Turn it on to print its poster.');

    await putStore(downtownId, { name: 'Downtown Store', selfEnrolment: true, active: false });
    expect(json(await poster(downtownId))).toEqual({ error: SELF_ENROLMENT_OFF, code: 'BUSINESS_RULE' });

    await putStore(downtownId, { name: 'Downtown Store', active: true });
    expect((await poster(downtownId)).statusCode).toBe(200);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, downtownId), eq(auditLog.action, 'store.update')));
    expect(audits.length).toBeGreaterThanOrEqual(3);
  });
});

describe('poster layout', () => {
  const longUrl = joinPageUrl(
    'https://loyalty-cards-platform.some-long-hosting-domain.example.com',
    'the-extraordinarily-long-named-artisan',
    '3f2a9c1e-8d4b-4e6f-9a7b-1c2d3e4f5a6b',
  );

  it('keeps long names, a long URL and the QR inside the margins on both papers; the QR still decodes', async () => {
    for (const id of ['a4', 'letter'] as const) {
      const paper = posterPaper(id);
      const body = await renderJoinPoster(paper, {
        businessName: 'The Extraordinarily Long-Named Artisanal Coffee Roasters & Bakery Company of the Greater Metropolitan Area',
        storeName: 'Bahnhofstrasse branch, next to the fountain, second floor, opposite the main railway station entrance',
        url: longUrl,
      });
      const pdf = await PDFDocument.load(body);
      const content = pageContent(pdf);
      const modules = rects(content);
      expect(decodeRects(modules, paper.width, paper.height), id).toBe(longUrl);
      const box = bounds(modules);
      expect(box.right - box.left).toBeGreaterThanOrEqual(mm(80));
      // Every text line starts inside the margins (pdfkit writes `1 0 0 1 x y Tm` in bottom-up points).
      for (const m of content.matchAll(/1 0 0 1 (-?[\d.]+) (-?[\d.]+) Tm/g)) {
        const [x, y] = [+m[1], +m[2]];
        expect(x, `${id} x`).toBeGreaterThanOrEqual(POSTER_MARGIN - 0.5);
        expect(y, `${id} y`).toBeGreaterThanOrEqual(POSTER_MARGIN);
        expect(paper.height - y, `${id} y from top`).toBeGreaterThanOrEqual(POSTER_MARGIN);
      }
      expect(box.top).toBeGreaterThanOrEqual(POSTER_MARGIN);
      expect(paper.height - box.bottom).toBeGreaterThanOrEqual(POSTER_MARGIN);
      const lines = textLines(content);
      expect(lines.some((l) => l.endsWith('…') || l.endsWith('\x85'))).toBe(true); // the long business name is cut with an ellipsis
      expect(lines.join('')).toContain(longUrl); // wrapped, but complete
    }
  });

  it('names files after the store, slugified, and builds the join URL', () => {
    expect(posterFileName('Main Store', 'a4')).toBe('join-poster-main-store-a4.pdf');
    expect(posterFileName('  Café "Zürich" / Bahnhof  ', 'letter')).toBe('join-poster-cafe-zurich-bahnhof-letter.pdf');
    expect(posterFileName('☕☕', 'a4')).toBe('join-poster-store-a4.pdf');
    expect(posterFileName('x'.repeat(100), 'a4')).toBe(`join-poster-${'x'.repeat(60)}-a4.pdf`);
    expect(joinPageUrl('https://a.example', 'demo', 'abc')).toBe('https://a.example/demo/join?store=abc');
  });
});
