import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { AuditListResponse, type AuditAfter, type TypedAuditEvent } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { createTestContext, freshTenant, json, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { auditRowValues, writeAudit, writeAudits } from './write-audit.ts';

/**
 * Typed audit events (ADR 0032): a row of the wrong shape for its kind does not compile, and a
 * change made through /api/v1 names its key in audit_log.api_key_id, which the Activity list
 * and its CSV read.
 */

/**
 * Never run: each call below is checked by `tsc -p apps/server`. A `@ts-expect-error` that
 * stops being an error (the types let a wrong shape through) fails the typecheck.
 */
async function shapesAreChecked(db: DbOrTx): Promise<void> {
  // Long calls are kept on one line (prettier-ignore): a @ts-expect-error covers the next line only.
  const target = { tenantId: null, entityId: null, userId: null, apiKeyId: null, ip: null } as const;
  await writeAudit(db, { ...target, action: 'tenant.timezone.update', entity: 'tenant', before: { timezone: 'UTC' }, after: { timezone: 'Europe/Paris' } });
  await writeAudit(db, { ...target, action: 'payment_method.remove', entity: 'payment_method' });
  // @ts-expect-error an entry without its actor (user, API key, address): nothing fills it in
  await writeAudit(db, { tenantId: null, entityId: null, action: 'payment_method.remove', entity: 'payment_method' });
  // @ts-expect-error a field of another kind's shape
  await writeAudit(db, { ...target, action: 'tenant.timezone.update', entity: 'tenant', before: { timezone: 'UTC' }, after: { receiptsEnabled: true } });
  // prettier-ignore
  // @ts-expect-error money is integer cents in a number, not a string
  await writeAudit(db, { ...target, action: 'card.adjust', entity: 'card', before: { balanceCents: '5.00' }, after: { balanceCents: 0, deltaCents: -500, reason: 'x', transactionId: 't' } });
  // prettier-ignore
  // @ts-expect-error a required side left out
  await writeAudit(db, { ...target, action: 'store.update', entity: 'store', after: { name: 'A', address: null, active: true, selfEnrolment: false, selfEnrolmentDailyCap: null } });
  // prettier-ignore
  // @ts-expect-error the entity of another kind
  await writeAudit(db, { ...target, action: 'store.create', entity: 'user', after: { name: 'A', address: null, active: true, selfEnrolment: false, selfEnrolmentDailyCap: null } });
  // @ts-expect-error a side this kind never records
  await writeAudit(db, { ...target, action: 'user.invitation.accept', entity: 'user', after: { email: 'a@example.com' } });
  // @ts-expect-error an unknown kind
  await writeAudit(db, { ...target, action: 'store.explode', entity: 'store' });
  // @ts-expect-error the row values for a database function are typed as writeAudit's entry
  auditRowValues({ ...target, action: 'transaction.earn', entity: 'card', before: null, after: null });
  // prettier-ignore
  // @ts-expect-error each entry of a batch is typed too (expiredCents missing)
  await writeAudits(db, [{ ...target, action: 'cashback.expire', entity: 'transaction', before: { cardId: 'c', balanceCents: 1 }, after: { cardId: 'c', balanceCents: 0 } }]);
  const after: AuditAfter<'customer.create'> = { firstName: 'A', lastName: 'B', email: null, phone: null, tier: 'SILVER' };
  const narrowed = (e: TypedAuditEvent) => (e.action === 'api_key.create' ? e.after.prefix : null);
  void after;
  void narrowed;
}

let ctx: TestContext;
let t: FreshTenant;

beforeAll(async () => {
  ctx = await createTestContext();
  t = await freshTenant(ctx);
});
afterAll(() => ctx.close());

describe('typed audit events', () => {
  it('keeps the type checks out of the run', () => {
    expect(shapesAreChecked).toBeTypeOf('function');
  });

  it('records a change made through /api/v1 with the key in api_key_id, as the Activity list and CSV show it', async () => {
    const created = await t.req('POST', 'api-keys', { name: 'CRM sync', scopes: ['customers:write'] });
    expect(created.statusCode, created.body).toBe(201);
    const { id: keyId, key } = json(created) as { id: string; key: string };
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/customers',
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': `typed-audit-${Date.now()}` },
      payload: { firstName: 'Kay', lastName: 'Keyed', email: `kay.${Date.now()}@example.com` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const customerId = json(res).id as string;

    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, t.tenant.id), eq(auditLog.action, 'customer.create'), eq(auditLog.entityId, customerId)));
    expect(row).toMatchObject({ userId: null, apiKeyId: keyId, entity: 'customer', before: null });
    expect(row.after).toMatchObject({ firstName: 'Kay', lastName: 'Keyed', tier: 'SILVER' });

    const list = AuditListResponse.parse(json(await t.req('GET', `activity?actor=${keyId}`)));
    expect(list.items.map((e) => e.action)).toEqual(['customer.create']);
    expect(list.items[0]).toMatchObject({ entityId: customerId, actor: { kind: 'api_key', id: keyId, name: 'CRM sync' } });

    const csv = await t.req('GET', `activity.csv?actor=${keyId}`);
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ Action: 'customer.create', Actor: 'CRM sync', 'Actor Type': 'API key', 'Actor ID': keyId });
  });
});
