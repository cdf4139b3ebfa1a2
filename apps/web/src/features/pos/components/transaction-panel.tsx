import { useState } from 'react';
import { POS_GATE_MESSAGE } from '@loyalty/contract';
import type { PosFormProps } from '../types';
import { Gift, Wallet } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { EarnForm } from './earn-form';
import { RedeemForm } from './redeem-form';

type Mode = 'earn' | 'redeem';

const TABS: readonly TabItem<Mode>[] = [
  { value: 'earn', label: 'Earn Cashback', icon: <Gift aria-hidden="true" className="h-4 w-4" /> },
  { value: 'redeem', label: 'Redeem', icon: <Wallet aria-hidden="true" className="h-4 w-4" /> },
];

/**
 * Right column of the POS: the Earn Cashback / Redeem tabs. When the tenant cannot transact
 * (docs/product.md 'Subscription gates') it says the POS gate's message (contract
 * POS_GATE_MESSAGE) and the process buttons are disabled.
 */
export function TransactionPanel({ slug, card, storeId, canTransact, onDone }: PosFormProps) {
  const [mode, setMode] = useState<Mode>('earn');
  return (
    <Card>
      <CardContent className="space-y-4 py-5">
        {!canTransact && <Alert tone="warning">{POS_GATE_MESSAGE}</Alert>}
        <Tabs items={TABS} value={mode} onChange={setMode} label="Transaction type">
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
