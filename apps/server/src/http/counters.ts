import type { Redis } from 'ioredis';
import { lt, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Database } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/index.ts';
import type { CounterStore, CounterWindow } from '../lib/counter-store.ts';
import { addDays } from '../lib/time.ts';

/** One purge of closed windows per this many hits, on average (PostgreSQL store). */
const PURGE_EVERY = 500;

/** The CounterStore on the app's database (PostgreSQL or PGlite): one upsert per hit. */
export class PgCounterStore implements CounterStore {
  constructor(private readonly db: Database) {}

  async hit(key: string, windowMs: number, now: Date): Promise<CounterWindow> {
    const resetAt = new Date(now.getTime() + windowMs);
    const t = rateLimitCounters;
    // One statement: a closed window restarts at 1, an open one counts on. Concurrent hits on
    // one key serialise on the row, so no hit is lost.
    const [row] = await this.db
      .insert(t)
      .values({ key, count: 1, resetAt, lastHitAt: now })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          count: sql`case when ${t.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${t.count} + 1 end`,
          resetAt: sql`case when ${t.resetAt} <= ${now.toISOString()}::timestamptz then excluded.reset_at else ${t.resetAt} end`,
          lastHitAt: sql`greatest(${t.lastHitAt}, excluded.last_hit_at)`,
        },
      })
      .returning({ count: t.count, resetAt: t.resetAt, lastHitAt: t.lastHitAt });
    if (Math.random() * PURGE_EVERY < 1) await this.purge(now);
    return row!;
  }

  async read(key: string, now: Date): Promise<CounterWindow | null> {
    const rows = await this.db
      .select({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt, lastHitAt: rateLimitCounters.lastHitAt })
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.key} = ${key}`);
    const row = rows[0];
    return row && row.resetAt > now ? row : null;
  }

  async release(key: string, now: Date): Promise<void> {
    const t = rateLimitCounters;
    await this.db
      .update(t)
      .set({ count: sql`greatest(${t.count} - 1, 0)` })
      .where(sql`${t.key} = ${key} and ${t.resetAt} > ${now.toISOString()}::timestamptz`);
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimitCounters).where(sql`${rateLimitCounters.key} = ${key}`);
  }

  /** Deletes windows that closed more than a day before `now`. */
  async purge(now: Date): Promise<void> {
    await this.db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetAt, addDays(now, -1)));
  }

  async close(): Promise<void> {}
}

/**
 * One hit, atomically in Redis: a hash {count, reset, last} per key (ms since the epoch from
 * the caller's clock). Expires with its window (plus a minute) by Redis's own clock.
 */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset') or '0')
local count
if reset <= now then
  count = 1
  reset = now + window
  redis.call('HSET', KEYS[1], 'count', 1, 'reset', reset, 'last', now)
else
  count = redis.call('HINCRBY', KEYS[1], 'count', 1)
  local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
  if now > last then redis.call('HSET', KEYS[1], 'last', now) end
end
redis.call('PEXPIRE', KEYS[1], reset - now + 60000)
return {count, tostring(reset), redis.call('HGET', KEYS[1], 'last')}
`;

/** One release, atomically in Redis: count − 1 (not below 0) while the window is open at ARGV[1]. */
const RELEASE_SCRIPT = `
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset') or '0')
if reset > tonumber(ARGV[1]) and tonumber(redis.call('HGET', KEYS[1], 'count') or '0') > 0 then
  redis.call('HINCRBY', KEYS[1], 'count', -1)
end
return 1
`;

/** The CounterStore in Redis (REDIS_URL): one script call per hit, keys under `prefix`. */
class RedisCounterStore implements CounterStore {
  private readonly client: Promise<Redis>;

  /**
   * `prefix` namespaces the keys (default 'loyalty:rl:'; tests use one of their own). ioredis
   * is loaded here, not at start-up: without REDIS_URL it stays out of memory.
   */
  constructor(
    url: string,
    private readonly prefix = 'loyalty:rl:',
  ) {
    this.client = import('ioredis').then(({ Redis }) => {
      const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
      // Connection errors surface on the command that needs Redis; an 'error' event alone must not crash the process.
      redis.on('error', () => {});
      return redis;
    });
  }

  async hit(key: string, windowMs: number, now: Date): Promise<CounterWindow> {
    const [count, reset, last] = (await (await this.client).eval(HIT_SCRIPT, 1, this.prefix + key, String(now.getTime()), String(windowMs))) as [
      number,
      string,
      string,
    ];
    return { count: Number(count), resetAt: new Date(Number(reset)), lastHitAt: new Date(Number(last)) };
  }

  async read(key: string, now: Date): Promise<CounterWindow | null> {
    const h = await (await this.client).hgetall(this.prefix + key);
    if (!h.count || Number(h.reset) <= now.getTime()) return null;
    return { count: Number(h.count), resetAt: new Date(Number(h.reset)), lastHitAt: new Date(Number(h.last)) };
  }

  async release(key: string, now: Date): Promise<void> {
    await (await this.client).eval(RELEASE_SCRIPT, 1, this.prefix + key, String(now.getTime()));
  }

  async reset(key: string): Promise<void> {
    await (await this.client).del(this.prefix + key);
  }

  async close(): Promise<void> {
    const redis = await this.client;
    await redis.quit().catch(() => redis.disconnect());
  }
}

/**
 * The store for an app: Redis when `redisUrl` is set, else the database.
 */
export function counterStore(db: Database, redisUrl: string | undefined, redisPrefix?: string): CounterStore {
  return redisUrl ? new RedisCounterStore(redisUrl, redisPrefix) : new PgCounterStore(db);
}

/**
 * A @fastify/rate-limit store class over a CounterStore, so the plugin's per-route limits
 * (login and signup floods, public card lookups) count in the shared store too. Keys are
 * prefixed 'rl:'. `now` is the app's clock.
 */
export function rateLimitStoreOf(counters: CounterStore, now: () => Date) {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const at = now();
      counters.hit(`rl:${key}`, timeWindow, at).then(
        (w) => callback(null, { current: w.count, ttl: Math.max(0, w.resetAt.getTime() - at.getTime()) }),
        (err: Error) => callback(err),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
