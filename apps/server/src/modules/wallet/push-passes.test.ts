import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import AdmZip from 'adm-zip';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startJobQueue } from '../../db/job-queue.ts';
import { walletPasses, walletRegistrations } from '../../db/schema/index.ts';
import { createTestContext, freshTenant, idempotencyKey, type TestContext } from '../../../test/helpers.ts';
import { startWalletPushWorker } from './push-job.ts';
import { PUSH_RETRY_MS, pushChangedPasses } from './push-passes.ts';

/**
 * Pass-update pushes (ADR 0046) against a local HTTP/2 server standing in for APNs (APNS_URL,
 * cleartext outside production): one push per registered device after a change, none after a
 * replayed earn, 410 removes the registration, other failures are tried again.
 */
interface Received {
  path: string;
  topic: string | undefined;
  body: string;
}
const apns = { received: [] as Received[], statusOf: new Map<string, number>(), server: http2.createServer() };
let ctx: TestContext;
beforeAll(async () => {
  apns.server.on('stream', (stream, headers) => {
    let body = '';
    stream.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    stream.on('end', () => {
      const path = String(headers[':path']);
      apns.received.push({ path, topic: headers['apns-topic'] as string | undefined, body });
      const token = decodeURIComponent(path.replace('/3/device/', ''));
      stream.respond({ ':status': apns.statusOf.get(token) ?? 200 });
      stream.end();
    });
  });
  await new Promise<void>((resolve) => apns.server.listen(0, '127.0.0.1', resolve));
  ctx = await createTestContext({ APNS_URL: `http://127.0.0.1:${(apns.server.address() as AddressInfo).port}` });
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => apns.server.close(resolve));
});
beforeEach(() => {
  apns.received = [];
  apns.statusOf.clear();
});

