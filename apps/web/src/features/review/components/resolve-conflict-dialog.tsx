import type { SyncConflictItem } from '@loyalty/contract';
import { CheckCircle2 } from 'lucide-react';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { useMessages } from '@/lib/i18n';
import { movementText } from '../lib/conflicts';
import { conflictMessages } from '../messages-conflicts';

/**
 * The confirmation before marking a sync conflict resolved (docs/product.md 'Offline till'): 'Mark
 * this conflict resolved?', 'Do this after you have settled it.', the conflict it is about ('Earn
 * $15.00 on card ACME00000001: This card is blocked') and the last failure (the server's text, e.g.
 * 'This conflict was already resolved'); open while `conflict` is set.
 */
export function ResolveConflictDialog({
  conflict,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  conflict: SyncConflictItem | null;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useMessages(conflictMessages);
  return (
    <ActionConfirmDialog
      open={conflict !== null}
      onClose={onClose}
      title={t('resolveTitle')}
      pending={pending}
      onConfirm={onConfirm}
      icon={CheckCircle2}
      confirmLabel={t('resolve')}
      destructive={false}
      error={error}
    >
      <p>{t('resolveText')}</p>
      {conflict && (
        <p className="text-sm text-slate-600">{t('resolveSummary', { movement: movementText(conflict), uid: conflict.cardUid, reason: conflict.message })}</p>
      )}
    </ActionConfirmDialog>
  );
}
