import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_ACCOUNTS, seedBase, seedDemo } from './db/seed.ts';

/** Exit code for a bad configuration (EX_CONFIG of sysexits.h). */
const EXIT_CONFIG = 78;

/** Start-up: config, database, migrations, seed, listen; graceful shutdown on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\nSee README.md 'Configuration'.\n`);
      process.exit(EXIT_CONFIG);
    }
    throw err;
  }
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize });
  await handle.migrate();
  await seedBase(handle.db);
  const seeded = config.seedDemo ? await seedDemo(handle.db) : false;
  const app = await buildApp({ config, handle });
  await app.listen({ port: config.port, host: config.host });
  const where = handle.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  app.log.info({ database: handle.kind, seeded }, 'started');
  const lines = [
    '',
    `  Loyalty Cards is running at http://localhost:${config.port}  (${where})`,
    `  API docs: http://localhost:${config.port}/api/docs`,
  ];
  if (config.seedDemo) {
    lines.push('', '  Demo accounts:');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.label.padEnd(16)} ${a.email.padEnd(22)} ${a.password}`);
  }
  process.stdout.write(lines.join('\n') + '\n\n');

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