/** A fresh business whose card's pass is registered by `devices` (each with push token `<device>-token`). */
async function registeredPass(devices: string[]) {
  const t = await freshTenant(ctx, { balanceCents: 1000, idempotencyKeys: true });
  const res = await t.req('GET', `cards/${t.cardUid}/wallet/apple`);
  const pass = JSON.parse(new AdmZip(res.rawPayload).readAsText('pass.json'));
  for (const device of devices) {
    const registered = await ctx.app.inject({
      method: 'POST',
      url: `/api/wallet/apple/v1/devices/${device}/registrations/${pass.passTypeIdentifier}/${pass.serialNumber}`,
      headers: { authorization: `ApplePass ${pass.authenticationToken}` },
      payload: { pushToken: `${device}-token` },
    });
    expect(registered.statusCode).toBe(201);
  }
  const earn = (headers: Record<string, string> = idempotencyKey()) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/t/${t.slug}/transactions/earn`,
      headers: { cookie: t.cookie, ...headers },
      payload: { cardUid: t.cardUid, amountCents: 2000 },
    });
  return { t, pass, earn };
}
const pushedTo = () => apns.received.map((r) => r.path).sort();
const devicesOf = async (passTypeIdentifier: string, serialNumber: string) => {
  const [row] = await ctx.db.select().from(walletPasses).where(eq(walletPasses.serialNumber, serialNumber));
  expect(row!.passTypeIdentifier).toBe(passTypeIdentifier);
  return (await ctx.db.select().from(walletRegistrations).where(eq(walletRegistrations.passId, row!.id))).map((r) => r.deviceLibraryIdentifier).sort();
};

describe('pushChangedPasses', () => {
  it('pushes once to every device registered for a pass after an earn, with the Pass Type ID as topic and an empty payload; nothing when nothing changed', async () => {
    const uniq = Date.now();
    const { pass, earn } = await registeredPass([`a${uniq}`, `b${uniq}`]);
    // Downloading and registering change nothing the pass shows.
    expect(await pushChangedPasses(ctx.db, ctx.config, new Date())).toMatchObject({ pushed: 0 });
    expect(apns.received).toEqual([]);

    expect((await earn()).statusCode).toBe(200);
    expect(await pushChangedPasses(ctx.db, ctx.config, new Date())).toEqual({ passes: 1, pushed: 2, removed: 0, retrying: 0 });
    expect(pushedTo()).toEqual([`/3/device/a${uniq}-token`, `/3/device/b${uniq}-token`]);
    for (const r of apns.received) expect([r.topic, r.body]).toEqual([pass.passTypeIdentifier, '{}']);

    apns.received = [];
    expect(await pushChangedPasses(ctx.db, ctx.config, new Date())).toEqual({ passes: 0, pushed: 0, removed: 0, retrying: 0 });
    expect(apns.received).toEqual([]);
  });

  it('sends nothing after a replayed earn (the same Idempotency-Key): the balance did not change', async () => {
    const { earn } = await registeredPass([`r${Date.now()}`]);
    const key = idempotencyKey();
    expect((await earn(key)).statusCode).toBe(200);
    await pushChangedPasses(ctx.db, ctx.config, new Date());
    apns.received = [];
    const replay = await earn(key);
    expect(replay.statusCode).toBe(200);
    expect(await pushChangedPasses(ctx.db, ctx.config, new Date())).toMatchObject({ pushed: 0 });
    expect(apns.received).toEqual([]);
  });

  it('removes the registration APNs answers 410 for, and keeps the others', async () => {
    const uniq = Date.now();
    const { pass, earn } = await registeredPass([`gone${uniq}`, `kept${uniq}`]);
    apns.statusOf.set(`gone${uniq}-token`, 410);
    expect((await earn()).statusCode).toBe(200);
    expect(await pushChangedPasses(ctx.db, ctx.config, new Date())).toEqual({ passes: 1, pushed: 1, removed: 1, retrying: 0 });
    expect(await devicesOf(pass.passTypeIdentifier, pass.serialNumber)).toEqual([`kept${uniq}`]);
  });

  it('tries a failed push again after the wait, and not before', async () => {
    const device = `flaky${Date.now()}`;
    const { earn } = await registeredPass([device]);
    apns.statusOf.set(`${device}-token`, 503);
    expect((await earn()).statusCode).toBe(200);
    const now = new Date();
    expect(await pushChangedPasses(ctx.db, ctx.config, now)).toEqual({ passes: 1, pushed: 0, removed: 0, retrying: 1 });
    apns.received = [];
    expect(await pushChangedPasses(ctx.db, ctx.config, new Date(now.getTime() + PUSH_RETRY_MS[0]! - 1000))).toMatchObject({ passes: 0 });
    expect(apns.received).toEqual([]);
    apns.statusOf.clear();
    expect(await pushChangedPasses(ctx.db, ctx.config, new Date(now.getTime() + PUSH_RETRY_MS[0]! + 1000))).toEqual({
      passes: 1,
      pushed: 1,
      removed: 0,
      retrying: 0,
    });
    expect(pushedTo()).toEqual([`/3/device/${device}-token`]);
  });

  it('marks a changed pass without devices as pushed, sending nothing', async () => {
    const { pass, earn } = await registeredPass([]);
    expect((await earn()).statusCode).toBe(200);
    expect(await pushChangedPasses(ctx.db, ctx.config, new Date())).toEqual({ passes: 1, pushed: 0, removed: 0, retrying: 0 });
    expect(apns.received).toEqual([]);
    const [row] = await ctx.db.select().from(walletPasses).where(eq(walletPasses.serialNumber, pass.serialNumber));
    expect(row!.pushedAt.getTime()).toBe(row!.updatedAt.getTime());
  });
});

describe('startWalletPushWorker', () => {
  it('pushes within seconds of a nudge, through pg-boss', async () => {
    const device = `worker${Date.now()}`;
    const { earn } = await registeredPass([device]);
    const queue = startJobQueue(ctx.handle, ctx.app.log, ctx.databaseUrl);
    try {
      const worker = startWalletPushWorker(queue, ctx.handle, ctx.app.log, ctx.config, () => new Date());
      expect((await earn()).statusCode).toBe(200);
      for (let i = 0; i < 60 && apns.received.length === 0; i++) {
        worker.nudge();
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(pushedTo()).toEqual([`/3/device/${device}-token`]);
    } finally {
      await queue.stop();
    }
  });
});
