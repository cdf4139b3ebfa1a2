import { useState } from 'react';
import type { CardResponse } from '@loyalty/contract';
import { Button } from '@/components/ui/button';
import { useAuthStore } from '@/lib/auth-store';
import { Dialog } from '@/components/ui/dialog';
import type { StoreOption } from '../hooks/use-store-options';
import { AdjustBalanceDialog } from './adjust-balance-dialog';
import { CardCustomerSection, CardFactsSection, CardQrPanel, CardStoresSection } from './card-details-sections';
import { useMessages } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/**
 * 'Card Details' modal: large QR with PNG / JPG / SVG downloads, status, balance,
 * customer information, assigned store, the tenant's store list, creation and activation dates,
 * and a link to the card's public page. An admin also gets 'Adjust balance' on a card with a
 * holder.
 */
export function CardDetailsDialog({ slug, card, stores, onClose }: { slug: string; card: CardResponse | null; stores: StoreOption[]; onClose: () => void }) {
  const isAdmin = useAuthStore((s) => s.user?.role === 'tenant_admin');
  const [adjusting, setAdjusting] = useState(false);
  const t = useMessages(cardsMessages);
  return (
    <>
      <Dialog
        open={card !== null}
        onClose={onClose}
        size="lg"
        title={t('detailsTitle')}
        description={card ? <span className="font-mono tracking-wider">{card.cardUid}</span> : undefined}
        footer={
          <>
            {isAdmin && card?.customerId && (
              <Button variant="outline" onClick={() => setAdjusting(true)}>
                {t('adjustBalance')}
              </Button>
            )}
            <Button variant="outline" onClick={onClose}>
              {t('close')}
            </Button>
          </>
        }
      >
        {card && (
          <div className="grid gap-6 sm:grid-cols-[minmax(0,15rem)_1fr]">
            <CardQrPanel slug={slug} card={card} />
            <div className="space-y-5">
              <CardFactsSection card={card} />
              <CardCustomerSection customer={card.customer} />
              {stores.length > 0 && <CardStoresSection stores={stores} storeId={card.storeId} />}
            </div>
          </div>
        )}
      </Dialog>
      <AdjustBalanceDialog slug={slug} card={adjusting ? card : null} onClose={() => setAdjusting(false)} />
    </>
  );
}
