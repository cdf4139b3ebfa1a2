import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { cards, cashbackLots, customers, expiryRules, transactions } from '../../db/schema/index.ts';
import { createTestContext, freshTenant, type TestContext } from '../../../test/helpers.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { rowsOf } from '../../lib/sql.ts';
import { openLotOf } from './lots.ts';
import { REMINDER_DAYS, sendExpiryReminders } from './reminders.ts';

/**
 * Expiry reminders, driven by the test clock: cashback expiring within 7 days gets
 * one message per card and expiry date, with the amount, the card, the date and a one-click
 * unsubscribe; never twice; not before the window; not to a customer who unsubscribed or has no
 * e-mail (their lots are marked all the same). The ledger invariant holds after each test.
 */
const DAY = 86_400_000;
let ctx: TestContext;
let smtp: TestSmtp;
const links = { publicUrl: 'https://cards.example.com', secret: 'reminder-test-secret-of-at-least-32-chars' };

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.reset();
});

/** A tenant whose card holder (e-mail `email`, or none) has a lot of 345 cents credited `daysAgo` days ago under a 30-day expiry rule. */
async function tenantWithLot(email: string | null, daysAgo: number) {
  const t = await freshTenant(ctx);
  await ctx.db.insert(expiryRules).values({ tenantId: t.tenant.id, policy: 'AFTER_EARN', days: 30 });
  await ctx.db
    .update(customers)
    .set({ email })
    .where(and(eq(customers.tenantId, t.tenant.id), eq(customers.id, t.customer.id)));
  await ctx.db.transaction(async (tx) => {
    const [card] = await tx.select().from(cards).where(eq(cards.id, t.card.id));
    const [row] = await tx
      .insert(transactions)
      .values({
        tenantId: t.tenant.id,
        cardId: t.card.id,
        customerId: t.customer.id,
        storeId: t.store.id,
        type: 'ADJUST',
        amountCents: 345,
        beforeBalanceCents: card.balanceCents,
        afterBalanceCents: card.balanceCents + 345,
        createdAt: new Date(Date.now() - daysAgo * DAY),
      })
      .returning();
    await tx
      .update(cards)
      .set({ balanceCents: card.balanceCents + 345 })
      .where(eq(cards.id, t.card.id));
    await openLotOf(tx, t.tenant.id, row.id);
  });
  return t;
}
const reminders = async (tenantId: string) =>
  rowsOf<{ to_address: string; subject: string; dedupe_key: string }>(
    await ctx.db.execute(sql`select to_address, subject, dedupe_key from outbox where tenant_id = ${tenantId} and kind = 'expiry_reminder'`),
  );

describe('sendExpiryReminders', () => {
  it('writes one reminder per card and expiry date within 7 days, with the amount, card, date and unsubscribe, and never a second', async () => {
    const t = await tenantWithLot('rita@example.com', 25);
    const now = new Date();
    expect(await sendExpiryReminders(ctx.db, now, links)).toBeGreaterThanOrEqual(1);
    const [reminder] = await reminders(t.tenant.id);
    expect(reminder.to_address).toBe('rita@example.com');
    expect(reminder.subject).toMatch(/^Your cashback expires on [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(await smtp.dispatch(ctx.db, new Date(), { publicUrl: links.publicUrl })).toMatchObject({ sent: 1 });
    const mail = smtp.messages[0];
    expect(mail.text).toContain('$3.45 of the cashback on your card');
    expect(mail.text).toContain(t.cardUid);
    expect(mail.text).toContain(`${links.publicUrl}/unsubscribe?token=${t.tenant.id}.${t.customer.id}.`);
    expect(smtp.raw[0].replace(/\r?\n[ \t]+/g, ' ')).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    // Again, even an hour later: nothing new for this card and date.
    expect(await sendExpiryReminders(ctx.db, new Date(now.getTime() + 3_600_000), links)).toBe(0);
    expect((await reminders(t.tenant.id)).length).toBe(1);
  });

  it('waits until the lot is within 7 days of its expiry', async () => {
    const t = await tenantWithLot('early@example.com', 10); // expires in about 20 days
    await sendExpiryReminders(ctx.db, new Date(), links);
    expect(await reminders(t.tenant.id)).toEqual([]);
    const [lot] = await ctx.db
      .select()
      .from(cashbackLots)
      .where(and(eq(cashbackLots.tenantId, t.tenant.id), sql`${cashbackLots.expiresAt} is not null`));
    await sendExpiryReminders(ctx.db, new Date(lot.expiresAt!.getTime() - REMINDER_DAYS * DAY + 60_000), links);
    expect((await reminders(t.tenant.id)).length).toBe(1);
  });

  it('writes nothing to a customer who unsubscribed or has no e-mail, and marks their lots all the same', async () => {
    const quiet = await tenantWithLot('quiet@example.com', 25);
    await ctx.db.update(customers).set({ emailOptOutAt: new Date() }).where(eq(customers.id, quiet.customer.id));
    const silent = await tenantWithLot(null, 25);
    await sendExpiryReminders(ctx.db, new Date(), links);
    expect(await reminders(quiet.tenant.id)).toEqual([]);
    expect(await reminders(silent.tenant.id)).toEqual([]);
    const unmarked = await ctx.db
      .select()
      .from(cashbackLots)
      .where(and(eq(cashbackLots.cardId, quiet.card.id), sql`${cashbackLots.expiresAt} is not null and ${cashbackLots.remindedAt} is null`));
    expect(unmarked).toEqual([]);
  });
});
