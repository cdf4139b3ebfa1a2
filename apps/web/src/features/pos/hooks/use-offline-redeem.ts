import { useQueryClient } from '@tanstack/react-query';
import { formatCents } from '@/lib/format';
import { translate } from '@/lib/i18n';
import { queueOfflineRedemption, type OfflineRedeemRefusal, type OfflineRedemption } from '@/lib/offline/redemptions';
import { useOfflineSettings } from '../api/get-offline-settings';
import { cardKeys, type PosCard } from '../api/get-card';
import { posMessages } from '../messages';

/** The cashier's text of a redemption the till refuses offline (the card holding `balanceCents`). */
function refusalText(refusal: OfflineRedeemRefusal, balanceCents: number): string {
  if (refusal === 'insufficientBalance') return translate(posMessages, 'redeemExceeds', { balance: formatCents(balanceCents) });
  const keys = { notAllowed: 'redeemNeedsConnection', overTransactionCap: 'redeemOverTransactionCap', overCardCap: 'redeemOverCardCap' } as const;
  return translate(posMessages, keys[refusal]);
}

/**
 * Offline redemptions at the POS (docs/product.md 'Offline till'): `allowed` when the Store
 * Admin's offline settings (the kept answer, read while offline) allow them, with
 * `maxPerTransactionCents`; `queue(redemption, balanceCents)` checks the caps and the card's
 * kept balance (cents) on the till and queues it, lowering the card shown by the amount. It
 * resolves to the refusal's text, or null once queued; rejects when the till could not keep it.
 */
export function useOfflineRedeem(slug: string, online: boolean) {
  const queryClient = useQueryClient();
  const settings = useOfflineSettings(slug, !online).data ?? null;
  const caps = settings?.redemptions;

  async function queue(redemption: OfflineRedemption, balanceCents: number): Promise<string | null> {
    const refusal = await queueOfflineRedemption(settings, balanceCents, redemption);
    if (refusal) return refusalText(refusal, balanceCents);
    const { cardUid, amountCents } = redemption.body;
    queryClient.setQueryData<PosCard>(cardKeys.card(slug, cardUid), (loaded) =>
      loaded ? { ...loaded, card: { ...loaded.card, balanceCents: Math.max(0, loaded.card.balanceCents - amountCents) } } : loaded,
    );
    return null;
  }

  return { allowed: Boolean(caps?.enabled), maxPerTransactionCents: caps?.maxPerTransactionCents ?? 0, queue };
}
