import type { RiskFlagItem } from '@loyalty/contract';
import { Ban } from 'lucide-react';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { useMessages } from '@/lib/i18n';
import { reviewMessages } from '../messages';

/**
 * The confirmation before blocking a flag's card (docs/product.md 'Velocity limits'): 'Block card
 * {{uid}}?', what blocking does, and the last failure (the server's text, e.g. 'This flag was
 * already reviewed'); open while `flag` is set.
 */
export function BlockCardDialog({
  flag,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  flag: RiskFlagItem | null;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useMessages(reviewMessages);
  const uid = flag?.card.uid ?? '';
  return (
    <ActionConfirmDialog
      open={flag !== null}
      onClose={onClose}
      title={t('blockTitle', { uid })}
      pending={pending}
      onConfirm={onConfirm}
      icon={Ban}
      confirmLabel={t('block')}
      error={error}
    >
      <p>{t('blockText')}</p>
    </ActionConfirmDialog>
  );
}
