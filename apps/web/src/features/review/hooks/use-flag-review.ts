import { useState } from 'react';
import type { RiskFlagItem } from '@loyalty/contract';
import { toast } from 'react-toastify';
import { errorMessage } from '@/lib/api';
import { translate } from '@/lib/i18n';
import { useBlockFlagCard, useDismissFlag } from '../api/flags';
import { reviewMessages } from '../messages';

/**
 * The actions on open flags of the Review page (docs/product.md 'Velocity limits'):
 * - `dismiss(flag)` closes the flag at once and toasts 'Flag dismissed'; a refusal toasts the
 *   server's text (a 409: 'This flag was already reviewed'), else 'Failed to dismiss the flag.
 *   Please try again.'; `dismissing` is the id of the flag being dismissed.
 * - `askBlock(flag)` opens the confirmation ('Block card {{uid}}?'); `confirmBlock` blocks the card
 *   and closes the flag, then closes the dialog and toasts 'Card {{uid}} blocked'; a refusal stays in
 *   the dialog as `blockError` (the server's text). `closeBlock` cancels.
 * Either way the lists of flags refresh (api/flags.ts).
 */
export function useFlagReview(slug: string) {
  const dismissFlag = useDismissFlag(slug);
  const blockCard = useBlockFlagCard(slug);
  const [blocking, setBlocking] = useState<RiskFlagItem | null>(null);

  const dismiss = (flag: RiskFlagItem) =>
    dismissFlag.mutate(flag, {
      onSuccess: () => toast.success(translate(reviewMessages, 'dismissed')),
      onError: (err) => toast.error(errorMessage(err, translate(reviewMessages, 'dismissFailed'))),
    });

  const closeBlock = () => {
    blockCard.reset();
    setBlocking(null);
  };
  const confirmBlock = () => {
    if (!blocking) return;
    blockCard.mutate(blocking, {
      onSuccess: (flag) => {
        toast.success(translate(reviewMessages, 'blocked', { uid: flag.card.uid }));
        closeBlock();
      },
    });
  };

  return {
    dismiss,
    dismissing: dismissFlag.isPending ? dismissFlag.variables?.id : undefined,
    blocking,
    askBlock: setBlocking,
    closeBlock,
    confirmBlock,
    blockPending: blockCard.isPending,
    blockError: blockCard.isError ? errorMessage(blockCard.error, translate(reviewMessages, 'blockFailed')) : null,
  };
}
