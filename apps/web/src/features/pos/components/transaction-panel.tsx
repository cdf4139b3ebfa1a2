import { useState } from 'react';
import { POS_GATE_MESSAGE } from '@loyalty/contract';
import type { PosFormProps } from '../types';
import { Gift, Wallet } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { useOfflineSettings } from '../api/get-offline-settings';
import { EarnForm } from './earn-form';
import { RedeemForm } from './redeem-form';
import { useMessages } from '@/lib/i18n';
import { posMessages } from '../messages';

type Mode = 'earn' | 'redeem';

/**
 * Right column of the POS: the Earn Cashback / Redeem tabs. When the tenant cannot transact
 * (docs/product.md 'Subscription gates') it says the POS gate's message (contract
 * POS_GATE_MESSAGE) and the process buttons are disabled. Once a card is loaded it reads what the
 * till may do offline, so the answer is kept for a redemption with no connection
 * (docs/product.md 'Offline till').
 */
export function TransactionPanel({ slug, card, storeId, canTransact, onDone }: PosFormProps) {
  const t = useMessages(posMessages);
  const [mode, setMode] = useState<Mode>('earn');
  useOfflineSettings(slug);
  const tabs: readonly TabItem<Mode>[] = [
    { value: 'earn', label: t('tabEarn'), icon: <Gift aria-hidden="true" className="h-4 w-4" /> },
    { value: 'redeem', label: t('tabRedeem'), icon: <Wallet aria-hidden="true" className="h-4 w-4" /> },
  ];
  return (
    <Card>
      <CardContent className="space-y-4 py-5">
        {!canTransact && <Alert tone="warning">{POS_GATE_MESSAGE}</Alert>}
        <Tabs items={tabs} value={mode} onChange={setMode} label={t('tabsLabel')}>
          {mode === 'earn' ? (
            <EarnForm slug={slug} card={card} storeId={storeId} canTransact={canTransact} onDone={onDone} />
          ) : (
            <RedeemForm slug={slug} card={card} storeId={storeId} canTransact={canTransact} onDone={onDone} />
          )}
        </Tabs>
      </CardContent>
    </Card>
  );
}
