import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedBase } from './modules/demo-data/index.ts';

/**
 * `npm run db:migrate`: applies the committed migrations to the configured database, then the
 * base data every installation needs (plans, settings row; `seedBase`, idempotent). A
 * composition root like main.ts: it lives beside it, not in db/, because db/ imports nothing
 * from modules/ (ADR 0012).
 */
const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await handle.migrate();
await seedBase(handle.db);
await handle.close();
process.stdout.write(`Migrations applied (${handle.kind}).\n`);
