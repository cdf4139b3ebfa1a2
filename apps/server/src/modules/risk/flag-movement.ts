import { and, eq, ne, sql } from 'drizzle-orm';
import type { RiskFlagMovement, VelocityLimitKey } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { riskFlags } from '../../db/schema/index.ts';
import { renderRiskFlag } from '../../emails/risk-flag.tsx';
import { enqueueEmail } from '../outbox/index.ts';
import { tenantAdminContacts } from '../users/index.ts';
import { enqueueWebhookEvent } from '../webhook-endpoints/index.ts';

/**
 * Flags of the Review list written by the ledger (docs/product.md 'Velocity limits', ADR 0050):
 * a movement accepted although it crossed a limit set to flag.
 */

/** A limit a movement crossed and that accepts it with a flag: the limit, its value (a count, or cents) and the business day (YYYY-MM-DD). */
export interface CrossedLimit {
  limit: VelocityLimitKey;
  value: number;
  day: string;
}

/** A movement that crossed limits set to flag, with what it touched; `limitTexts` name each crossed limit as a refusal would. */
export interface FlaggedMovement {
  tenant: { id: string; name: string; slug: string };
  crossed: readonly CrossedLimit[];
  limitTexts: readonly string[];
  card: { id: string; uid: string };
  customerId: string | null;
  /** The staff member who made it; null for an API key. */
  userId: string | null;
  storeId: string | null;
  movement: RiskFlagMovement;
  at: Date;
  /** The service's public address, for the e-mail's link to the Review list. */
  publicUrl: string | null;
}

/**
 * Writes, in `tx` (the movement's transaction, holding the card's lock), one flag per crossed
 * limit: a new flag for the limit, subject and day, or the movement appended to the day's flag
 * (which opens again if it was reviewed). A new flag emits the `risk.flagged` webhook event; the
 * card's first flag of the day e-mails every Store Admin (at most one e-mail per card a day).
 */
export async function flagMovement(tx: DbOrTx, f: FlaggedMovement): Promise<void> {
  const tenantId = f.tenant.id;
  let first = false;
  for (const c of f.crossed) {
    const subject = c.limit === 'STAFF_REDEEM_PER_DAY' ? `staff:${f.userId}:card:${f.card.id}` : `card:${f.card.id}`;
    const [row] = await tx
      .insert(riskFlags)
      .values({
        tenantId,
        limitKey: c.limit,
        limitValue: c.value,
        subject,
        day: c.day,
        cardId: f.card.id,
        customerId: f.customerId,
        userId: f.userId,
        storeId: f.storeId,
        movements: [f.movement],
        createdAt: f.at,
      })
      .onConflictDoUpdate({
        target: [riskFlags.tenantId, riskFlags.limitKey, riskFlags.subject, riskFlags.day],
        set: { movements: sql`${riskFlags.movements} || excluded.movements`, status: 'OPEN', reviewedAt: null, reviewedBy: null },
      })
      .returning({ id: riskFlags.id, inserted: sql<boolean>`(xmax = 0)` });
    if (!row.inserted) continue;
    await enqueueWebhookEvent(
      tx,
      tenantId,
      'risk.flagged',
      {
        id: row.id,
        limit: c.limit,
        limitValue: c.value,
        day: c.day,
        cardUid: f.card.uid,
        customerId: f.customerId,
        userId: f.userId,
        storeId: f.storeId,
        movement: f.movement,
      },
      f.at,
    );
    const [earlier] = await tx
      .select({ id: riskFlags.id })
      .from(riskFlags)
      .where(and(eq(riskFlags.tenantId, tenantId), eq(riskFlags.cardId, f.card.id), eq(riskFlags.day, c.day), ne(riskFlags.id, row.id)))
      .limit(1);
    if (!earlier) first = true;
  }
  if (first) await emailAdmins(tx, f);
}

/** One message per active Store Admin, deduplicated per card and day. */
async function emailAdmins(tx: DbOrTx, f: FlaggedMovement): Promise<void> {
  const day = f.crossed[0].day;
  for (const admin of await tenantAdminContacts(tx, f.tenant.id)) {
    const message = await renderRiskFlag({
      businessName: f.tenant.name,
      firstName: admin.firstName,
      cardUid: f.card.uid,
      limitText: f.limitTexts.join('; '),
      day,
      reviewUrl: `${f.publicUrl ?? ''}/t/${f.tenant.slug}/review`,
    });
    await enqueueEmail(tx, {
      tenantId: f.tenant.id,
      kind: 'risk_flag',
      to: admin.email,
      ...message,
      dedupeKey: `risk-flag:${f.tenant.id}:${f.card.id}:${day}:${admin.email}`,
      now: f.at,
    });
  }
}
