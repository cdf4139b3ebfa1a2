import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

/**
 * `node scripts/openapi-lint.mjs` runs this: writes the two OpenAPI documents the server
 * publishes, the whole web API (GET /api/docs/json) as `web.json` and the integrators' v1
 * (GET /api/v1/docs/json) as `v1.json`, into the folder given as the first argument. The app
 * is built on an empty in-memory database (the documents depend on the routes only), without
 * the web build; nothing listens. A composition root like main.ts (ADR 0034).
 */
const outDir = process.argv[2];
if (!outDir) {
  process.stderr.write('usage: openapi-cli.ts <out-dir>\n');
  process.exit(2);
}
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
const handle = await openDatabase({ dataDir: config.dataDir });
await handle.migrate();
const app = await buildApp({ config, handle, webDist: null, logger: false });
try {
  mkdirSync(outDir, { recursive: true });
  for (const [name, url] of [
    ['web.json', '/api/docs/json'],
    ['v1.json', '/api/v1/docs/json'],
  ] as const) {
    const res = await app.inject({ method: 'GET', url });
    if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body}`);
    writeFileSync(path.join(outDir, name), `${JSON.stringify(res.json(), null, 2)}\n`);
  }
} finally {
  await app.close();
  await handle.close();
}
