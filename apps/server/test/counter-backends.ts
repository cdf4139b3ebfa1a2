import { Redis } from 'ioredis';

/** The Redis the counter tests use: REDIS_URL, else a local one. */
const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at TEST_REDIS_URL (checked once, with no retries). */
async function redisAnswers(): Promise<boolean> {
  const r = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => {});
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

/**
 * The shared-counter backends (ADR 0009) a test runs on, for `describe.each`: the database
 * always, and Redis (`env` sets REDIS_URL for createTestContext) on CI, which starts one, or
 * elsewhere when one answers.
 */
export const COUNTER_BACKENDS: { name: string; env: Record<string, string> }[] = [
  { name: 'PostgreSQL counters', env: {} },
  ...((await redisAnswers()) || process.env.CI ? [{ name: 'Redis counters', env: { REDIS_URL: TEST_REDIS_URL } }] : []),
];
