import { buildApp } from './app.ts';
import { startExpiryJob } from './modules/transactions/expiry-job.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_ACCOUNTS, seedBase, seedDemo } from './modules/demo-data/service.ts';
import { BootstrapError, bootstrapPlatformAdmin } from './modules/setup/service.ts';

/** Exit code for a bad configuration (EX_CONFIG of sysexits.h). */
const EXIT_CONFIG = 78;

/**
 * Start-up: config (exit 78 on a bad one), database, migrations, seed (never demo data in
 * production), the first platform admin (PLATFORM_ADMIN_* or a one-time /setup link; issue
 * 12 item 1), listen, the hourly cashback expiry job (issue 14, run once at start); graceful
 * shutdown on SIGINT/SIGTERM.
 */
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
  for (const warning of config.warnings) process.stderr.write(`Warning: ${warning}\n`);
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize });
  for (const warning of handle.warnings) process.stderr.write(`Warning: ${warning}\n`);
  await handle.migrate();
  await seedBase(handle.db);
  const seeded = config.seedDemo ? await seedDemo(handle.db) : false;
  let bootstrap;
  try {
    bootstrap = await bootstrapPlatformAdmin(handle.db, config.platformAdmin);
  } catch (err) {
    if (err instanceof BootstrapError) {
      process.stderr.write(`Invalid configuration:\n  ${err.message}\nSee README.md 'Configuration'.\n`);
      await handle.close();
      process.exit(EXIT_CONFIG);
    }
    throw err;
  }
  const app = await buildApp({ config, handle });
  await app.listen({ port: config.port, host: config.host });
  const stopExpiry = startExpiryJob(handle, app.log, { databaseUrl: config.databaseUrl });
  const where = handle.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  app.log.info({ database: handle.kind, seeded, platformAdmin: bootstrap.kind }, 'started');
  const lines = [
    '',
    `  Loyalty Cards is running at http://localhost:${config.port}  (${where})`,
    `  API docs: http://localhost:${config.port}/api/docs`,
  ];
  if (config.seedDemo) {
    lines.push('', '  Demo accounts:');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.label.padEnd(16)} ${a.email.padEnd(22)} ${a.password}`);
  }
  if (bootstrap.kind === 'created') lines.push('', `  Platform admin ${bootstrap.email} created from PLATFORM_ADMIN_EMAIL.`);
  if (bootstrap.kind === 'setup-link') {
    lines.push(
      '',
      '  No platform admin yet. Create one within the hour at this one-time link:',
      `    ${config.publicUrl}/setup?token=${bootstrap.token}`,
      '  (restart the server for a new link; or set PLATFORM_ADMIN_EMAIL and PLATFORM_ADMIN_PASSWORD)',
    );
  }
  process.stdout.write(lines.join('\n') + '\n\n');

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await stopExpiry();
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
