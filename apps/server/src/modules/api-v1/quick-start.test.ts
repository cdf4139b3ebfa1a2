import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestContext, demoSessions, json, unbalancedCards, type TestContext } from '../../../test/helpers.ts';

/**
 * docs/integrations.md 'Quick start' (ADR 0020): every bash block of that section is run with
 * curl against a listening server on a fresh demo database, with a key the Store Admin made,
 * exactly as written (only the `export` lines are replaced by the test's BASE and KEY). Each must
 * exit 0 (`--fail-with-body` turns any non-2xx into a failure) and the earn's replay must say
 * so and repeat the first answer.
 */
const DOC = fileURLToPath(new URL('../../../../../docs/integrations.md', import.meta.url));
const run = promisify(execFile);

/** The ```bash blocks between '## Quick start' and the next '## ' heading, without their `export` lines. */
function quickStartBlocks(): string[] {
  const text = readFileSync(DOC, 'utf8');
  const start = text.indexOf('## Quick start');
  const end = text.indexOf('\n## ', start + 5);
  const section = text.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/```bash\n([\s\S]*?)```/g)]
    .map((m) =>
      m[1]
        .split('\n')
        .filter((line) => !line.startsWith('export '))
        .join('\n')
        .trim(),
    )
    .filter((block) => block.length > 0);
}

let ctx: TestContext;
let base: string;
let key: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `${address}/api/v1`;
  const { admin } = await demoSessions(ctx.app);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/t/demo/api-keys',
    headers: { cookie: admin },
    payload: { name: 'Quick start', scopes: ['pos:write', 'customers:write', 'read'] },
  });
  key = json(res).key;
});
afterAll(() => ctx.close());

describe('the quick start of docs/integrations.md', () => {
  it('runs every curl example against the demo tenant', async () => {
    const blocks = quickStartBlocks();
    expect(blocks.length).toBeGreaterThanOrEqual(6);
    const outputs: string[] = [];
    for (const block of blocks) {
      const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', `export BASE='${base}' KEY='${key}'\n${block}`], { timeout: 20_000 }).catch(
        (err: { stdout?: string; stderr?: string }) => {
          throw new Error(`failed: ${block}\n${err.stdout ?? ''}${err.stderr ?? ''}`);
        },
      );
      outputs.push(stdout);
    }
    const [card, earn, replay, redeem, list, customer] = outputs;
    expect(JSON.parse(card).cardUid).toBe('DEM0CARD0001');
    const first = JSON.parse(earn);
    expect(first.cashbackEarned).toBeGreaterThan(0);
    expect(replay).toMatch(/^idempotent-replayed: true\r?$/im);
    expect(JSON.parse(replay.slice(replay.indexOf('\r\n\r\n') + 4))).toEqual(first);
    expect(JSON.parse(redeem).amountRedeemed).toBe(100);
    expect(
      JSON.parse(list)
        .transactions.map((t: { type: string }) => t.type)
        .slice(0, 2),
    ).toEqual(['REDEEM', 'EARN']);
    expect(JSON.parse(customer)).toMatchObject({ firstName: 'Ada', email: 'ada@example.com' });
    expect(await unbalancedCards(ctx.db)).toEqual([]);
  });
});
