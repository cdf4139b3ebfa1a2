import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { seedBase } from './seed.ts';

/** `npm run db:migrate`: applies the committed migrations to the configured database. */
const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await handle.migrate();
await seedBase(handle.db);
await handle.close();
process.stdout.write(`Migrations applied (${handle.kind}).\n`);
