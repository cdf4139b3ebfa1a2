import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';
import { startJobQueue } from '../src/db/job-queue.ts';

/**
 * The job queue through a database outage (docs/operations.md 'When the database is away'):
 * pg-boss records a job's end (complete, fail) without awaiting it, so the database going away
 * while a job runs used to reject a promise nobody handled (the process ended) and leave the
 * job 'active', holding its queue's one active slot until pg-boss's expiry. Now the end is
 * recorded once the database is back. The test cuts and refuses the connections of its own
 * database only; an unhandled rejection fails the run. PostgreSQL only.
 */

const OK_QUEUE = 'outage-complete';
const FAILING_QUEUE = 'outage-fail';

describe.skipIf(!process.env.DATABASE_URL)('the job queue while the database is away', { timeout: 120_000 }, () => {
  let ctx: TestContext | undefined;
  let admin: pg.Client | undefined;
  let dbName = '';
  afterAll(async () => {
    if (admin && dbName) await admin.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS true`).catch(() => {});
    await admin?.end().catch(() => {});
    await ctx?.close();
  });

  it('records the end of jobs that ran through the outage once the database is back, and keeps working', async () => {
    ctx = await createTestContext();
    dbName = new URL(ctx.databaseUrl!).pathname.slice(1);
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const queue = startJobQueue(ctx.handle, ctx.app.log, ctx.databaseUrl);
    try {
      const { boss } = queue;
      let running = 0;
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      await queue.register(OK_QUEUE, async () => {
        await boss.createQueue(OK_QUEUE, { name: OK_QUEUE });
        await boss.work(OK_QUEUE, { pollingIntervalSeconds: 0.5 }, async () => {
          running++;
          await released;
          return { done: true };
        });
      });
      await queue.register(FAILING_QUEUE, async () => {
        await boss.createQueue(FAILING_QUEUE, { name: FAILING_QUEUE, retryLimit: 0 });
        await boss.work(FAILING_QUEUE, { pollingIntervalSeconds: 0.5 }, async () => {
          running++;
          await released;
          throw new Error('the job failed');
        });
      });
      const okId = (await boss.send(OK_QUEUE, {}))!;
      const failId = (await boss.send(FAILING_QUEUE, {}))!;
      for (let i = 0; i < 100 && running < 2; i++) await new Promise((r) => setTimeout(r, 100));
      expect(running).toBe(2);

      // The database goes away while both jobs run; they end during the outage.
      await admin.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS false`);
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [dbName]);
      release();
      await new Promise((r) => setTimeout(r, 3_000));
      await admin.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS true`);
      const backAt = Date.now();

      const stateOf = async (name: string, id: string) => {
        try {
          return (await boss.getJobById(name, id))?.state;
        } catch {
          return 'unreadable';
        }
      };
      let states: (string | undefined)[] = [];
      while (Date.now() < backAt + 10_000) {
        states = [await stateOf(OK_QUEUE, okId), await stateOf(FAILING_QUEUE, failId)];
        if (states[0] === 'completed' && states[1] === 'failed') break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(states, 'the jobs ended within 10 s of the return').toEqual(['completed', 'failed']);

      // And the queue works on: a new job runs and completes.
      const nextId = (await boss.send(OK_QUEUE, {}))!;
      let next: string | undefined;
      for (let i = 0; i < 40 && next !== 'completed'; i++) {
        await new Promise((r) => setTimeout(r, 250));
        next = await stateOf(OK_QUEUE, nextId);
      }
      expect(next).toBe('completed');
    } finally {
      await queue.stop();
    }
  });
});
