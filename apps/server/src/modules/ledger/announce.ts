import type { DbOrTx } from '../../db/client.ts';
import { enqueueWebhookEvents, webhookSubscriptions, type WebhookEvent } from '../webhook-endpoints/index.ts';
import { ledgerItemsByIds } from './items.ts';

/**
 * Writes the webhook events of new ledger rows `ids` of tenant `tenantId` to the webhook outbox
 * in `tx`, the rows' own transaction (ADR 0020): `transaction.created` for
 * every row, whatever its type, with the row as GET /api/v1/transactions lists it
 * (TransactionItem), and `cashback.expired` for EXPIRE rows (`{ transactionId, cardUid,
 * customerId, expiredCents, balanceCents, expiredAt }`, cents). One indexed read when the
 * tenant has no endpoint subscribed to these, none when the caller passes the `subscribed`
 * event types it read in its own statement (the till's earn and redeem); the rows are read only
 * when an endpoint subscribes.
 */
export async function announceLedgerRows(tx: DbOrTx, tenantId: string, ids: readonly string[], now: Date, subscribedTypes?: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const subscribed: ReadonlySet<string> = subscribedTypes ? new Set(subscribedTypes) : await webhookSubscriptions(tx, tenantId);
  const created = subscribed.has('transaction.created');
  const expired = subscribed.has('cashback.expired');
  if (!created && !expired) return;
  const items = await ledgerItemsByIds(tx, tenantId, [...ids]);
  const events: WebhookEvent[] = [];
  for (const item of items) {
    if (created) events.push({ type: 'transaction.created', data: item });
    if (expired && item.type === 'EXPIRE') {
      events.push({
        type: 'cashback.expired',
        data: {
          transactionId: item.id,
          cardUid: item.cardUid,
          customerId: item.customerId,
          expiredCents: item.amountCents,
          balanceCents: item.afterBalanceCents,
          expiredAt: item.createdAt,
        },
      });
    }
  }
  await enqueueWebhookEvents(tx, tenantId, events, now);
}
