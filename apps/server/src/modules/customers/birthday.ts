import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Birthday, BirthdayView } from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { type TenantRequestContext } from '../../context.ts';
import { CUSTOMER_NOT_FOUND } from './texts.ts';

/**
 * A customer's birthday (docs/product.md 'Rewards'): month and day, year optional, set by staff,
 * the API or the customer. `birthday_set_at` records when it was last set or changed: the
 * birthday reward is not paid within 30 days of that, so a birthday cannot be moved to today to
 * collect it.
 */

/** The stored birthday columns of a customer. */
interface BirthdayColumns {
  birthdayMonth: number | null;
  birthdayDay: number | null;
  birthYear: number | null;
}

/** The stored columns as the API answers them (null when no month or day). */
export function birthdayView(c: BirthdayColumns): BirthdayView | null {
  return c.birthdayMonth && c.birthdayDay ? { month: c.birthdayMonth, day: c.birthdayDay, year: c.birthYear } : null;
}

/**
 * The column values that set `next` over `current` at `now`: {} when `next` is undefined (left as
 * it is) or equal to what is stored (saving a form again does not restart the 30 days); all null
 * when `next` is null (removed); else the new birthday with `birthdaySetAt` = now.
 */
export function birthdayChange(next: Birthday | null | undefined, current: BirthdayColumns, now: Date) {
  if (next === undefined) return {};
  const year = next?.year ?? null;
  if (next && next.month === current.birthdayMonth && next.day === current.birthdayDay && year === current.birthYear) return {};
  if (!next && current.birthdayMonth === null) return {};
  return next
    ? { birthdayMonth: next.month, birthdayDay: next.day, birthYear: year, birthdaySetAt: now }
    : { birthdayMonth: null, birthdayDay: null, birthYear: null, birthdaySetAt: null };
}

/**
 * PUT /api/t/{slug}/me/birthday: the signed-in customer `customerId` sets or removes their own
 * birthday (`birthdayChange`), audited 'customer.update' with the birthday before and after, in
 * one transaction. Returns `{ birthday }` as stored. Throws 404 CUSTOMER_NOT_FOUND.
 */
export async function setCustomerBirthday(
  db: Database,
  ctx: TenantRequestContext,
  customerId: string,
  birthday: Birthday | null,
): Promise<{ birthday: BirthdayView | null }> {
  const tenantId = ctx.tenant.id;
  return db.transaction(async (tx) => {
    const where = and(eq(customers.tenantId, tenantId), eq(customers.id, customerId));
    const [row] = await tx
      .select({
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        phone: customers.phone,
        birthdayMonth: customers.birthdayMonth,
        birthdayDay: customers.birthdayDay,
        birthYear: customers.birthYear,
      })
      .from(customers)
      .where(where)
      .for('update');
    if (!row) throw notFound(CUSTOMER_NOT_FOUND);
    const change = birthdayChange(birthday, row, ctx.now);
    if (Object.keys(change).length === 0) return { birthday: birthdayView(row) };
    await tx.update(customers).set(change).where(where);
    const fields = { firstName: row.firstName, lastName: row.lastName, email: row.email, phone: row.phone };
    const after = birthday ? { month: birthday.month, day: birthday.day, year: birthday.year ?? null } : null;
    await writeAudit(tx, {
      tenantId,
      ...auditActorOf(ctx),
      action: 'customer.update',
      entity: 'customer',
      entityId: customerId,
      before: { ...fields, birthday: birthdayView(row) },
      after: { ...fields, birthday: after },
    });
    return { birthday: after };
  });
}

/**
 * Customers of the tenant whose birthday is `month`/`day` (with `leapDay`, also those born on 29
 * February: their day in a year without one), not erased, whose birthday was set at or before
 * `setBefore` (the 30-day rule). Their ids, at most `limit`.
 */
export async function birthdayCustomers(
  db: DbOrTx,
  tenantId: string,
  on: { month: number; day: number; leapDay: boolean; setBefore: Date; limit: number },
): Promise<string[]> {
  const days = on.leapDay ? [on.day, 29] : [on.day];
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.tenantId, tenantId),
        eq(customers.birthdayMonth, on.month),
        inArray(customers.birthdayDay, days),
        isNull(customers.erasedAt),
        lte(customers.birthdaySetAt, on.setBefore),
      ),
    )
    .orderBy(customers.id)
    .limit(on.limit);
  return rows.map((r) => r.id);
}
