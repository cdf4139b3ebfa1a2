import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';
import { writeAudit } from '../audit/index.ts';

/** How messages reach a customer: their contact, the unsubscribe token and the opt-out it carries. */

/** The stored id (canonical lower-case form) of customer `customerId` of the tenant, or null when there is none (no lock). */
export async function findCustomerId(db: DbOrTx, tenantId: string, customerId: string): Promise<string | null> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  return customer?.id ?? null;
}

/** A customer as a message to them needs it: e-mail (null: none), first name, and whether they unsubscribed. */
export interface CustomerContact {
  email: string | null;
  firstName: string;
  optedOut: boolean;
  /** Their referral code (docs/product.md 'Rewards'). */
  referralCode: string;
}

/** The contact of customer `customerId` of the tenant, or null (docs/product.md 'E-mail'). */
export async function customerContact(db: DbOrTx, tenantId: string, customerId: string): Promise<CustomerContact | null> {
  const [row] = await db
    .select({ email: customers.email, firstName: customers.firstName, optOut: customers.emailOptOutAt, referralCode: customers.referralCode })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  return row ? { email: row.email, firstName: row.firstName, optedOut: row.optOut !== null, referralCode: row.referralCode } : null;
}

/** The signature of an unsubscribe token: HMAC-SHA256 of 'unsubscribe:{tenantId}:{customerId}' under `secret`, 128 bits, base64url. */
function unsubscribeSignature(secret: string, tenantId: string, customerId: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${tenantId}:${customerId}`).digest().subarray(0, 16).toString('base64url');
}

/**
 * The one-click unsubscribe token of a customer (docs/product.md 'E-mail'): `{tenantId}.{customerId}.{signature}`,
 * carried by the link in every customer message and its List-Unsubscribe header; it never expires.
 */
export function unsubscribeToken(secret: string, tenantId: string, customerId: string): string {
  return `${tenantId}.${customerId}.${unsubscribeSignature(secret, tenantId, customerId)}`;
}

/**
 * POST /api/unsubscribe (docs/product.md 'E-mail'): records that the customer of `token` unsubscribed at `ctx.now`
 * (kept when already set; the first opt-out writes the audit event 'customer.email_opt_out',
 * actor the system, address `ctx.ip`) and returns their business's tenant id; null when the token is
 * malformed, its signature is wrong (constant-time check) or the customer is gone.
 */
export async function optOutByToken(db: DbOrTx, secret: string, token: string, ctx: RequestContext): Promise<string | null> {
  const { now } = ctx;
  const [tenantId, customerId, signature] = token.split('.');
  if (!isUuid(tenantId) || !isUuid(customerId) || !signature) return null;
  const expected = Buffer.from(unsubscribeSignature(secret, tenantId, customerId));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const customer = and(eq(customers.tenantId, tenantId), eq(customers.id, customerId));
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(customers)
      .set({ emailOptOutAt: now })
      .where(and(customer, sql`${customers.emailOptOutAt} is null`))
      .returning({ tenantId: customers.tenantId });
    if (changed) {
      // The holder's own opt-out: no user or key acted, so the actor is the system, from the link's client address.
      await writeAudit(tx, {
        tenantId,
        userId: null,
        apiKeyId: null,
        ip: ctx.ip,
        action: 'customer.email_opt_out',
        entity: 'customer',
        entityId: customerId,
        before: { emailOptOutAt: null },
        after: { emailOptOutAt: now.toISOString() },
      });
      return changed.tenantId;
    }
    const [already] = await tx.select({ tenantId: customers.tenantId }).from(customers).where(customer);
    return already?.tenantId ?? null;
  });
}
