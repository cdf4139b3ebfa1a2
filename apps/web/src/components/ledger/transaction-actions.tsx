import { useState } from 'react';
import type { TransactionItem } from '@loyalty/contract';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { useAuthStore } from '@/lib/auth-store';
import { ledgerActionOf } from './action-rules';
import { RefundDialog } from './refund-dialog';
import { VoidDialog } from './void-dialog';

/**
 * The lifecycle action of one ledger row: 'Refund' on EARN rows, 'Void'
 * on REDEEM rows, nothing on others. An action not allowed now stays visible but disabled
 * (aria-disabled, still focusable) with the reason in a tooltip. Opens the matching dialog.
 */
export function TransactionAction({ slug, tx }: { slug: string; tx: TransactionItem }) {
  const user = useAuthStore((s) => s.user);
  const [open, setOpen] = useState(false);
  const action = ledgerActionOf(tx, user, Date.now());
  if (!action) return null;
  const label = action.kind === 'refund' ? 'Refund' : 'Void';
  const button = (
    <Button
      size="sm"
      variant="outline"
      aria-label={`${label} transaction of ${tx.cardUid}`}
      aria-disabled={action.blockedBy ? true : undefined}
      className={action.blockedBy ? 'cursor-not-allowed opacity-60' : undefined}
      onClick={() => !action.blockedBy && setOpen(true)}
    >
      {label}
    </Button>
  );
  return (
    <>
      {action.blockedBy ? <Tooltip content={action.blockedBy}>{button}</Tooltip> : button}
      {action.kind === 'refund' ? (
        <RefundDialog slug={slug} tx={open ? tx : null} onClose={() => setOpen(false)} />
      ) : (
        <VoidDialog slug={slug} tx={open ? tx : null} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
