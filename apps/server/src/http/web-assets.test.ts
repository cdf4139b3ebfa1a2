import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';

/**
 * The built web app's assets: the web build writes a brotli and a gzip copy beside each script
 * and stylesheet, and the server sends the copy the browser accepts, so a page's first load moves
 * a fraction of the bytes. A browser that accepts neither gets the asset itself.
 */

let ctx: TestContext;
let webDist: string;
const script = `export const page = ${JSON.stringify('a line of the app '.repeat(400))};\n`;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'loyalty-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(path.join(webDist, 'assets/page.js'), script);
  writeFileSync(path.join(webDist, 'assets/page.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(webDist, 'assets/page.js.gz'), gzipSync(script));
  ctx = await createTestContext({}, { webDist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('web assets', () => {
  it('sends the brotli copy to a browser that accepts it, gzip to one that accepts only gzip, the asset itself otherwise', async () => {
    const br = await ctx.app.inject({ method: 'GET', url: '/assets/page.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await ctx.app.inject({ method: 'GET', url: '/assets/page.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(script.length / 10);

    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/page.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
