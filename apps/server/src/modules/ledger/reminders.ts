import { and, eq, isNull, gt, sql } from 'drizzle-orm';
import { formatCents } from '@loyalty/domain';
import type { Database } from '../../db/client.ts';
import { cashbackLots } from '../../db/schema/index.ts';
import { renderExpiryReminder } from '../../emails/expiry-reminder.tsx';
import { unsubscribeHeaders } from '../../emails/headers.ts';
import { rowsOf } from '../../lib/sql.ts';
import { cardQrUrl, cardUidAndHolder } from '../cards/index.ts';
import { customerContact, unsubscribeToken } from '../customers/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { enqueueWebhookEvent } from '../webhook-endpoints/index.ts';
import { findTenant } from '../tenants/index.ts';

/** Days before its expiry a lot's holder is reminded. */
export const REMINDER_DAYS = 7;
/** (card, expiry instant) groups handled per run at most; the next run (hourly) takes the rest. */
const REMINDER_BATCH = 500;

/** Where reminders link to: PUBLIC_URL and the QR token secret (the card page's token, the unsubscribe token). */
export interface ReminderLinks {
  publicUrl: string;
  secret: string;
}

/**
 * Expiry reminders: for each card with open cashback expiring within REMINDER_DAYS
 * days of `now` and not yet reminded, grouped per (card, expiry instant), soonest first, up to
 * REMINDER_BATCH groups: in ONE transaction per group, the group's lots are marked reminded
 * (`reminded_at`; a group another worker marked first is skipped) and, when the holder has an
 * e-mail and has not unsubscribed, a message is written to the outbox: the amount, the card,
 * the date in the business's time zone, the card's page and the one-click unsubscribe (dedupe
 * key `expiry-reminder:{cardId}:{expiresAt}`, so never two for one card and date). Returns the
 * number of messages written.
 */
export async function sendExpiryReminders(db: Database, now: Date, links: ReminderLinks): Promise<number> {
  const groups = rowsOf<{ tenant_id: string; card_id: string; expires_at: string | Date }>(
    await db.execute(sql`select tenant_id, card_id, expires_at from ${cashbackLots}
      where remaining_cents > 0 and reminded_at is null
        and expires_at > ${now.toISOString()}::timestamptz and expires_at <= ${now.toISOString()}::timestamptz + make_interval(days => ${REMINDER_DAYS})
      group by tenant_id, card_id, expires_at order by expires_at, card_id limit ${REMINDER_BATCH}`),
  );
  let written = 0;
  const tenants = new Map<string, Awaited<ReturnType<typeof findTenant>>>();
  for (const g of groups) {
    const expiresAt = new Date(g.expires_at);
    if (!tenants.has(g.tenant_id)) tenants.set(g.tenant_id, await findTenant(db, g.tenant_id));
    const tenant = tenants.get(g.tenant_id);
    if (!tenant) continue;
    written += await db.transaction(async (tx) => {
      const marked = await tx
        .update(cashbackLots)
        .set({ remindedAt: now })
        .where(
          and(
            eq(cashbackLots.tenantId, g.tenant_id),
            eq(cashbackLots.cardId, g.card_id),
            eq(cashbackLots.expiresAt, expiresAt),
            isNull(cashbackLots.remindedAt),
            gt(cashbackLots.remainingCents, 0),
          ),
        )
        .returning({ cents: cashbackLots.remainingCents });
      const cents = marked.reduce((sum, l) => sum + Number(l.cents), 0);
      if (cents <= 0) return 0;
      const card = await cardUidAndHolder(tx, tenant.id, g.card_id);
      if (card) {
        const data = { cardUid: card.cardUid, customerId: card.customerId, expiringCents: cents, expiresAt: expiresAt.toISOString() };
        await enqueueWebhookEvent(tx, tenant.id, 'cashback.expiring', data, now);
      }
      const contact = card?.customerId ? await customerContact(tx, tenant.id, card.customerId) : null;
      if (!card?.customerId || !contact?.email || contact.optedOut) return 0;
      const token = unsubscribeToken(links.secret, tenant.id, card.customerId);
      const message = await renderExpiryReminder({
        businessName: tenant.name,
        firstName: contact.firstName,
        amount: formatCents(cents),
        cardUid: card.cardUid,
        expiresOn: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: tenant.timezone }).format(expiresAt),
        cardUrl: cardQrUrl(links.publicUrl, links.secret, tenant.slug, card.cardUid),
        unsubscribeUrl: `${links.publicUrl}/unsubscribe?token=${token}`,
      });
      const id = await enqueueEmail(tx, {
        tenantId: tenant.id,
        kind: 'expiry_reminder',
        to: contact.email,
        ...message,
        headers: unsubscribeHeaders(`${links.publicUrl}/api/unsubscribe?token=${token}`),
        dedupeKey: `expiry-reminder:${g.card_id}:${expiresAt.toISOString()}`,
        now,
      });
      return id ? 1 : 0;
    });
  }
  return written;
}
