import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app.ts';
import { createLifecycle } from './modules/health/index.ts';
import { startExpiryJob } from './modules/ledger/index.ts';
import { runRewardJobs } from './modules/rewards/index.ts';
import { carryOutDueErasures } from './modules/customer-data/index.ts';
import { startOutboxWorker } from './modules/outbox/index.ts';
import { processPasswordResetRequests } from './modules/auth/index.ts';
import { startWebhookWorker } from './modules/webhook-endpoints/index.ts';
import { startWalletPushWorker } from './modules/wallet/index.ts';
import { purgeStaleEnrolments } from './modules/enrolment/index.ts';
import { markLapsedSubscriptions } from './modules/billing/index.ts';
import { startJobQueue } from './db/job-queue.ts';
import type { JobKind, Jobs } from './lib/jobs.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { isDatabaseUnavailable } from './db/pg-error.ts';
import { DEMO_ACCOUNTS, seedBase, seedDemo } from './modules/demo-data/index.ts';
import { BootstrapError, bootstrapPlatformAdmin } from './modules/setup/index.ts';

/** Exit code for a bad configuration (EX_CONFIG of sysexits.h). */
const EXIT_CONFIG = 78;

/**
 * Start-up: config (exit 78 on a bad one), database, migrations, seed (never demo data in
 * production), the first platform admin (PLATFORM_ADMIN_* or a one-time /setup link), listen,
 * the hourly cashback expiry job (ADR 0015; run once at start; its housekeeping purges stale
 * sign-ups, marks subscriptions whose paid period ended unpaid PAST_DUE (ADR 0021) and carries
 * out erasure requests 30 days old (ADR 0026), pays birthday rewards and sends win-back offers
 * (ADR 0049)), the outbox and webhook workers (ADRs 0018,
 * 0020); graceful shutdown on SIGINT/SIGTERM (drain, close, grace period; docs/operations.md).
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
  const seeded = config.seedDemo ? await seedDemo(handle.db, new Date()) : false;
  let bootstrap;
  try {
    bootstrap = await bootstrapPlatformAdmin(handle.db, config.platformAdmin, new Date());
  } catch (err) {
    if (err instanceof BootstrapError) {
      process.stderr.write(`Invalid configuration:\n  ${err.message}\nSee README.md 'Configuration'.\n`);
      await handle.close();
      process.exit(EXIT_CONFIG);
    }
    throw err;
  }
  const lifecycle = createLifecycle();
  // The workers start after the app (they log through it); until then a nudge wakes nothing.
  const workers: Partial<Record<JobKind, { nudge(): void }>> = {};
  const jobs: Jobs = { nudge: (kind) => workers[kind]?.nudge() };
  const app = await buildApp({ config, handle, lifecycle, jobs });
  // The database going away (a restart, a failover) never ends the process (docs/operations.md
  // 'When the database is away'): cut connections are logged and replaced, requests answer 503
  // DATABASE_UNAVAILABLE, the jobs wait. A rejection nobody awaited that says the database is
  // away (a library's background call) is logged too, as the last resort; any other one still
  // ends the process, as Node does by default, since it is a bug.
  handle.onConnectionError((err) => app.log.warn({ err }, 'database connection lost'));
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    app.log.warn({ err: reason }, 'database unavailable (in a background call nobody awaited)');
  });
  await app.listen({ port: config.port, host: config.host });
  // One job queue for every job: on the embedded database they share its one connection.
  const queue = startJobQueue(handle, app.log, config.databaseUrl);
  workers.outbox = startOutboxWorker(queue, handle, app.log, {
    mailer: { smtpUrl: config.smtp.url, smtpFrom: config.smtp.from, publicUrl: config.publicUrl },
    now: () => new Date(),
    // Forgot-password requests are only queued by the route (same answer time for any address); the worker writes their e-mails.
    before: (now) => processPasswordResetRequests(handle.db, { publicUrl: config.publicUrl, now }),
  });
  void startExpiryJob(queue, handle, app.log, {
    now: () => new Date(),
    onExpired: (cards) => {
      app.metrics.countLedger('EXPIRE', cards);
      // Expired cashback changes the balance its cards' wallet passes show.
      jobs.nudge('wallet');
    },
    reminders: { publicUrl: config.publicUrl, secret: config.qrTokenSecret },
    onReminders: () => jobs.nudge('outbox'),
    housekeeping: async (now) => {
      const purged = await purgeStaleEnrolments(handle.db, now);
      if (purged > 0) app.log.info({ purged }, 'stale sign-ups deleted');
      // ACTIVE subscriptions whose paid period ended without a new payment (ADR 0021).
      const lapsed = await markLapsedSubscriptions(handle.db, now);
      if (lapsed > 0) app.log.info({ lapsed }, 'subscriptions past due: paid period ended unpaid');
      const erased = await carryOutDueErasures(handle.db, now);
      if (erased > 0) app.log.info({ erased }, 'customers erased at their request after 30 days');
      // Birthday rewards and win-back offers (docs/product.md 'Rewards'): their e-mails go out through the outbox.
      const rewards = await runRewardJobs(handle.db, now, { publicUrl: config.publicUrl, secret: config.qrTokenSecret });
      if (rewards.birthdays + rewards.winBackOffers > 0) {
        app.log.info(rewards, 'birthday rewards paid and win-back offers sent');
        jobs.nudge('outbox');
      }
    },
  });
  // Outgoing webhooks (ADR 0020): deliveries written in their events' transactions, sent with retries; a disabled endpoint's e-mails leave through the outbox.
  workers.webhooks = startWebhookWorker(queue, handle, app.log, {
    allowPrivate: config.webhooksAllowPrivate,
    now: () => new Date(),
    onEmails: () => jobs.nudge('outbox'),
  });
  // Apple Wallet pass updates (ADR 0046): passes marked changed by database triggers, pushed to their devices through APNs.
  workers.wallet = startWalletPushWorker(queue, handle, app.log, config, () => new Date());
  const where = handle.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  app.log.info({ database: handle.kind, seeded, platformAdmin: bootstrap.kind }, 'started');
  const lines = ['', `  Loyalty Cards is running at http://localhost:${config.port}  (${where})`, `  API docs: http://localhost:${config.port}/api/docs`];
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

  /**
   * Graceful shutdown: /readyz turns 503 at once and the listener keeps serving for
   * SHUTDOWN_DRAIN_MS (the load balancer takes the instance out); then the listener closes (new
   * connections are refused, a request on a kept-alive connection gets 503 and `Connection:
   * close`), in-flight requests finish, the job queue stops; connections still open after
   * SHUTDOWN_GRACE_MS are cut. Each request's money moves in one DB transaction, so a cut
   * request is either fully applied or not at all. Then the pool closes and the process exits.
   */
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.draining = true;
    app.log.info({ signal, drainMs: config.shutdown.drainMs, graceMs: config.shutdown.graceMs }, 'shutting down');
    if (config.shutdown.drainMs > 0) await sleep(config.shutdown.drainMs);
    // Node's server.close() also destroys every connection without an active request, which
    // includes one accepted a moment ago whose request is not parsed yet: its client would see a
    // reset. So the listener closes without that, and idle connections (kept-alive ones between
    // requests) are closed from half a second on, when every accepted request has been parsed
    // (it is served, or answered 503 by Fastify's return503OnClosing).
    const closeIdle = app.server.closeIdleConnections.bind(app.server);
    app.server.closeIdleConnections = () => {};
    const idle = setInterval(closeIdle, 500);
    const grace = setTimeout(() => {
      app.log.warn('shutdown grace period over: closing the connections still open');
      app.server.closeAllConnections();
    }, config.shutdown.graceMs);
    idle.unref();
    grace.unref();
    await Promise.all([app.close(), queue.stop()]);
    clearInterval(idle);
    clearTimeout(grace);
    await handle.close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
