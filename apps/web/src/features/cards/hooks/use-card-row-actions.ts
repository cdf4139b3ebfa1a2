import { useState } from 'react';
import type { CardResponse } from '@loyalty/contract';
import { toast } from 'react-toastify';
import { isApiError } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { blockSuccessMessage, useToggleBlock } from '../api/toggle-block';
import { downloadCardQr } from '../api/qr-downloads';
import { withDownloadToasts } from '../components/download-feedback';
import { translate } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/** A 403 that means "your role may not do this" (not the subscription gate). */
const isRoleRefusal = (error: unknown) => isApiError(error, 403) && error.code === 'FORBIDDEN';

/**
 * Block/Unblock and the one-card QR download of the Cards page. Block/Unblock
 * is tenant_admin only on the server (a cashier gets 403), so `canBlock` hides it from cashiers
 * and from anyone the server refused it to. Outcomes are toasts: the block message or 'Failed
 * to update card status'; 'QR code downloaded successfully' or 'Failed to download QR code'.
 */
export function useCardRowActions(slug: string) {
  const toggleBlock = useToggleBlock(slug);
  const role = useAuthStore((s) => s.user?.role);
  const [blockRefused, setBlockRefused] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  return {
    canBlock: role !== 'cashier' && !blockRefused,
    /** Whether the block of card `uid` is on its way. */
    blockPending: (uid: string) => toggleBlock.isPending && toggleBlock.variables === uid,
    /** Whether the QR of card `uid` is downloading. */
    downloadPending: (uid: string) => downloading === uid,
    onToggleBlock: (card: CardResponse) =>
      toggleBlock.mutate(card.cardUid, {
        onSuccess: (updated) => toast.success(blockSuccessMessage(updated)),
        onError: (err) => {
          if (isRoleRefusal(err)) setBlockRefused(true);
          toast.error(translate(cardsMessages, 'blockFailed'));
        },
      }),
    onDownload: async (card: CardResponse) => {
      setDownloading(card.cardUid);
      await withDownloadToasts(() => downloadCardQr(slug, card.cardUid, 'png'), {
        success: translate(cardsMessages, 'qrDownloaded'),
        failure: translate(cardsMessages, 'qrDownloadFailed'),
        logPrefix: 'Failed to download QR code',
      });
      setDownloading(null);
    },
  };
}
