import { Wallet } from 'lucide-react';
import { useAppleWalletAvailable } from '@/api/get-wallet-availability';
import { cn } from '@/lib/cn';
import { useMessages } from '@/lib/i18n';
import { componentsMessages } from './messages';

/**
 * The public Apple Wallet pass download of a card, from the address of its public page (what
 * its QR encodes, `{PUBLIC_URL}/{slug}/c/{cardUid}?t={token}`): `/api/{slug}/c/{cardUid}/wallet/apple?t={token}`.
 */
export function applePassUrlOf(cardPageUrl: string): string {
  const page = new URL(cardPageUrl, window.location.origin);
  return `/api${page.pathname}/wallet/apple${page.search}`;
}

/**
 * 'Add to Apple Wallet': a link that downloads the card's pass (`href`, one of the wallet
 * routes of docs/product.md 'Wallet passes'); a phone opens it in Wallet. Shown only where the
 * install issues Apple passes (`useAppleWalletAvailable`); renders nothing otherwise.
 */
export function AddToAppleWallet({ href, className }: { href: string; className?: string }) {
  const available = useAppleWalletAvailable();
  const t = useMessages(componentsMessages);
  if (!available) return null;
  return (
    <a
      href={href}
      download
      className={cn(
        'inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-black px-4 text-sm font-medium text-white shadow-sm hover:bg-slate-800 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:outline-none',
        className,
      )}
    >
      <Wallet aria-hidden="true" className="h-4 w-4" />
      {t('addToAppleWallet')}
    </a>
  );
}
